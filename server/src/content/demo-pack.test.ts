import { describe, it, expect, beforeAll } from "vitest";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import { createScript } from "../engine/engine";
import type { EngineMessage, StationScript, StepResult } from "../engine/types";
import { loadContentPack } from "./loader";
import { localize } from "./model";
import type { ContentPack } from "./model";
import { assetPath } from "./public";

/** The demo game must be playable from start to finish, in every language, with full points. */

const demo = fileURLToPath(new URL("../../../content/demo", import.meta.url));

type Move = { answer: string } | { button: number } | { approved: boolean };

/** The best way through each station; German answers are accepted in every language. */
const bestMoves: Record<number, Move[]> = {
  1: [{ answer: "Gockel" }],
  2: [{ button: 0 }],
  3: [{ button: 0 }],
  4: [{ button: 0 }],
  5: [{ button: 1 }],
  6: [{ answer: "Schuhmacher" }],
  7: [{ button: 0 }],
  8: [{ answer: "goldene Kugel" }],
  9: [{ button: 0 }],
  // The Türmer's photo, approved by a host.
  14: [{ button: 1 }, { approved: true }],
  15: [{ button: 1 }],
};

let pack: ContentPack;

beforeAll(async () => {
  pack = await loadContentPack(demo);
});

function scriptOf(stationId: number, lang: Language): StationScript {
  const station = pack.stations.find((s) => s.id === stationId);
  if (!station) throw new Error(`no station ${stationId}`);
  return createScript(localize(station.scripts, lang), {
    character: localize(station.character, lang),
    maxPoints: station.points,
    rejection: localize(pack.texts.rejection, lang),
    missionRejection: "",
  });
}

function play(stationId: number, lang: Language, moves: Move[]): StepResult[] {
  const script = scriptOf(stationId, lang);
  const steps = [script.start()];
  for (const move of moves) {
    const last = steps[steps.length - 1];
    if (!last) throw new Error("no step");
    const target = "button" in move ? last.awaiting.buttons[move.button]?.target : undefined;
    const input =
      "answer" in move
        ? { kind: "answer" as const, text: move.answer }
        : "approved" in move
          ? { kind: "verdict" as const, approved: move.approved }
          : { kind: "button" as const, target: target ?? "missing button" };
    const next = script.step(last.state, input);
    expect(next.accepted, `station ${stationId} (${lang}) refused ${JSON.stringify(move)}`).toBe(
      true,
    );
    steps.push(next);
  }
  return steps;
}

const messagesOf = (steps: StepResult[]): EngineMessage[] => steps.flatMap((s) => s.messages);

