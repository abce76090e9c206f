// Over 300 lines: the engine's whole contract, a describe per rule.
import { afterEach, describe, it, expect, vi } from "vitest";
import { compileInk, lenaContext } from "../../test/support/ink";
import { comparableAnswer, matchesAnswer } from "./answers";
import { createScript } from "./engine";
import type { ScriptContext, StationScript, StepResult } from "./types";

const ctx = lenaContext(3);

function script(source: string, context: ScriptContext = ctx): StationScript {
  return createScript(compileInk(source), context);
}

function texts(result: StepResult): string[] {
  return result.messages.map((m) => (m.kind === "text" ? m.text : m.contentRef));
}

const worked = `VAR points = 0
Hallo! Ich bin Lena, die Stadtführerin.
stations/1/rathaus.jpg #content
Schau hinauf zur Rathausuhr.
- (frage)
Welches Tier kräht dort zur vollen Stunde?
+ [Hahn / Gockel / Gickel #answer]
    Genau, der Gockel!
    ~ points = 3
+ [#answer]
    Hm, nicht ganz. Schau noch einmal genau hin.
    -> frage
- Weiter geht es zum Schloss!
-> END
`;

const quiz = `VAR points = 0
Welches Tier?
+ [Hahn / Gockel #answer]
    Genau!
    ~ points = 2
- Ende.
-> END
`;

const buttons = `Wohin?
+ [Zur Treppe]
    Treppe.
+ [Zum Tor]
    Tor.
- Weiter.
Noch einmal?
+ [Ja]
    Gut.
+ [Nein]
    Schade.
- -> END
`;

describe("a line of text", () => {
  it("is a text message from the station's character", () => {
    const result = script("Hallo, ich bin Lena.\n\nWillkommen!\n").start();
    expect(result.messages).toEqual([
      { kind: "text", from: "Lena", text: "Hallo, ich bin Lena." },
      { kind: "text", from: "Lena", text: "Willkommen!" },
    ]);
  });
});

describe("#from: Name", () => {
  it("makes the line a message from Name", () => {
    const result = script("Ich bin Max. #from: Max\nUnd ich Lena.\n").start();
    expect(result.messages).toEqual([
      { kind: "text", from: "Max", text: "Ich bin Max." },
      { kind: "text", from: "Lena", text: "Und ich Lena." },
    ]);
  });
});

describe("#content", () => {
  it("makes the line a content message whose ref is the line", () => {
    const result = script("stations/1/rathaus.jpg #content\n").start();
    expect(result.messages).toEqual([
      { kind: "content", from: "Lena", contentRef: "stations/1/rathaus.jpg" },
    ]);
  });

  it("takes #seen: 0.8 as the seen ratio and #from as the sender", () => {
    const result = script("stations/3/lied.mp3 #content #seen: 0.8 #from: Max\n").start();
    expect(result.messages).toEqual([
      { kind: "content", from: "Max", contentRef: "stations/3/lied.mp3", seenRatio: 0.8 },
    ]);
  });

  it("leaves out a #seen that is no ratio from 0 to 1, so the app's default applies (the loader reports it)", () => {
    const result = script(
      "a.mp3 #content #seen: 80\nb.mp3 #content #seen: 80%\nc.mp3 #content #seen: 0,8\nd.mp3 #content #seen: 1\ne.mp3 #content #seen: 0\n",
    ).start();
    expect(result.messages).toEqual([
      { kind: "content", from: "Lena", contentRef: "a.mp3" },
      { kind: "content", from: "Lena", contentRef: "b.mp3" },
      { kind: "content", from: "Lena", contentRef: "c.mp3" },
      { kind: "content", from: "Lena", contentRef: "d.mp3", seenRatio: 1 },
      { kind: "content", from: "Lena", contentRef: "e.mp3", seenRatio: 0 },
    ]);
  });
});

