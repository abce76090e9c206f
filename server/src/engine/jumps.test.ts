import { describe, it, expect } from "vitest";
import { compileInk, lenaContext } from "../../test/support/ink";
import { createScript } from "./engine";
import { jumpTargets } from "./jumps";
import type { StepResult } from "./types";

const ctx = lenaContext(10);

/** A riddle with buttons first, a typed question, a way out and a function. */
const source = `VAR points = 0
Bereit?
+ [Ja] -> frage
+ [Nein] -> frage

== frage ==
Welches Tier kräht auf dem Turm?
+ [Hahn #answer]
    Genau!
    ~ points = bonus(5)
    -> schluss
+ [#answer]
    Nein.
    -> frage

== abkuerzung ==
= dort
Die Spielleitung schickt euch weiter.
-> schluss

== schluss ==
Danke!
-> END

== mit_parameter(x) ==
{x}
-> END

== function bonus(n) ==
~ return n + 1
`;

function compiled(): string {
  return compileInk(source);
}

function texts(result: StepResult): string[] {
  return result.messages.map((m) => (m.kind === "text" ? m.text : m.contentRef));
}

describe("a host's jump", () => {
  it("lists the script's knots, without functions, parameters or declarations", () => {
    expect(jumpTargets(compiled())).toEqual(["frage", "abkuerzung", "schluss"]);
    expect(jumpTargets(JSON.stringify({ inkVersion: 21, root: [] }))).toEqual([]);
  });

  it("continues at the knot from a wait for buttons: its lines, then its wait", () => {
    const script = createScript(compiled(), ctx);
    const start = script.start();
    expect(start.awaiting.buttons.map((b) => b.text)).toEqual(["Ja", "Nein"]);
    const jumped = script.step(start.state, { kind: "jump", knot: "frage" });
    expect(jumped.accepted).toBe(true);
    expect(jumped.echo).toBeUndefined();
    expect(texts(jumped)).toEqual(["Welches Tier kräht auf dem Turm?"]);
    expect(jumped.awaiting).toEqual({ answer: true, buttons: [] });
    expect(jumped.newQuestion).toBe(true);
    // The old wait's button is gone: its target no longer fits.
    const old = start.awaiting.buttons[0]?.target ?? "";
    expect(script.step(jumped.state, { kind: "button", target: old }).accepted).toBe(false);
    const solved = script.step(jumped.state, { kind: "answer", text: "hahn" });
    expect(texts(solved)).toEqual(["Genau!", "Danke!"]);
    expect(solved).toMatchObject({ done: true, points: 6 });
  });

  it("moves a team past a question it cannot answer, to the end", () => {
    const script = createScript(compiled(), ctx);
    const asked = script.step(script.start().state, { kind: "jump", knot: "frage" });
    const moved = script.step(asked.state, { kind: "jump", knot: "abkuerzung" });
    expect(texts(moved)).toEqual(["Die Spielleitung schickt euch weiter.", "Danke!"]);
    expect(moved).toMatchObject({ done: true, points: 0, accepted: true });
  });

  it("refuses a knot the script does not have, a function and a knot with parameters", () => {
    const script = createScript(compiled(), ctx);
    const start = script.start();
    for (const knot of ["nirgends", "bonus", "mit_parameter", "global decl", "abkuerzung.dort"]) {
      const refused = script.step(start.state, { kind: "jump", knot });
      expect(refused.accepted).toBe(false);
      expect(refused.state).toBe(start.state);
    }
  });
});
