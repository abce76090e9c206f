import { describe, expect, it } from "vitest";
import { PRESENCE } from "../../test/support/presence";
import type { LogRow } from "../store/event-repository";
import {
  MAX_PAYLOAD_BYTES,
  decodeAnnouncement,
  decodeSignal,
  encodeAnnouncement,
  encodeSignal,
} from "./signal-codec";
import { signalNames } from "./signal-map";
import type { Signal } from "./signal-map";

const rows = (...seqs: number[]): LogRow[] =>
  seqs.map((seq) => ({ seq, type: "webtext", payload: `{"Text":"line ${seq}\\nnext"}` }));

/** 1,000 characters of three bytes each: the most an answer to a player takes in UTF-8. */
const WIDEST_ANSWER = "€".repeat(1000);

/** At least one of every signal of the map, and the edge cases of their payloads. */
const SIGNALS: Signal[] = [
  { name: "moved", payload: { playerId: 7 } },
  { name: "moved", payload: { playerId: 2 ** 40 } },
  { name: "account", payload: { playerId: 8 } },
  { name: "scored", payload: {} },
  { name: "due", payload: { at: 1_777_000_000_000 } },
  { name: "news", payload: {} },
  { name: "clock", payload: {} },
  { name: "submissions", payload: {} },
  { name: "presence", payload: PRESENCE },
  { name: "presence", payload: { ...PRESENCE, address: "http://10.0.0.2:8080" } },
  { name: "presence", payload: { ...PRESENCE, pack: { version: PRESENCE.pack.version } } },
  { name: "presence", payload: { ...PRESENCE, players: [] } },
  { name: "reload", payload: { instance: "a1-b2", version: "ab".repeat(32) } },
  {
    name: "activity",
    payload: { kind: "done", stream: "team:3", id: 12, points: 3, at: 1_777_000_000_000 },
  },
  {
    name: "activity",
    payload: { kind: "story", stream: "player:5", id: 2, points: 0, at: 1_777_000_000_001 },
  },
  {
    name: "position",
    payload: {
      stream: "team:4",
      playerId: 9,
      shared: { name: 'Anna: "die Erste"', latitude: 50.8, longitude: 8.77, accuracy: 12 },
    },
  },
  {
    name: "position",
    payload: { stream: "team:4", playerId: 9, shared: { name: "", latitude: -1, longitude: 2 } },
  },
  { name: "position", payload: { stream: "team:4", playerId: 9 } },
  {
    name: "organisers",
    payload: {
      ...{ stream: "team:3", id: 9, playerId: 4, name: 'Anna "die Erste"' },
      ...{ text: 'Wo ist "der Brunnen"?\nHilfe \\o/', at: "2026-11-30T16:00:00.000Z" },
    },
  },
  {
    // The longest answer of the widest characters still fits a PostgreSQL notification.
    name: "organisers",
    payload: {
      ...{ stream: "player:5", id: 10, playerId: null, name: null },
      ...{ text: WIDEST_ANSWER, at: "2026-11-30T16:00:01.000Z" },
    },
  },
  { name: "inbox", payload: {} },
];