describe("#recommend", () => {
  it("makes a text or content line a recommendation with the id written after it", () => {
    const result = script(
      "Schau dir die Kilianskapelle an! #recommend: kilian\nstations/6/a.jpg #content #recommend: bild\n",
    ).start();
    expect(result.messages).toEqual([
      {
        kind: "text",
        from: "Lena",
        text: "Schau dir die Kilianskapelle an!",
        recommendation: "kilian",
      },
      { kind: "content", from: "Lena", contentRef: "stations/6/a.jpg", recommendation: "bild" },
    ]);
  });

  it("without an id derives one from the line: the same in every run, apart for other lines", () => {
    const source = "Erst hierhin. #recommend\nDann dorthin. #recommend:\nNichts.\n";
    const first = script(source).start().messages;
    const again = script(`Neu davor.\n${source}`).start().messages.slice(1);
    expect(again).toEqual(first);
    const [a, b, plain] = first;
    expect(a?.recommendation).toMatch(/^line-[0-9a-f]{8}$/);
    expect(b?.recommendation).toMatch(/^line-[0-9a-f]{8}$/);
    expect(a?.recommendation).not.toBe(b?.recommendation);
    expect(plain).not.toHaveProperty("recommendation");
  });
});

describe("#delay", () => {
  it("schedules the message that long after the previous one of the step", () => {
    const s = script(
      "Ich suche das Buch.\nGefunden! #delay: 30s\nHier ist es.\nP.S. #delay: 10m\n+ [Danke] -> END\n",
    );
    const started = s.start();
    expect(started.messages).toEqual([
      { kind: "text", from: "Lena", text: "Ich suche das Buch." },
      { kind: "text", from: "Lena", text: "Gefunden!", delayMs: 30_000 },
      { kind: "text", from: "Lena", text: "Hier ist es." },
      { kind: "text", from: "Lena", text: "P.S.", delayMs: 600_000 },
    ]);
    expect(started.awaiting.buttons.map((b) => b.text)).toEqual(["Danke"]);
  });

  it("takes seconds, minutes and hours, with #content, #from and #recommend alike", () => {
    const result = script(
      "stations/3/lied.mp3 #content #delay: 2h #from: Max #recommend: lied #seen: 0.5\n",
    ).start();
    expect(result.messages).toEqual([
      {
        kind: "content",
        from: "Max",
        contentRef: "stations/3/lied.mp3",
        seenRatio: 0.5,
        recommendation: "lied",
        delayMs: 7_200_000,
      },
    ]);
  });

  it("is ignored when its value is no duration (the loader reports it)", () => {
    expect(script("Gleich. #delay: bald\n").start().messages).toEqual([
      { kind: "text", from: "Lena", text: "Gleich." },
    ]);
  });
});

describe("#answer choices", () => {
  it("open the text input and accept each alternative split on /", () => {
    const s = script(quiz);
    const started = s.start();
    expect(started.awaiting).toEqual({ answer: true, buttons: [] });
    for (const answer of ["Hahn", "gockel"]) {
      const result = s.step(started.state, { kind: "answer", text: answer });
      expect(texts(result)).toEqual(["Genau!", "Ende."]);
    }
  });

  it("match answers trimmed, case-, umlaut- and punctuation-tolerantly", () => {
    const s = script("Was?\n+ [Großer Bär / Café #answer] Ja.\n-> END\n");
    const { state } = s.start();
    for (const answer of ["  GROSSER   baer!  ", "grosser bar", "„Großer Bär?“", "cafe", "Cafè."]) {
      const result = s.step(state, { kind: "answer", text: answer });
      expect(result.done, answer).toBe(true);
    }
  });

  it("echo the answer as typed, trimmed", () => {
    const s = script(quiz);
    const result = s.step(s.start().state, { kind: "answer", text: "  Der Hahn!  " });
    expect(result.echo).toBe("Der Hahn!");
  });
});

describe("a wrong answer without a [#answer] fallback", () => {
  it("gets the rejection and the input opens again, the script does not move", () => {
    const s = script(quiz);
    const started = s.start();
    const result = s.step(started.state, { kind: "answer", text: "Katze" });
    expect(result).toEqual({
      state: started.state,
      echo: "Katze",
      messages: [{ kind: "text", from: "Lena", text: "Leider falsch." }],
      awaiting: { answer: true, buttons: [] },
      done: false,
      points: 0,
      accepted: true,
      wrong: true,
    });
    expect(texts(s.step(result.state, { kind: "answer", text: "Hahn" }))).toEqual([
      "Genau!",
      "Ende.",
    ]);
  });
});

