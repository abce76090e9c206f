// Over 300 lines: every guarantee of an open stream, a test each.
import type { PlayerStatus } from "@wegmarke/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LogRow } from "../store/event-repository";
import { createInProcessBus } from "./bus";
import { chunkText, serverEvent } from "./sse";
import type { SharedChunk } from "./sse";
import {
  BROADCAST_SLICE,
  MAX_BUFFERED_BYTES,
  MAX_STREAMS_PER_SESSION,
  RECONNECT_AFTER_MS,
  StreamHub,
} from "./stream-hub";
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
  /** Logs an event and returns its row, as a commit would. */
  const append = (type: string): LogRow => {
    const row = { seq: log.length + 1, type, payload: `{"n":${log.length + 1}}` };
    log.push(row);
    return row;
  };
  const hub = new StreamHub({ bus, readAfter, onError: (error) => errors.push(error) });
  return { bus, log, errors, hub, append, reads: () => reads, readAfter };
}

/** A client's connection; one that stops reading keeps what is written in `unsent`. */
function sink() {
  const chunks: string[] = [];
  let ended = false;
  let aborted = false;
  let reading = true;
  let unsent = 0;
  const target: SseSink = {
    write: (chunk) => {
      chunks.push(chunkText(chunk));
      if (!reading) unsent += chunkText(chunk).length;
    },
    end: () => {
      ended = true;
    },
    abort: () => {
      aborted = true;
    },
    buffered: () => unsent,
  };
  return {
    target,
    text: () => chunks.join(""),
    ids: () => [...chunks.join("").matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])),
    ended: () => ended,
    aborted: () => aborted,
    stopReading: () => {
      reading = false;
    },
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

    const rows = [w.append("webtext"), w.append("webtext")];
    w.bus.publish("player:1", rows);
    w.bus.publish("player:1", rows);
    w.bus.publish("player:2", [w.append("webtext")]);
    await settle();
    expect(out.ids()).toEqual([1, 2, 3, 4]);
  });

  it("sends the snapshot's trailer after the backlog, and broadcasts to every open stream", async () => {
    const w = world();
    w.append("webtext");
    const news = serverEvent("news", { News: [] });
    const a = sink();
    const b = sink();
    w.hub.connect("player:1", a.target, async () => ({
      ...(await snapshotOf(w)()),
      trailer: news,
    }));
    w.hub.connect("player:2", b.target, snapshotOf(w));
    await settle();
    expect(a.text()).toMatch(/\nid: 1\nevent: webtext\ndata: .*\n\nevent: news\n/);
    const update = 'event: news\ndata: {"News":[],"Keep":[1]}\n\n';
    w.hub.broadcast("news", { News: [], Keep: [1] });
    await settle();
    expect(a.text().endsWith(update)).toBe(true);
    expect(b.text().endsWith(update)).toBe(true);
    // Unlogged: the client's last id stays that of the logged event.
    expect(a.ids()).toEqual([1]);
  });

  it("encodes a typed broadcast once: every stream gets the same bytes", async () => {
    const w = world();
    const written: (string | SharedChunk)[][] = [[], []];
    for (const [i, chunks] of written.entries()) {
      const target: SseSink = {
        write: (chunk) => void chunks.push(chunk),
        end: () => undefined,
        abort: () => undefined,
        buffered: () => 0,
      };
      w.hub.connect(`player:${i}`, target, snapshotOf(w));
    }
    await settle();
    const item = { ID: 3, Text: { de: "Hallo" }, Timestamp: "2026-05-01T10:00:00.000Z" };
    w.hub.broadcast("news", { News: [item] });
    await settle();
    const [first, second] = written.map((chunks) => chunks.at(-1));
    expect(first).toBe(second);
    expect(typeof first === "object" && first.text).toBe(
      'event: news\ndata: {"News":[{"ID":3,"Text":{"de":"Hallo"},"Timestamp":"2026-05-01T10:00:00.000Z"}]}\n\n',
    );
  });

  it("broadcasts slice by slice, one broadcast after another", async () => {
    const w = world();
    const streams = Array.from({ length: BROADCAST_SLICE + 5 }, () => sink());
    for (const [i, out] of streams.entries())
      w.hub.connect(`player:${i}`, out.target, snapshotOf(w));
    await settle();
    const first = 'event: news\ndata: {"News":[],"Keep":[1]}\n\n';
    const second = 'event: news\ndata: {"News":[],"Keep":[2,1]}\n\n';
    w.hub.broadcast("news", { News: [], Keep: [1] });
    w.hub.broadcast("news", { News: [], Keep: [2, 1] });
    // Nothing before the next pass of the event loop, then one slice per pass.
    expect(streams[0]?.text()).not.toContain("event: news");
    await new Promise(setImmediate);
    expect(streams[0]?.text().endsWith(first)).toBe(true);
    expect(streams.at(-1)?.text()).not.toContain("event: news");
    // The rest within a few passes (polled: a loaded machine takes more than 10 ms for them).
    await vi.waitFor(
      () => {
        for (const out of streams) expect(out.text().endsWith(first + second)).toBe(true);
      },
      { timeout: 2000, interval: 5 },
    );
  });

  it("writes unlogged text that comes while the snapshot is taken right after it", async () => {
    const w = world();
    w.append("webtext");
    let release: () => void = () => undefined;
    const out = sink();
    const trailer = serverEvent("news", { News: [] });
    w.hub.connect("player:1", out.target, async () => {
      const taken = snapshotOf(w)();
      await new Promise<void>((resolve) => (release = resolve));
      return { ...(await taken), trailer };
    });
    const update = 'event: news\ndata: {"News":[],"Keep":[1]}\n\n';
    w.hub.broadcast("news", { News: [], Keep: [1] });
    await new Promise(setImmediate);
    expect(out.text()).toBe("");
    release();
    await settle();
    expect(out.text()).toMatch(/^retry: 3000\n\nevent: playerstatus\n/);
    expect(out.text().endsWith(`\n\n${trailer}${update}`)).toBe(true);
  });

  it("sends to the open connections of one stream the event for each owner", async () => {
    const w = world();
    const anna = sink();
    const ben = sink();
    const other = sink();
    w.hub.connect("team:1", anna.target, snapshotOf(w), { playerId: 1, session: "a" });
    w.hub.connect("team:1", ben.target, snapshotOf(w), { playerId: 2, session: "b" });
    w.hub.connect("team:2", other.target, snapshotOf(w), { playerId: 3, session: "c" });
    await settle();
    const owners: (number | undefined)[] = [];
    const positions = (owner?: { playerId: number }) => {
      owners.push(owner?.playerId);
      if (owner?.playerId === 1) return null;
      const member = `for-${owner?.playerId}`;
      return { Members: [{ Member: member, Name: "N", Latitude: 0, Longitude: 0, Age: 0 }] };
    };
    w.hub.sendTo("team:1", "teampositions", positions);
    expect(owners.sort()).toEqual([1, 2]);
    expect(
      ben
        .text()
        .endsWith(
          'event: teampositions\ndata: {"Members":[{"Member":"for-2","Name":"N","Latitude":0,"Longitude":0,"Age":0}]}\n\n',
        ),
    ).toBe(true);
    expect(anna.text()).not.toContain("positions");
    expect(other.text()).not.toContain("positions");
    // Unlogged: no id.
    expect(ben.ids()).toEqual([]);
    // Closed connections leave the stream's set; an unknown stream is nothing to do.
    w.hub.disconnectPlayer(2);
    owners.length = 0;
    w.hub.sendTo("team:1", "teampositions", positions);
    w.hub.sendTo("team:9", "teampositions", positions);
    expect(owners).toEqual([1]);
  });

  it("sends committed rows as they are handed over, without reading the log", async () => {
    const w = world();
    const out = sink();
    w.hub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    const readsBefore = w.reads();
    w.bus.publish("player:1", [w.append("webtext"), w.append("answer-expected")]);
    w.bus.publish("player:1", [w.append("webtext")]);
    expect(out.ids()).toEqual([1, 2, 3]);
    expect(w.reads()).toBe(readsBefore);
  });

  it("reads the log when handed rows that do not follow what it sent, or none at all", async () => {
    const w = world();
    const out = sink();
    w.hub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    w.append("webtext");
    w.bus.publish("player:1", [w.append("webtext")]);
    await settle();
    expect(out.ids()).toEqual([1, 2]);
    w.append("webtext");
    w.bus.publish("player:1", []);
    await settle();
    expect(out.ids()).toEqual([1, 2, 3]);
    expect(w.reads()).toBe(2);
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
    w.bus.publish("player:1", [w.append("webtext")]);
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
    w.bus.publish("player:1", []);
    await settle();
    w.bus.publish("player:1", [w.append("webtext")]);
    w.bus.publish("player:1", []);
    reading();
    await settle();
    reading();
    await settle();
    expect(out.ids()).toEqual([1, 2]);
    expect(w.reads()).toBe(2);
  });

  it("keeps every quiet stream alive with one shared heartbeat, spread over the interval", async () => {
    vi.useFakeTimers();
    const w = world();
    const streams = Array.from({ length: 120 }, () => sink());
    for (const [i, out] of streams.entries()) {
      w.hub.connect(`player:${i}`, out.target, snapshotOf(w));
    }
    const alive = () => streams.filter((out) => out.text().endsWith(": keep-alive\n\n")).length;
    // Each second of the interval reaches only its share of the streams, never all at once.
    const perSecond: number[] = [];
    for (let second = 1; second <= 30; second++) {
      const before = alive();
      await vi.advanceTimersByTimeAsync(1000);
      perSecond.push(alive() - before);
    }
    expect(alive()).toBe(120);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(20);
    expect(vi.getTimerCount()).toBe(1);
  });

  it("spares a stream that sent something within the interval", async () => {
    vi.useFakeTimers();
    const w = world();
    const busy = sink();
    w.hub.connect("player:1", busy.target, snapshotOf(w));
    for (let second = 0; second < 60; second++) {
      w.bus.publish("player:1", [w.append("webtext")]);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(busy.text()).not.toContain(": keep-alive");
  });

  it("drops a stream whose reader stopped reading, once its unsent text passes the bound", async () => {
    const w = world();
    const slow = sink();
    const fine = sink();
    w.hub.connect("player:1", slow.target, snapshotOf(w));
    w.hub.connect("player:1", fine.target, snapshotOf(w));
    await settle();
    slow.stopReading();
    const big = "x".repeat(10_000);
    let sent = 0;
    for (let i = 0; i < 100 && !slow.aborted(); i++) {
      const seq = w.log.length + 1;
      w.log.push({ seq, type: "webtext", payload: big });
      w.bus.publish("player:1", [{ seq, type: "webtext", payload: big }]);
      sent++;
    }
    expect(slow.aborted()).toBe(true);
    expect(sent * big.length).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(sent * big.length).toBeLessThan(MAX_BUFFERED_BYTES + 3 * big.length);
    expect(fine.aborted() || fine.ended()).toBe(false);
    expect(w.hub.size).toBe(1);
    // The reconnect resumes after the last id the client has: nothing is lost.
    const again = sink();
    w.hub.connect("player:1", again.target, snapshotOf(w, 1));
    await settle();
    expect(again.ids()).toEqual(w.log.slice(1).map((row) => row.seq));
  });

  it("lets one signed-in device hold only a few streams, ending its oldest", async () => {
    const w = world();
    const owner = { playerId: 1, session: "device-a" };
    const mine = Array.from({ length: MAX_STREAMS_PER_SESSION + 2 }, () => sink());
    for (const out of mine) w.hub.connect("player:1", out.target, snapshotOf(w), owner);
    const other = sink();
    w.hub.connect("player:1", other.target, snapshotOf(w), { playerId: 1, session: "device-b" });
    await settle();
    expect(mine.map((out) => out.ended())).toEqual([
      true,
      true,
      ...Array<boolean>(MAX_STREAMS_PER_SESSION).fill(false),
    ]);
    expect(mine[0]?.text().endsWith("retry: 3000\n\n")).toBe(true);
    expect(other.ended()).toBe(false);
    expect(w.hub.size).toBe(MAX_STREAMS_PER_SESSION + 1);
  });

  it("forgets a closed stream and stops the heartbeat when none is left", async () => {
    const w = world();
    const out = sink();
    const close = w.hub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    close();
    expect(w.hub.size).toBe(0);
    expect(out.ended()).toBe(true);
    w.bus.publish("player:1", [w.append("webtext")]);
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

  it("ends every stream with a reconnect hint spread over a few seconds, and takes new ones", async () => {
    const w = world();
    const outs = Array.from({ length: 50 }, () => sink());
    for (const out of outs) w.hub.connect("player:1", out.target, snapshotOf(w));
    await settle();
    w.hub.reconnectAll();
    expect(outs.every((out) => out.ended())).toBe(true);
    expect(w.hub.size).toBe(0);
    const pauses = outs.map((out) => Number(/retry: (\d+)\n\n$/.exec(out.text())?.[1]));
    for (const pause of pauses) {
      expect(pause).toBeGreaterThanOrEqual(RECONNECT_AFTER_MS.min);
      expect(pause).toBeLessThan(RECONNECT_AFTER_MS.max);
    }
    expect(new Set(pauses).size).toBeGreaterThan(10);
    const again = sink();
    w.hub.connect("player:1", again.target, snapshotOf(w));
    await settle();
    expect(again.ended()).toBe(false);
    expect(w.hub.size).toBe(1);
  });

  it("ends one player's streams with a reconnect hint, leaving the team mates' open", async () => {
    const w = world();
    const anna = sink();
    const ben = sink();
    const benOther = sink();
    w.hub.connect("team:1", anna.target, snapshotOf(w), { playerId: 1, session: "a" });
    w.hub.connect("team:1", ben.target, snapshotOf(w), { playerId: 2, session: "b" });
    w.hub.connect("player:2", benOther.target, snapshotOf(w), { playerId: 2, session: "b2" });
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
    w.hub.connect("player:2", old.target, snapshotOf(w), { playerId: 2, session: "b" });
    w.hub.connect("team:1", fresh.target, snapshotOf(w), { playerId: 2, session: "b" });
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