describe("the bus's signals on the wire", () => {
  it("reads back every signal of the map it writes", () => {
    expect(new Set(SIGNALS.map((signal) => signal.name))).toEqual(new Set(signalNames));
    for (const signal of SIGNALS) {
      const decoded = decodeSignal(encodeSignal(signal.name, signal.payload));
      expect(decoded).toEqual({ ok: true, value: { ...signal, game: 1 } });
      const ofGame = decodeSignal(encodeSignal(signal.name, signal.payload, 12));
      expect(ofGame).toEqual({ ok: true, value: { ...signal, game: 12 } });
    }
  });

  it("carries the longest message to or from the organisers whole, within a notification", () => {
    const payload = {
      ...{ stream: "team:123456789012345", id: 2_147_483_647, playerId: 2_147_483_647 },
      ...{ name: "n".repeat(200), text: WIDEST_ANSWER, at: "2026-11-30T16:00:01.000Z" },
    };
    const line = encodeSignal("organisers", payload, 2_147_483_647);
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(decodeSignal(line)).toMatchObject({ ok: true, value: { payload } });
  });

  it("writes a signal as its name and its payload's JSON; another game than the first after @", () => {
    expect(encodeSignal("moved", { playerId: 7 })).toBe('!moved {"playerId":7}');
    expect(encodeSignal("news", {})).toBe("!news {}");
    expect(encodeSignal("news", {}, 3)).toBe("!news@3 {}");
    expect(decodeSignal("!news@0 {}").ok).toBe(false);
    expect(decodeSignal("!news@x {}").ok).toBe(false);
    expect(decodeSignal("!news@ {}").ok).toBe(false);
  });

  it("refuses anything else, saying why without the payload's values", () => {
    const refused: [string, string][] = [
      ["player:7", "not a signal"],
      ["!news", "not a signal"],
      ["!news 1", "news: "],
      ["!scored null", "scored: "],
      ["!other {}", 'unknown signal "other"'],
      ["!moved ", "moved: the payload is not JSON"],
      ["!moved {}", "moved: playerId: "],
      ['!moved {"playerId":"x"}', "moved: playerId: "],
      ['!due {"at":1.5}', "due: at: "],
      ["!presence a b:1:2", "presence: the payload is not JSON"],
      ["!presence [1,2]", "presence: "],
      ['!activity {"kind":"won","stream":"player:5","id":2,"points":0,"at":1}', "activity: kind: "],
      [
        '!activity {"kind":"done","stream":"guest:5","id":2,"points":0,"at":1}',
        "activity: stream: ",
      ],
      ['!activity {"kind":"done","stream":"player:5","id":2,"points":0}', "activity: at: "],
      ["!position ", "position: the payload is not JSON"],
      ["!position {", "position: the payload is not JSON"],
      ['!position {"stream":"player:4","playerId":9}', "position: stream: "],
      ['!position {"stream":"team:4","playerId":"9"}', "position: playerId: "],
      [
        '!position {"stream":"team:4","playerId":9,"shared":{"name":"A","latitude":"1","longitude":2}}',
        "position: shared.latitude: ",
      ],
      [
        '!position {"stream":"team:4","playerId":9,"shared":{"name":"A","latitude":1,"longitude":2,"accuracy":null}}',
        "position: shared.accuracy: ",
      ],
    ];
    for (const [payload, reason] of refused) {
      const decoded = decodeSignal(payload);
      expect(decoded.ok).toBe(false);
      if (!decoded.ok) expect(decoded.reason.startsWith(reason)).toBe(true);
    }
    const secret = decodeSignal('!position {"stream":"team:4","playerId":"Anna Secret"}');
    expect(secret.ok || secret.reason.includes("Anna")).toBe(false);
  });

  it("refuses a report that does not fit: bad names, counts, parts, players", () => {
    const bad = [
      { instance: "a b" },
      { streams: -1 },
      { part: 1, parts: 1 },
      { parts: 0 },
      { players: [0] },
      { players: ["7"] },
      { pack: { version: 7 } },
      { pack: { version: "v", reload: { at: 1, ok: "yes", problems: 0 } } },
    ];
    for (const change of bad) {
      expect(decodeSignal(`!presence ${JSON.stringify({ ...PRESENCE, ...change })}`).ok).toBe(
        false,
      );
    }
    for (const payload of ["!presence ", "!presence {", "!presence []", "!reload ", "!reload {}"]) {
      expect(decodeSignal(payload).ok).toBe(false);
    }
    expect(decodeSignal('!reload {"instance":"a b","version":"' + "ab".repeat(32) + '"}').ok).toBe(
      false,
    );
    expect(decodeSignal('!reload {"instance":"a1","version":"../etc"}').ok).toBe(false);
  });
});

describe("announcements of committed rows on the wire", () => {
  it("reads back every announcement it writes, and takes a plain stream key as one without rows", () => {
    const announced = encodeAnnouncement("i1", "team:4", rows(7, 8));
    expect(decodeAnnouncement(announced)).toEqual({
      instance: "i1",
      stream: "team:4",
      rows: rows(7, 8),
    });
    expect(decodeAnnouncement("@i1 team:4")).toEqual({ instance: "i1", stream: "team:4" });
    expect(decodeAnnouncement("@i1 team:4 [[1,2]]")).toEqual({ instance: "i1", stream: "team:4" });
    expect(decodeAnnouncement("player:7")).toBeUndefined();
  });

  it("carries the rows as triples, in no more bytes than they take", () => {
    expect(encodeAnnouncement("i1", "player:3", [{ seq: 5, type: "error", payload: "{}" }])).toBe(
      '@i1 player:3 [[5,"error","{}"]]',
    );
  });

  it("leaves the rows out when they do not fit into a notification", () => {
    const big = [{ seq: 1, type: "webtext", payload: JSON.stringify({ Text: "ä".repeat(5000) }) }];
    expect(encodeAnnouncement("i1", "team:4", big)).toBe("@i1 team:4");
  });
});