describe("an empty [#answer] choice", () => {
  it("takes every answer that matches nothing else", () => {
    const s = script(worked);
    const started = s.start();
    const wrong = s.step(started.state, { kind: "answer", text: "katze" });
    expect(wrong.echo).toBe("katze");
    expect(wrong.wrong).toBe(true);
    expect(texts(wrong)).toEqual([
      "Hm, nicht ganz. Schau noch einmal genau hin.",
      "Welches Tier kräht dort zur vollen Stunde?",
    ]);
    expect(wrong.awaiting.answer).toBe(true);
    const right = s.step(wrong.state, { kind: "answer", text: " GOCKEL " });
    expect(texts(right)).toEqual(["Genau, der Gockel!", "Weiter geht es zum Schloss!"]);
    expect(right).toMatchObject({ done: true, points: 3, echo: "GOCKEL" });
    expect(right.wrong).toBeUndefined();
  });
});

describe("choices without #answer", () => {
  it("are buttons; a tap echoes the label and continues on that branch", () => {
    const s = script(buttons);
    const started = s.start();
    expect(started.awaiting.answer).toBe(false);
    expect(started.awaiting.buttons.map((b) => b.text)).toEqual(["Zur Treppe", "Zum Tor"]);
    const tor = started.awaiting.buttons[1];
    const result = s.step(started.state, { kind: "button", target: tor?.target ?? "" });
    expect(result).toMatchObject({ accepted: true, echo: "Zum Tor", done: false });
    expect(texts(result)).toEqual(["Tor.", "Weiter.", "Noch einmal?"]);
  });

  it("have targets unique within one wait", () => {
    const targets = script(buttons)
      .start()
      .awaiting.buttons.map((b) => b.target);
    expect(new Set(targets).size).toBe(targets.length);
  });

  it("may be offered together with an #answer choice", () => {
    const s = script("Was?\n+ [Hahn #answer] Ja.\n+ [Tipp] Ein Vogel.\n-> END\n");
    const started = s.start();
    expect(started.awaiting.answer).toBe(true);
    expect(started.awaiting.buttons.map((b) => b.text)).toEqual(["Tipp"]);
    expect(s.step(started.state, { kind: "answer", text: "hahn" }).done).toBe(true);
  });
});

describe("stale button targets", () => {
  it("are refused once the wait they belong to is over", () => {
    const s = script(buttons);
    const started = s.start();
    const first = started.awaiting.buttons[0]?.target ?? "";
    const next = s.step(started.state, { kind: "button", target: first });
    expect(next.awaiting.buttons.map((b) => b.target)).not.toContain(first);
    const stale = s.step(next.state, { kind: "button", target: first });
    expect(stale).toEqual({ ...next, echo: undefined, messages: [], accepted: false });
    expect(stale).not.toHaveProperty("echo");
  });

  it("refuses an unknown target without changes", () => {
    const s = script(buttons);
    const started = s.start();
    const result = s.step(started.state, { kind: "button", target: "nonsense" });
    expect(result).toEqual({ ...started, messages: [], accepted: false });
  });
});

describe("an answer when none is expected", () => {
  it("is refused without changes or messages", () => {
    const s = script(buttons);
    const started = s.start();
    const result = s.step(started.state, { kind: "answer", text: "Zur Treppe" });
    expect(result).toEqual({ ...started, messages: [], accepted: false });
  });

  it("includes an empty answer", () => {
    const s = script(quiz);
    const started = s.start();
    expect(s.step(started.state, { kind: "answer", text: "   " })).toEqual({
      ...started,
      messages: [],
      accepted: false,
    });
  });

  it("includes any input after the end", () => {
    const s = script("Tschüss.\n-> END\n");
    const ended = s.start();
    expect(s.step(ended.state, { kind: "answer", text: "Hallo" })).toEqual({
      ...ended,
      messages: [],
      accepted: false,
    });
  });
});

