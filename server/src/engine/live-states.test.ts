import { describe, expect, it } from "vitest";
import { compileInk, lenaContext } from "../../test/support/ink";
import { createScript } from "./engine";
import { LiveStates } from "./live-states";
import type { Input, StepResult } from "./types";

const ctx = lenaContext(5);

/** A riddle that loops on wrong answers, with a paid hint, a tap and a knot to jump to. */
const riddle = `VAR points = 0
VAR tries = 0
Hallo! {~Schön|Fein}, dass du da bist.
- (frage)
Welches Tier kräht zur vollen Stunde?
* [Tipp #hint: 1]
    Es weckt alle auf.
    -> frage
+ [Hahn / Gockel #answer]
    Genau!
    ~ points += 4
    -> weiter
+ [#answer]
    ~ tries += 1
    Nicht ganz, Versuch {tries}.
    -> frage
= weiter
Tor oder Treppe?
+ [Tor] Tor. -> ende
+ [Treppe] Treppe. -> ende
== ende ==
Bis bald!
-> END
`;

const json = compileInk(riddle);

/** The inputs of a run, each chosen from what the last step offers. */
type Move = Input | ((last: StepResult) => Input);
const wrong: Move = { kind: "answer", text: "Katze" };
const tapFirst: Move = (last) => ({ kind: "button", target: at(last.awaiting.buttons, 0).target });

type Step = (state: string, input: Input) => StepResult;

function at<T>(list: T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

function play(step: Step, start: StepResult, moves: Move[]): StepResult[] {
  const results = [start];
  for (const move of moves) {
    const last = at(results, -1);
    results.push(step(last.state, typeof move === "function" ? move(last) : move));
  }
  return results;
}

const moves: Move[] = [
  wrong,
  wrong,
  { kind: "hint", free: false },
  { kind: "answer", text: "Eule" },
  { kind: "answer", text: "Gockel" },
  { kind: "answer", text: "Hahn" }, // refused: the station waits for a tap now
  tapFirst,
];

describe("live ink states between a run's steps", () => {
  it("step exactly as states restored from their JSON, and are used", () => {
    const restored = createScript(json, ctx);
    const live = new LiveStates();
    const kept = createScript(json, ctx, live);
    const expected = play(restored.step, restored.start(), moves);
    const got = play(
      (state, input) => kept.step(state, input, "s-anna"),
      kept.start("s-anna"),
      moves,
    );
    expect(got).toEqual(expected);
    expect(got.at(-1)?.done).toBe(true);
    expect(got.at(-1)?.points).toBe(3);
    // Every step after the start found its state live.
    expect(live.hits).toBe(moves.length);
  });

  it("take a host's jump as restored ones do", () => {
    const restored = createScript(json, ctx);
    const kept = createScript(json, ctx, new LiveStates());
    const jumped: Move[] = [wrong, { kind: "jump", knot: "ende" }];
    const got = play(
      (state, input) => kept.step(state, input, "s-anna"),
      kept.start("s-anna"),
      jumped,
    );
    expect(got).toEqual(play(restored.step, restored.start(), jumped));
    expect(got.at(-1)?.done).toBe(true);
  });

  it("are each run's own, also where two runs stand at the same place", () => {
    const restored = createScript(json, ctx);
    const live = new LiveStates();
    const kept = createScript(json, ctx, live);
    const anna = kept.start("s-anna");
    const ben = kept.start("s-ben");
    expect(ben.state).toBe(anna.state);
    const a = kept.step(anna.state, { kind: "answer", text: "Hahn" }, "s-anna");
    const b = kept.step(ben.state, { kind: "answer", text: "Katze" }, "s-ben");
    expect(a).toEqual(restored.step(anna.state, { kind: "answer", text: "Hahn" }));
    expect(b).toEqual(restored.step(ben.state, { kind: "answer", text: "Katze" }));
    expect(kept.step(a.state, tapFirst(a), "s-anna")).toEqual(restored.step(a.state, tapFirst(a)));
    expect(kept.step(b.state, wrong as Input, "s-ben")).toEqual(
      restored.step(b.state, wrong as Input),
    );
    expect(live.hits).toBe(4);
  });

  it("are restored from the JSON a call brings when the run changed elsewhere", () => {
    const restored = createScript(json, ctx);
    const live = new LiveStates();
    const kept = createScript(json, ctx, live);
    const start = kept.start("s-anna");
    kept.step(start.state, wrong as Input, "s-anna");
    // Another instance took the run on from its start: this call brings that state.
    const elsewhere = restored.step(start.state, { kind: "answer", text: "Hahn" });
    const next = kept.step(elsewhere.state, tapFirst(elsewhere), "s-anna");
    expect(next).toEqual(restored.step(elsewhere.state, tapFirst(elsewhere)));
    expect(live.hits).toBe(1);
  });

  it("are kept for at most `limit` runs: the one longest without a step is restored", () => {
    const restored = createScript(json, ctx);
    const live = new LiveStates(2);
    const kept = createScript(json, ctx, live);
    const runs = ["s-anna", "s-ben", "s-cem"];
    const started = runs.map((run) => kept.start(run));
    expect(live.size).toBe(2);
    const hits = live.hits;
    const next = runs.map((run, i) => kept.step(at(started, i).state, wrong as Input, run));
    expect(next).toEqual(started.map((start) => restored.step(start.state, wrong as Input)));
    // Anna's had gone when Cem's was kept, and each step's state pushed out the next run's.
    expect(live.hits - hits).toBe(0);
    expect(kept.step(at(next, 2).state, wrong as Input, "s-cem")).toEqual(
      restored.step(at(next, 2).state, wrong as Input),
    );
    expect(live.hits - hits).toBe(1);
  });

  it("are not used from a story a runaway step replaced", () => {
    const loop = compileInk("Los.\n+ [#answer] -> schleife\n== schleife ==\n-> schleife\n");
    const live = new LiveStates();
    const kept = createScript(loop, ctx, live);
    const start = kept.start("s-anna");
    expect(() => kept.step(start.state, { kind: "answer", text: "x" }, "s-anna")).toThrow(
      /endless loop/,
    );
    // The state is restored from its JSON into the new story, and runs away the same way.
    expect(() => kept.step(start.state, { kind: "answer", text: "x" }, "s-anna")).toThrow(
      /endless loop/,
    );
    // Only the first step found its state (the start's) live.
    expect(live.hits).toBe(1);
  });
});
