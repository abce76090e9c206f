import { resolve } from "node:path";
import type { OpsNews, OpsOverview } from "@wegmarke/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config";
import { loadContentPack } from "../content/loader";
import type { ContentPack } from "../content/model";
import { createInProcessBus } from "../events/bus";
import type { GameActivity } from "../events/bus";
import { chunkText } from "../events/sse";
import { MAX_BUFFERED_BYTES } from "../events/stream-hub";
import type { SseSink } from "../events/stream-hub";
import type { SharedPositions } from "../teams/team-positions";
import { OpsLive } from "./live";

let pack: ContentPack;

beforeAll(async () => {
  pack = await loadContentPack(resolve(repoRoot, "content/demo"));
});

/** A console's sink; `unread` is what its reader has not taken (a reader that stops: grows). */
function sink(reads = true) {
  const chunks: string[] = [];
  let ended = false;
  let aborted = false;
  let unread = 0;
  const target: SseSink = {
    write: (chunk) => {
      const text = chunkText(chunk);
      chunks.push(text);
      if (!reads) unread += Buffer.byteLength(text);
    },
    end: () => {
      ended = true;
    },
    abort: () => {
      ended = true;
      aborted = true;
    },
    buffered: () => unread,
  };
  const events = (type: string) =>
    chunks
      .join("")
      .split("\n\n")
      .filter((block) => block.startsWith(`event: ${type}\n`))
      .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as unknown);
  return { target, events, ended: () => ended, aborted: () => aborted, chunks };
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (at most 2 s). */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 2000) throw new Error("not within 2 s");
    await settle(10);
  }
}

function live(recent: GameActivity[] = [], teams: SharedPositions[] = []) {
  let done = 0;
  let reads = 0;
  let lookups = 0;
  const news: OpsNews[] = [];
  const overview = async (): Promise<OpsOverview> => {
    reads++;
    return {
      at: new Date(Date.UTC(2026, 10, 25, 9, 0, reads)).toISOString(),
      players: { total: 5, registered: 1, online: 2 },
      teams: 0,
      streams: 2,
      stations: [],
      stories: [],
      instances: [],
      stuck: { afterMinutes: 20, afterWrongAnswers: 5, participants: [] },
      ...(done > 0 && { teams: done }),
    };
  };
  const queue = { waiting: 0, oldestAt: null as string | null };
  const inbox = { unread: 0, open: 0, newest: 0 };
  const hub = new OpsLive({
    pack,
    overview,
    news: async () => news,
    submissions: async () => ({ ...queue }),
    inbox: async () => ({ ...inbox }),
    recent: async () => recent,
    teams: () => teams,
    name: async (stream) => {
      lookups++;
      return stream === "team:3" ? "Lena & Team" : "Wanderer 4117";
    },
    onError: (error) => {
      throw error;
    },
    refreshMs: 10,
    teamsMs: 10,
  });
  // Activity and news reach the consoles as bus signals, from any instance.
  const bus = createInProcessBus();
  hub.subscribeSignals(bus);
  return {
    hub,
    bus,
    news,
    queue,
    inbox,
    finish: () => done++,
    reads: () => reads,
    lookups: () => lookups,
  };
}