describe("~ points = n", () => {
  it("counts the points so far", () => {
    const s = script(quiz);
    const started = s.start();
    expect(started.points).toBe(0);
    expect(s.step(started.state, { kind: "answer", text: "Hahn" }).points).toBe(2);
  });

  it("is capped at the station's maxPoints and never below 0", () => {
    expect(script("VAR points = 0\n~ points = 10\nHi\n").start().points).toBe(3);
    expect(script("VAR points = 0\n~ points = -2\nHi\n").start().points).toBe(0);
  });

  it("is 0 when the script declares no points", () => {
    expect(script("Hi\n").start().points).toBe(0);
  });
});

describe("-> END", () => {
  it("makes the station done", () => {
    const result = script("Tschüss.\n-> END\nNie gesagt.\n").start();
    expect(result).toMatchObject({ done: true, awaiting: { answer: false, buttons: [] } });
    expect(texts(result)).toEqual(["Tschüss."]);
  });

  it("is implied when the script runs out of content", () => {
    expect(script("Tschüss.\n").start().done).toBe(true);
  });

  it("is not reached while the station waits", () => {
    expect(script(quiz).start().done).toBe(false);
  });
});

describe("the saved state", () => {
  it("round-trips: a fresh script stepping from the string continues the same way", () => {
    const json = compileInk(worked);
    const first = createScript(json, ctx);
    const started = first.start();
    const wrong = first.step(started.state, { kind: "answer", text: "katze" });
    const continued = first.step(wrong.state, { kind: "answer", text: "Hahn" });

    const fresh = createScript(json, ctx);
    const saved = JSON.parse(JSON.stringify(wrong.state)) as string;
    expect(fresh.step(saved, { kind: "answer", text: "Hahn" })).toEqual(continued);
  });

  it("is the same for every start: no clock, no random seed", () => {
    const s = script("{~Hallo|Servus|Moin|Tach}!\n+ [Weiter] -> END\n");
    expect(s.start()).toEqual(s.start());
  });

  it("lets one script serve many runs in any order", () => {
    const s = script(buttons);
    const a = s.start();
    const b = s.start();
    const aTor = s.step(a.state, { kind: "button", target: a.awaiting.buttons[1]?.target ?? "" });
    const bTreppe = s.step(b.state, {
      kind: "button",
      target: b.awaiting.buttons[0]?.target ?? "",
    });
    expect(texts(aTor)[0]).toBe("Tor.");
    expect(texts(bTreppe)[0]).toBe("Treppe.");
  });
});