describe("the demo game", () => {
  it("has nine stations across every view and both styles, and three stories", () => {
    expect(pack.stations.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 15]);
    expect(new Set(pack.stations.map((s) => s.view))).toEqual(
      new Set(["station", "main", "archive", "custom", "email", "story"]),
    );
    expect(new Set(pack.stations.map((s) => s.style))).toEqual(new Set(["game-station", "plain"]));
    expect(pack.stations.map((s) => s.visible)).toEqual(
      expect.arrayContaining(["secret", "shown", true]),
    );
    expect(pack.stories?.map((s) => s.requiredPoints)).toEqual([1, 2, 4]);
    expect(pack.crest?.map((c) => c.finishedStories)).toEqual([0, 1, 2, 3]);
    expect(pack.intro).toHaveLength(4);
  });

  it.each(languages)("is played to the end of every station with full points (%s)", (lang) => {
    for (const station of pack.stations) {
      const steps = play(station.id, lang, bestMoves[station.id] ?? []);
      const end = steps[steps.length - 1];
      expect(end, `station ${station.id}`).toMatchObject({ done: true, points: station.points });
      for (const message of messagesOf(steps)) {
        if (message.kind !== "content") continue;
        const file = assetPath(pack, message.contentRef);
        expect(file && existsSync(file), `${message.contentRef} (${lang})`).toBe(true);
      }
    }
  });

  it("asks for a photo of the tower at the Kirchhof: tried again after a rejection, or skipped", () => {
    const rejected = play(14, "de", [{ button: 1 }, { approved: false }]);
    expect(rejected.at(-1)).toMatchObject({ done: false, points: 1 });
    expect(messagesOf(rejected).at(-1)).toMatchObject({
      text: "Hm, das ist nicht mein Turm. Versuch es noch einmal!",
    });
    const again = play(14, "de", [{ button: 1 }, { approved: false }, { approved: true }]);
    expect(again.at(-1)).toMatchObject({ done: true, points: 3 });
    // The mission is no button: the only one is to skip it.
    const skipped = play(14, "en", [{ button: 1 }, { button: 0 }]);
    expect(messagesOf(skipped).at(-1)).toMatchObject({
      text: "That's fine. The tower won't run away.",
    });
    expect(skipped.at(-1)).toMatchObject({ done: true, points: 1 });
  });

  it("keeps stations 1 to 3 as the browser test plays them", () => {
    const marktplatz = scriptOf(1, "de");
    const started = marktplatz.start();
    const wrong = marktplatz.step(started.state, { kind: "answer", text: "Katze" });
    expect(wrong.messages.map((m) => m.kind === "text" && m.text)).toEqual([
      "Hm, das ist es nicht. Kleiner Tipp: Es weckt auf dem Bauernhof alle auf.",
      "Welches Tier kräht dort oben zur vollen Stunde?",
    ]);
    const schloss = scriptOf(2, "de").start();
    expect(schloss.awaiting.buttons.map((b) => b.text)).toEqual([
      "Den Fürstensaal",
      "Die Aussicht",
    ]);
  });

  it("sends a recommendation and a scheduled message", () => {
    const letter = messagesOf(play(4, "de", bestMoves[4] ?? []));
    expect(letter.find((m) => m.recommendation)).toMatchObject({
      text: expect.stringContaining("Alten Universität") as string,
      recommendation: "alte-universitaet",
    });
    expect(letter[letter.length - 1]).toMatchObject({ delayMs: 60_000 });
    const wilhelm = messagesOf(play(5, "en", bestMoves[5] ?? []));
    expect(wilhelm.filter((m) => m.delayMs).map((m) => m.delayMs)).toEqual([30_000]);
    expect(wilhelm.find((m) => m.recommendation)?.recommendation).toBe("kilianskapelle");
  });

  it("gives fewer points after wrong answers or a hint", () => {
    const shoemaker = play(6, "de", [
      { answer: "Bäcker" },
      { answer: "Schneider" },
      ...(bestMoves[6] ?? []),
    ]);
    expect(shoemaker[shoemaker.length - 1]).toMatchObject({ done: true, points: 1 });
    // The frog's ladder of two hints, a point each, off the riddle's 2.
    const frog = play(8, "en", [{ button: 0 }, { answer: "golden ball" }]);
    expect(frog[0]?.awaiting.buttons).toEqual([
      { target: expect.any(String), text: "A hint, please", hint: { cost: 1 } },
    ]);
    expect(frog[1]?.awaiting).toEqual({
      answer: true,
      buttons: [{ target: expect.any(String), text: "Another hint", hint: { cost: 1 } }],
    });
    expect(frog[frog.length - 1]).toMatchObject({ done: true, points: 1 });
    const both = play(8, "de", [{ button: 0 }, { button: 0 }, { answer: "Kugel" }]);
    expect(both[2]?.awaiting).toEqual({ answer: true, buttons: [] });
    expect(both[both.length - 1]).toMatchObject({ done: true, points: 0 });
  });

  it("has the idle reminders, in every language", () => {
    const reminders = pack.stations.filter((s) => s.reminder);
    expect(reminders.map((s) => [s.id, s.reminder?.afterMs])).toEqual([
      [6, 180_000],
      [8, 300_000],
    ]);
    for (const s of reminders) expect(Object.keys(s.reminder?.text ?? {})).toEqual([...languages]);
    // The frog offers its hints while one is left.
    expect(Object.keys(pack.stations.find((s) => s.id === 8)?.reminder?.hint ?? {})).toEqual([
      ...languages,
    ]);
  });

  it("says in its privacy notice when the location reaches the server, and how long it stays", () => {
    // station/activate and station/code carry the position for stations that open at their
    // place (game/station-access.ts); team members may share theirs, kept in memory for two
    // minutes after the last update (decisions/024). A notice saying it never leaves the device
    // is wrong.
    expect(pack.stations.some((s) => s.trigger === "near" || s.trigger === "qr-or-near")).toBe(
      true,
    );
    const says: Record<Language, { never: RegExp; required: RegExp[] }> = {
      de: {
        never: /nicht an uns übertragen|verlässt .* nie/,
        required: [
          /Start einer Station/,
          /QR-Code/,
          /weder gespeichert noch protokolliert/,
          /Team/,
          /zwei Minuten nach der letzten/,
        ],
      },
      "de-formal": {
        never: /nicht an uns übertragen|verlässt .* nie/,
        required: [
          /Start einer Station/,
          /QR-Code/,
          /weder gespeichert noch protokolliert/,
          /Team/,
          /zwei Minuten nach der letzten/,
        ],
      },
      en: {
        never: /never sent|never leaves/,
        required: [
          /start a station/,
          /QR code/,
          /neither stored nor logged/,
          /team/,
          /two minutes after the last/,
        ],
      },
    };
    for (const lang of languages) {
      const text = localize(pack.privacy?.text ?? { de: "" }, lang);
      const location = text.split(/\n\s*\n/).find((p) => /Standort|location/.test(p)) ?? "";
      expect(text, lang).not.toMatch(says[lang].never);
      for (const phrase of says[lang].required) expect(location, lang).toMatch(phrase);
    }
  });
});