describe("OpsLive", () => {
  it("tells a console the hosts' queue at once and whenever a submission comes or is judged", async () => {
    const l = live();
    const out = sink();
    l.hub.connect(out.target);
    await settle();
    expect(out.events("submissions")).toEqual([{ waiting: 0, oldestAt: null }]);
    Object.assign(l.queue, { waiting: 2, oldestAt: "2026-11-25T09:00:00.000Z" });
    l.bus.broadcast("submissions", {});
    await settle();
    expect(out.events("submissions").at(-1)).toEqual({
      waiting: 2,
      oldestAt: "2026-11-25T09:00:00.000Z",
    });
  });

  it("tells a console the inbox's figures at once, after each message and each read", async () => {
    const l = live();
    const out = sink();
    l.hub.connect(out.target);
    await settle();
    expect(out.events("inbox")).toEqual([{ unread: 0, open: 0, newest: 0 }]);
    Object.assign(l.inbox, { unread: 1, open: 1, newest: 7 });
    const message = { stream: "player:4", id: 7, playerId: 4, name: null, text: "Hilfe", at: "" };
    l.bus.broadcast("organisers", message);
    await until(() => out.events("inbox").length === 2);
    expect(out.events("inbox").at(-1)).toEqual({ unread: 1, open: 1, newest: 7 });
    Object.assign(l.inbox, { unread: 0 });
    l.bus.broadcast("inbox", {});
    await until(() => out.events("inbox").length === 3);
    expect(out.events("inbox").at(-1)).toEqual({ unread: 0, open: 1, newest: 7 });
  });

  it("sends a console the overview and the news at once, then figures only when they change", async () => {
    const l = live();
    const out = sink();
    const close = l.hub.connect(out.target);
    await settle();
    expect(out.events("overview")).toHaveLength(1);
    expect(out.events("news")).toEqual([{ news: [] }]);
    // Read every tick, sent once more only because the figures changed (not the time).
    await settle(60);
    const unchanged = out.events("overview").length;
    l.finish();
    await settle(60);
    expect(out.events("overview")).toHaveLength(unchanged + 1);
    close();
    const reads = l.reads();
    await settle(60);
    expect(l.reads()).toBe(reads);
  });

  it("describes what players do with their names, titles and points, looking each name up once", async () => {
    const l = live();
    const out = sink();
    l.hub.connect(out.target);
    const at = Date.UTC(2026, 10, 25, 9);
    l.bus.broadcast("activity", { kind: "activated", stream: "team:3", id: 1, points: 0, at });
    l.bus.broadcast("activity", { kind: "done", stream: "team:3", id: 1, points: 2, at });
    l.bus.broadcast("activity", { kind: "story", stream: "player:7", id: 1, points: 0, at });
    await settle();
    const story = pack.stories?.find((s) => s.id === 1);
    expect(out.events("activity")).toEqual([
      {
        at: new Date(at).toISOString(),
        kind: "activated",
        who: "Lena & Team",
        stationId: 1,
        title: "Der Marktplatz",
      },
      {
        at: new Date(at).toISOString(),
        kind: "done",
        who: "Lena & Team",
        stationId: 1,
        title: "Der Marktplatz",
        points: 2,
        maxPoints: 3,
      },
      {
        at: new Date(at).toISOString(),
        kind: "story",
        who: "Wanderer 4117",
        title: story?.headline.de,
      },
    ]);
    expect(l.lookups()).toBe(2);
  });

  it("does no work for activity while no console is open, and ends every console on close", async () => {
    const l = live();
    l.bus.broadcast("activity", { kind: "activated", stream: "player:1", id: 1, points: 0, at: 0 });
    await settle();
    expect(l.lookups()).toBe(0);
    const out = sink();
    l.hub.connect(out.target);
    l.hub.closeAll();
    expect(out.ended()).toBe(true);
    expect(l.hub.size).toBe(0);
  });

  it("opens a console's feed with the last hour's activity, and its map with the shared positions", async () => {
    const at = Date.UTC(2026, 10, 25, 9);
    const l = live(
      [
        { kind: "done", stream: "team:3", id: 1, points: 2, at: at + 60_000 },
        { kind: "activated", stream: "team:3", id: 1, points: 0, at },
      ],
      [
        {
          stream: "team:3",
          members: [{ name: "Lena", latitude: 50.8, longitude: 8.77, accuracy: 9, age: 4 }],
        },
      ],
    );
    const out = sink();
    l.hub.connect(out.target);
    await settle();
    expect(out.events("recent")).toEqual([
      {
        activity: [
          expect.objectContaining({ kind: "done", who: "Lena & Team", points: 2, maxPoints: 3 }),
          expect.objectContaining({ kind: "activated", at: new Date(at).toISOString() }),
        ],
      },
    ]);
    expect(out.events("teams")).toEqual([
      {
        teams: [
          {
            id: 3,
            name: "Lena & Team",
            members: [{ name: "Lena", latitude: 50.8, longitude: 8.77, accuracy: 9, age: 4 }],
          },
        ],
      },
    ]);
    // A change of the positions goes out again (once for several changes close together).
    l.hub.teamsChanged();
    l.hub.teamsChanged();
    await settle(60);
    expect(out.events("teams")).toHaveLength(2);
  });

  it("drops a console that stops reading once 256 KB wait unsent, and writes on to the others", async () => {
    const l = live();
    const stalled = sink(false);
    const reader = sink();
    l.hub.connect(stalled.target);
    l.hub.connect(reader.target);
    await settle();
    // News lists of some 40 KB each, as long news in every language make them.
    for (let i = 1; i <= 20; i++) {
      l.news.unshift({
        id: i,
        at: new Date(0).toISOString(),
        text: { de: "ä".repeat(1000), en: "e".repeat(1000) },
        stationId: null,
        operator: null,
        withdrawnAt: null,
        urgent: false,
      });
      l.bus.broadcast("news", {});
      await settle(5);
    }
    expect(stalled.aborted()).toBe(true);
    const held = stalled.chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    expect(held).toBeLessThan(MAX_BUFFERED_BYTES + 64 * 1024);
    expect(reader.aborted()).toBe(false);
    expect(reader.events("news").at(-1)).toMatchObject({ news: { length: 20 } });
    expect(l.hub.size).toBe(1);
  });
});