describe("a runaway script", () => {
  it("throws when it produces lines without ever waiting", () => {
    expect(() => script("- (loop) Hi\n-> loop\n").start()).toThrow(/endless loop/);
  });

  it("throws when it loops without producing a line, and the script stays usable", () => {
    const s = script("Hi\n+ [Los] -> loop\n== loop\n-> loop\n");
    const started = s.start();
    const go = started.awaiting.buttons[0]?.target ?? "";
    expect(() => s.step(started.state, { kind: "button", target: go })).toThrow(
      /took 200000 steps without waiting for the player: endless loop/,
    );
    expect(texts(s.start())).toEqual(["Hi"]);
  });

  afterEach(() => void vi.useRealTimers());

  it("is judged by its work, not the clock: a busy process never stops an ordinary step", () => {
    const s = script(worked);
    const started = s.start();
    // Every reading of the clock jumps a second ahead, as in a long pause for garbage collection.
    let now = Date.parse("2026-11-25T12:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.spyOn(Date.prototype, "getTime").mockImplementation(() => (now += 1000));
    const wrong = s.step(started.state, { kind: "answer", text: "Katze" });
    const right = s.step(wrong.state, { kind: "answer", text: "Gockel" });
    expect(texts(right)).toEqual(["Genau, der Gockel!", "Weiter geht es zum Schloss!"]);
    expect(right.done).toBe(true);
  });
});

describe("comparableAnswer", () => {
  it("trims, collapses white space and ignores case", () => {
    expect(comparableAnswer("  Der   Große\tHahn ")).toBe("der grosse hahn");
  });

  it("treats ä/ae/a, ö/oe/o, ü/ue/u, ß/ss alike and drops other accents", () => {
    for (const [a, b] of [
      ["Bär", "Baer"],
      ["Bär", "Bar"],
      ["Möwe", "Moewe"],
      ["Möwe", "Mowe"],
      ["Tür", "Tuer"],
      ["Tür", "Tur"],
      ["Fuß", "Fuss"],
      ["Café", "Cafe"],
      ["ÄÖÜ", "aou"],
    ] as const) {
      expect(comparableAnswer(a), `${a} = ${b}`).toBe(comparableAnswer(b));
    }
  });

  it("strips punctuation at either end but not inside", () => {
    expect(comparableAnswer("¿Hahn!?")).toBe("hahn");
    expect(comparableAnswer('"St. Elisabeth."')).toBe("st. elisabeth");
  });
});

describe("matchesAnswer", () => {
  it("is true when the answer equals one accepted answer after normalising", () => {
    expect(matchesAnswer(" gockel! ", ["Hahn", "Gockel"])).toBe(true);
    expect(matchesAnswer("Katze", ["Hahn", "Gockel"])).toBe(false);
  });

  it("never accepts an empty answer", () => {
    expect(matchesAnswer("?!", ["", "!"])).toBe(false);
  });
});

describe("a saved state under a changed script", () => {
  const waiting = script(worked).start().state;

  it("fits the script that made it, and one with other words in the same structure", () => {
    expect(script(worked).fits(waiting)).toBe(true);
    const reworded = script(worked.replace("zur vollen Stunde", "immer zur vollen Stunde"));
    expect(reworded.fits(waiting)).toBe(true);
    expect(texts(reworded.step(waiting, { kind: "answer", text: "Katze" }))).toEqual([
      "Hm, nicht ganz. Schau noch einmal genau hin.",
      "Welches Tier kräht dort immer zur vollen Stunde?",
    ]);
  });

  it("does not fit a script whose places it points to are gone, and fits() never throws", () => {
    const other = script(`VAR points = 0
-> raetsel
== raetsel ==
Wie viele Türme?
+ [1 #answer] -> END
`);
    expect(other.fits(waiting)).toBe(false);
    expect(other.fits("{not json")).toBe(false);
    // The script still works afterwards.
    expect(texts(other.start())).toEqual(["Wie viele Türme?"]);
  });
});

describe("a new question", () => {
  const twoQuestions = `- (eins) Erste Frage?
+ [ja #answer] Gut.
+ [#answer] Nein.
  -> eins
- Zweite Frage?
+ [ja / jawohl #answer] Auch gut.
- Dann kommt eine Wahl.
+ [Weiter] Und noch eine Frage?
  + + [ja #answer] Fertig.
-> END
`;

  it("is marked after a right answer or a tap, not when the same question is asked again", () => {
    const s = script(twoQuestions);
    const started = s.start();
    expect(started.newQuestion).toBeUndefined();
    const wrong = s.step(started.state, { kind: "answer", text: "nein" });
    expect(texts(wrong)).toEqual(["Nein.", "Erste Frage?"]);
    expect(wrong.newQuestion).toBeUndefined();
    const unmatched = script("Frage?\n+ [ja #answer] Gut.\n-> END\n");
    const rejected = unmatched.step(unmatched.start().state, { kind: "answer", text: "nein" });
    expect(rejected.newQuestion).toBeUndefined();
    const right = s.step(wrong.state, { kind: "answer", text: "ja" });
    expect(texts(right)).toEqual(["Gut.", "Zweite Frage?"]);
    expect(right.newQuestion).toBe(true);
    const choice = s.step(right.state, { kind: "answer", text: "ja" });
    expect(choice.awaiting.answer).toBe(false);
    expect(choice.newQuestion).toBeUndefined();
    const tapped = s.step(choice.state, {
      kind: "button",
      target: choice.awaiting.buttons[0]?.target ?? "",
    });
    expect(tapped.newQuestion).toBe(true);
  });
});
