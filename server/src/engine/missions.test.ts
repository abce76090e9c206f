import { compileInk, lenaContext } from "../../test/support/ink";
import { describe, expect, it } from "vitest";
import { createScript } from "./engine";
import type { StationScript, StepResult } from "./types";

const ctx = lenaContext(5, "Das ist es noch nicht ganz.");

function script(source: string): StationScript {
  return createScript(compileInk(source), ctx);
}

const texts = (result: StepResult) =>
  result.messages.map((m) => (m.kind === "text" ? m.text : m.contentRef));

const dragon = `VAR points = 0
Zeig mir den Drachen am Brunnen!
+ [Der Drache am Marktbrunnen #photo #points: 3]
    Genau der!
+ [#rejected]
    Schade. Such weiter!
+ [Tipp, bitte]
    Er speit Wasser.
- Weiter zum Schloss!
-> END
`;

describe("a mission in the script", () => {
  it("waits for the photo, the task as the host reads it, and offers only the other buttons", () => {
    const start = script(dragon).start();
    expect(texts(start)).toEqual(["Zeig mir den Drachen am Brunnen!"]);
    expect(start.awaiting.mission).toEqual({
      kind: "photo",
      points: 3,
      auto: false,
      task: "Der Drache am Marktbrunnen",
    });
    expect(start.awaiting.answer).toBe(false);
    expect(start.awaiting.buttons.map((b) => b.text)).toEqual(["Tipp, bitte"]);
  });

  it("goes on by the approval with the host's line first, and adds the mission's points", () => {
    const story = script(dragon);
    const approved = story.step(story.start().state, {
      kind: "verdict",
      approved: true,
      line: "Wunderbar, genau der Drache!",
    });
    expect(texts(approved)).toEqual([
      "Wunderbar, genau der Drache!",
      "Genau der!",
      "Weiter zum Schloss!",
    ]);
    expect([approved.done, approved.points, approved.wrong]).toEqual([true, 3, undefined]);
  });

  it("adds the points the host gives instead, capped at the station's", () => {
    const story = script(dragon);
    const start = story.start().state;
    expect(story.step(start, { kind: "verdict", approved: true, points: 1 }).points).toBe(1);
    expect(story.step(start, { kind: "verdict", approved: true, points: 9 }).points).toBe(5);
  });

  it("takes the [#rejected] choice when the host rejects it", () => {
    const story = script(dragon);
    const rejected = story.step(story.start().state, { kind: "verdict", approved: false });
    expect(texts(rejected)).toEqual(["Schade. Such weiter!", "Weiter zum Schloss!"]);
    expect([rejected.points, rejected.wrong]).toEqual([0, true]);
  });

  it("without a [#rejected] choice keeps the mission open after the rejection", () => {
    const story = script(`Zeig mir den Drachen!
* [#video: 20s #auto]
    Toll!
-> END
`);
    const start = story.start();
    expect(start.awaiting.mission).toEqual({
      kind: "video",
      maxSeconds: 20,
      points: 0,
      auto: true,
      task: "",
    });
    const rejected = story.step(start.state, { kind: "verdict", approved: false });
    expect(texts(rejected)).toEqual(["Das ist es noch nicht ganz."]);
    expect([rejected.state, rejected.wrong, rejected.awaiting.mission?.kind]).toEqual([
      start.state,
      true,
      "video",
    ]);
    // The host's own line instead of the pack's.
    const told = story.step(start.state, { kind: "verdict", approved: false, line: "Zu dunkel." });
    expect(texts(told)).toEqual(["Zu dunkel."]);
  });

  it("refuses a verdict where no mission waits, and a tap on a mission's choice", () => {
    const story = script(dragon);
    const start = story.start();
    // The hint's button is the wait's third choice; the photo's is its first.
    const hint = start.awaiting.buttons[0]?.target ?? "";
    expect(hint).toMatch(/\.2$/);
    const photoTarget = hint.replace(/\.2$/, ".0");
    expect(story.step(start.state, { kind: "button", target: photoTarget }).accepted).toBe(false);
    expect(texts(story.step(start.state, { kind: "button", target: hint }))).toContain(
      "Er speit Wasser.",
    );
    const quiz = script("Welches Tier?\n+ [Hahn #answer]\n    Ja!\n-> END\n");
    const asked = quiz.start();
    const verdict = quiz.step(asked.state, { kind: "verdict", approved: true });
    expect([verdict.accepted, verdict.state]).toEqual([false, asked.state]);
  });
});
