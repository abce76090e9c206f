import { describe, expect, it } from "vitest";
import type { PackState, Presence } from "../events/bus";
import { MAX_PAYLOAD_BYTES, encodeSignal } from "../events/signal-codec";
import { PRESENCE_CHANGE_MS, PRESENCE_TTL_MS, PresenceBoard } from "./presence";

/** A board of instance `name` whose streams, pack, clock and timer the test sets by hand. */
function board(name: string, players: number[] = [], streams = players.length) {
  const state = { now: 1_000_000, players: new Set(players), streams };
  const pack: PackState = { version: `v-${name}` };
  const sent: Presence[] = [];
  const timers: { ms: number; fire: () => void }[] = [];
  const presence = new PresenceBoard({
    instance: name,
    host: `host-${name}`,
    local: () => ({ streams: state.streams, players: state.players }),
    pack: () => pack,
    send: (report) => void sent.push(report),
    now: () => state.now,
    timer: (fire, ms) => {
      timers.push({ ms, fire });
      return () => undefined;
    },
  });
  return { presence, state, pack, sent, timers };
}

describe("PresenceBoard", () => {
  it("counts every instance's players once each, and forgets an instance that fell silent", () => {
    const a = board("a", [1, 2], 3);
    const b = board("b", [2, 3, 4], 5);
    for (const report of b.presence.reports()) a.presence.heard(report);
    // Its own reports come back over the bus: not counted twice.
    for (const report of a.presence.reports()) a.presence.heard(report);
    expect([...a.presence.onlinePlayers()].sort()).toEqual([1, 2, 3, 4]);
    expect(a.presence.online()).toEqual({ streams: 8, players: 4 });

    // Player 4's last stream on b closed: b's next report says so.
    b.state.players.delete(4);
    for (const report of b.presence.reports()) a.presence.heard(report);
    expect([...a.presence.onlinePlayers()].sort()).toEqual([1, 2, 3]);

    a.state.now += PRESENCE_TTL_MS + 1;
    expect([...a.presence.onlinePlayers()].sort()).toEqual([1, 2]);
    expect(a.presence.online()).toEqual({ streams: 3, players: 2 });
  });

  it("tells the others of a change within a second, and not more often", () => {
    const a = board("a", [1]);
    a.presence.start();
    a.presence.close();
    expect(a.sent.map((report) => report.players)).toEqual([[1]]);
    a.state.players.add(7);
    a.presence.changed();
    a.presence.changed();
    expect(a.timers).toHaveLength(1);
    expect(a.timers[0]?.ms).toBe(PRESENCE_CHANGE_MS);
    a.timers[0]?.fire();
    expect(a.sent.at(-1)?.players).toEqual([1, 7]);
    // Later than a second after the last report, the next change goes out at once.
    a.state.now += PRESENCE_CHANGE_MS;
    a.presence.changed();
    expect(a.timers[1]?.ms).toBe(0);
  });

  it("answers a newcomer's first report with its own within a second, once", () => {
    const a = board("a", [1]);
    const b = board("b", [2]);
    for (const report of b.presence.reports()) a.presence.heard(report);
    expect(a.timers.map((timer) => timer.ms)).toEqual([0]);
    a.timers[0]?.fire();
    expect(a.sent.map((report) => report.players)).toEqual([[1]]);
    // b's next report: a knows b, and waits for its own heartbeat or a change.
    for (const report of b.presence.reports()) a.presence.heard(report);
    expect(a.timers).toHaveLength(1);
  });

  it("splits many players into parts that fit a notification, and takes them once all are in", () => {
    const ids = Array.from({ length: 4000 }, (_, i) => 1_000_000 + i * 7);
    const b = board("b", ids);
    const parts = b.presence.reports();
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(Buffer.byteLength(encodeSignal("presence", part))).toBeLessThan(MAX_PAYLOAD_BYTES + 1);
      expect(part.parts).toBe(parts.length);
    }
    expect(parts.flatMap((part) => part.players)).toEqual(ids);

    const a = board("a");
    const [first, ...rest] = parts.toReversed();
    if (first) a.presence.heard(first);
    // Alive, but none of its players count before its report is whole.
    expect(a.presence.online()).toEqual({ streams: 4000, players: 0 });
    for (const part of rest) a.presence.heard(part);
    expect(a.presence.onlinePlayers().size).toBe(4000);
    // An older report arriving late changes nothing.
    if (first) a.presence.heard({ ...first, report: 0, part: 0, parts: 1, players: [5] });
    expect(a.presence.onlinePlayers().has(5)).toBe(false);
  });

  it("lists the instances with their packs and last reloads, the oldest first", () => {
    const a = board("a", [1]);
    const b = board("b", [], 0);
    b.pack.reload = { at: Date.UTC(2026, 10, 25, 9), ok: false, problems: 2 };
    const bLater = new PresenceBoard({
      instance: "b",
      host: "host-b",
      local: () => ({ streams: 0, players: new Set() }),
      pack: () => b.pack,
      now: () => a.state.now + 5,
    });
    for (const report of bLater.reports()) a.presence.heard(report);
    expect(a.presence.instances()).toEqual([
      {
        id: "a",
        host: "host-a",
        startedAt: new Date(1_000_000).toISOString(),
        streams: 1,
        players: 1,
        version: "v-a",
        reload: null,
      },
      {
        id: "b",
        host: "host-b",
        startedAt: new Date(1_000_005).toISOString(),
        streams: 0,
        players: 0,
        version: "v-b",
        reload: { at: "2026-11-25T09:00:00.000Z", ok: false, problems: 2 },
      },
    ]);
  });
});
