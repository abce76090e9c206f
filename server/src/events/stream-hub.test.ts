import type { PlayerStatus } from "@wegmarke/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LogRow } from "../store/event-repository";
import { createInProcessBus } from "./bus";
import { StreamHub } from "./stream-hub";
import type { SseSink, StreamSnapshot } from "./stream-hub";

const status: PlayerStatus = {
  ActiveStations: [],
  CurrentStation: 0,
  CurrentStory: 0,
  TotalPoints: 0,
  HasTeam: false,
  Stations: {},
  Stories: {},
};

/** A stream's log in memory, with the bus that announces appends. */
function world() {
  const bus = createInProcessBus();
  const log: LogRow[] = [];
  const errors: unknown[] = [];
  let reads = 0;
  const readAfter = async (_stream: string, seq: number) => {
    reads++;
    return log.filter((row) => row.seq > seq);
  };
  const append = (type: string) => {
    log.push({ seq: log.length + 1, type, payload: `{"n":${log.length + 1}}` });
  };
  const hub = new StreamHub({ bus, readAfter, onError: (error) => errors.push(error) });
  return { bus, log, errors, hub, append, reads: () => reads, readAfter };
}

function sink() {
  const chunks: string[] = [];
  let ended = false;
  const target: SseSink = {
    write: (chunk) => void chunks.push(chunk),
    end: () => {
      ended = true;
    },
  };
  return {
    target,
    text: () => chunks.join(""),
    ids: () => [...chunks.join("").matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])),
    ended: () => ended,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function snapshotOf(w: ReturnType<typeof world>, after = 0): () => Promise<StreamSnapshot> {
  return async () => ({
    status,
    backlog: w.log.filter((row) => row.seq > after),
    lastSeq: w.log.length,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("StreamHub", () => {
  it("writes the retry hint, the status without id, the backlog, then live events once", async () => {
    const w = world();
    w.append("webtext");
    w.append("answer-expected");
    const out = sink();
    w.hub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    expect(out.text()).toMatch(/^retry: 3000\n\nevent: playerstatus\ndata: \{.*\}\n\nid: 1\n/);
    expect(out.ids()).toEqual([1, 2]);

    w.append("webtext");
    w.append("webtext");
    w.bus.notify("player:1");
    w.bus.notify("player:1");
    w.bus.notify("player:2");
    await settle();
    expect(out.ids()).toEqual([1, 2, 3, 4]);
  });

  it("does not lose events committed while the snapshot is taken, nor repeat its own", async () => {
    const w = world();
    w.append("webtext");
    let release: () => void = () => undefined;
    const out = sink();
    w.hub.connect("player:1", out.target, async () => {
      const taken = snapshotOf(w)();
      await new Promise<void>((resolve) => (release = resolve));
      return taken;
    });
    w.append("webtext");
    w.bus.notify("player:1");
    release();
    await settle();
    expect(out.ids()).toEqual([1, 2]);
  });

  it("reads again when woken during a read, and never sends an event twice", async () => {
    const w = world();
    const out = sink();
    let reading: () => void = () => undefined;
    const slowHub = new StreamHub({
      bus: w.bus,
      readAfter: async (stream, seq) => {
        const rows = await w.readAfter(stream, seq);
        await new Promise<void>((resolve) => (reading = resolve));
        return rows;
      },
      onError: () => undefined,
    });
    slowHub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    w.append("webtext");
    w.bus.notify("player:1");
    await settle();
    w.append("webtext");
    w.bus.notify("player:1");
    w.bus.notify("player:1");
    reading();
    await settle();
    reading();
    await settle();
    expect(out.ids()).toEqual([1, 2]);
    expect(w.reads()).toBe(2);
  });

  it("keeps every open stream alive with one shared heartbeat", async () => {
    vi.useFakeTimers();
    const w = world();
    const a = sink();
    const b = sink();
    w.hub.connect("player:1", a.target, snapshotOf(w));
    w.hub.connect("player:2", b.target, snapshotOf(w));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(a.text().endsWith(": keep-alive\n\n")).toBe(true);
    expect(b.text().endsWith(": keep-alive\n\n")).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
  });

  it("forgets a closed stream and stops the heartbeat when none is left", async () => {
    const w = world();
    const out = sink();
    const close = w.hub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    close();
    expect(w.hub.size).toBe(0);
    expect(out.ended()).toBe(true);
    w.append("webtext");
    w.bus.notify("player:1");
    await settle();
    expect(out.ids()).toEqual([]);
  });

  it("ends every stream with a reconnect hint on shutdown", async () => {
    const w = world();
    const out = sink();
    w.hub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    w.hub.closeAll();
    expect(out.text().endsWith("retry: 3000\n\n")).toBe(true);
    expect(out.ended()).toBe(true);
    expect(w.hub.size).toBe(0);
  });

  it("ends one player's streams with a reconnect hint, leaving the team mates' open", async () => {
    const w = world();
    const anna = sink();
    const ben = sink();
    const benOther = sink();
    w.hub.connect("team:1", anna.target, snapshotOf(w), 1);
    w.hub.connect("team:1", ben.target, snapshotOf(w), 2);
    w.hub.connect("player:2", benOther.target, snapshotOf(w), 2);
    await settle();
    w.hub.disconnectPlayer(2);
    expect(ben.ended() && benOther.ended()).toBe(true);
    expect(ben.text().endsWith("retry: 3000\n\n")).toBe(true);
    expect(anna.ended()).toBe(false);
    expect(w.hub.size).toBe(1);
  });

  it("keeps a player's stream that is already their new participant's", async () => {
    const w = world();
    const old = sink();
    const fresh = sink();
    w.hub.connect("player:2", old.target, snapshotOf(w), 2);
    w.hub.connect("team:1", fresh.target, snapshotOf(w), 2);
    await settle();
    expect([w.hub.hasPlayer(2), w.hub.hasPlayer(3)]).toEqual([true, false]);
    w.hub.disconnectPlayer(2, "team:1");
    expect([old.ended(), fresh.ended()]).toEqual([true, false]);
    expect(w.hub.size).toBe(1);
  });

  it("ends the stream and reports when the snapshot fails", async () => {
    const w = world();
    const out = sink();
    w.hub.connect("player:1", out.target, () => Promise.reject(new Error("db down")));
    await settle();
    expect(out.ended()).toBe(true);
    expect(w.errors).toHaveLength(1);
    expect(w.hub.size).toBe(0);
  });
});
