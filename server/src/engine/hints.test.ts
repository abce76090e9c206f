import { describe, it, expect } from "vitest";
import { compileInk, lenaContext } from "../../test/support/ink";
import { createScript } from "./engine";
import type { StationScript, StepResult } from "./types";

const ctx = lenaContext(10);

function script(source: string): StationScript {
  return createScript(compileInk(source), ctx);
}

function texts(result: StepResult): string[] {
  return result.messages.map((m) => (m.kind === "text" ? m.text : m.contentRef));
}

/** A riddle with a ladder of two hints, the first for 2 points, the second for 3. */
const ladder = script(`VAR points = 0
Welches Tier kräht auf dem Turm?
- (frage)
+ [Hahn / Gockel #answer]
    Genau!
    ~ points += 10
    -> END
* [Tipp, bitte #hint: 2]
    Es hat einen roten Kamm.
    -> frage
* [Noch ein Tipp #hint: 3]
    Es weckt dich am Morgen.
    -> frage
+ [#answer]
    Nein.
    -> frage
`);

function hintButton(result: StepResult) {
  const button = result.awaiting.buttons.find((b) => b.hint !== undefined);
  if (!button) throw new Error("no hint offered");
  return button;
}

describe("hints", () => {
  it("offers one hint button at a time, the ladder's next, with its cost", () => {
    const start = ladder.start();
    expect(start.awaiting.answer).toBe(true);
    expect(start.awaiting.buttons).toEqual([
      { target: expect.any(String), text: "Tipp, bitte", hint: { cost: 2 } },
    ]);
    const first = ladder.step(start.state, { kind: "button", target: hintButton(start).target });
    expect(first).toMatchObject({ echo: "Tipp, bitte", hint: true, accepted: true });
    expect(texts(first)).toEqual(["Es hat einen roten Kamm."]);
    // Still the same question: the app keeps its duplicate check.
    expect(first.newQuestion).toBeUndefined();
    expect(first.awaiting.buttons).toEqual([
      { target: expect.any(String), text: "Noch ein Tipp", hint: { cost: 3 } },
    ]);
    const second = ladder.step(first.state, { kind: "button", target: hintButton(first).target });
    expect(texts(second)).toEqual(["Es weckt dich am Morgen."]);
    expect(second.awaiting.buttons).toEqual([]);
    expect(second.awaiting.answer).toBe(true);
  });

  it("takes each hint's cost off what the right answer awards, never below 0", () => {
    const start = ladder.start();
    const first = ladder.step(start.state, { kind: "button", target: hintButton(start).target });
    // Below 0 while the riddle is open: the station awards 0 until it is solved.
    expect(first.points).toBe(0);
    const right = ladder.step(first.state, { kind: "answer", text: "Hahn" });
    expect(right).toMatchObject({ done: true, points: 8 });
    const second = ladder.step(first.state, { kind: "button", target: hintButton(first).target });
    expect(ladder.step(second.state, { kind: "answer", text: "gockel" }).points).toBe(5);
    expect(ladder.step(start.state, { kind: "answer", text: "Hahn" }).points).toBe(10);
  });

  it("gives a host's hint without an echo, at its cost or free", () => {
    const start = ladder.start();
    const costs = ladder.step(start.state, { kind: "hint", free: false });
    expect(costs.echo).toBeUndefined();
    expect(costs).toMatchObject({ hint: true, accepted: true });
    expect(texts(costs)).toEqual(["Es hat einen roten Kamm."]);
    expect(ladder.step(costs.state, { kind: "answer", text: "Hahn" }).points).toBe(8);
    const free = ladder.step(start.state, { kind: "hint", free: true });
    expect(texts(free)).toEqual(["Es hat einen roten Kamm."]);
    expect(ladder.step(free.state, { kind: "answer", text: "Hahn" }).points).toBe(10);
  });

  it("refuses a hint where none is left, and an older rung's button", () => {
    const start = ladder.start();
    const first = ladder.step(start.state, { kind: "hint", free: true });
    const second = ladder.step(first.state, { kind: "hint", free: true });
    const none = ladder.step(second.state, { kind: "hint", free: false });
    expect(none).toMatchObject({ accepted: false, messages: [] });
    expect(none.hint).toBeUndefined();
    // The second rung's choice, tapped while the first is still offered: not a button now.
    const both = ladder.step(start.state, { kind: "button", target: "0.2" });
    expect(both.accepted).toBe(false);
  });

  it("a wrong answer is no hint, and a sticky hint is offered again", () => {
    const sticky = script(`VAR points = 5
- (frage) Wer?
+ [Lena #answer]
    -> END
+ [Tipp #hint: 1]
    Sie führt dich.
    -> frage
`);
    const start = sticky.start();
    const wrong = sticky.step(start.state, { kind: "answer", text: "Max" });
    expect(wrong.hint).toBeUndefined();
    expect(wrong.wrong).toBe(true);
    const first = sticky.step(start.state, { kind: "button", target: hintButton(start).target });
    expect(first.points).toBe(4);
    expect(hintButton(first)).toMatchObject({ text: "Tipp", hint: { cost: 1 } });
  });
});
