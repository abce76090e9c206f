import { resolve } from "node:path";
import type { OpsOverview } from "@wegmarke/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config";
import { loadContentPack } from "../content/loader";
import type { ContentPack } from "../content/model";
import { chunkText } from "../events/sse";
import type { SseSink } from "../events/stream-hub";
import { OpsLive } from "./live";

let pack: ContentPack;

beforeAll(async () => {
  pack = await loadContentPack(resolve(repoRoot, "content/demo"));
});

function sink() {
  const chunks: string[] = [];
  let ended = false;
  const target: SseSink = {
    write: (chunk) => void chunks.push(chunkText(chunk)),
    end: () => {
      ended = true;
    },
    abort: () => {
      ended = true;
    },
    buffered: () => 0,
  };
  const events = (type: string) =>
    chunks
      .join("")
      .split("\n\n")
      .filter((block) => block.startsWith(`event: ${type}\n`))
      .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as unknown);
  return { target, events, ended: () => ended };
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

function live() {
  let done = 0;
  let reads = 0;
  let lookups = 0;
  const overview = async (): Promise<OpsOverview> => {
    reads++;
    return {
      at: new Date(Date.UTC(2026, 10, 25, 9, 0, reads)).toISOString(),
      players: { total: 5, registered: 1, online: 2 },
      teams: 0,
      streams: 2,
      stations: [],
      stories: [],
      ...(done > 0 && { teams: done }),
    };
  };
  const hub = new OpsLive({
    pack,
    overview,
    news: async () => [],
    name: async (stream) => {
      lookups++;
      return stream === "team:3" ? "Lena & Team" : "Wanderer 4117";
    },
    onError: (error) => {
      throw error;
    },
    refreshMs: 10,
  });
  return {
    hub,
    finish: () => done++,
    reads: () => reads,
    lookups: () => lookups,
  };
}

describe("OpsLive", () => {
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
    l.hub.activity({ kind: "activated", stream: "team:3", id: 1, points: 0, at });
    l.hub.activity({ kind: "done", stream: "team:3", id: 1, points: 2, at });
    l.hub.activity({ kind: "story", stream: "player:7", id: 1, points: 0, at });
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
    l.hub.activity({ kind: "activated", stream: "player:1", id: 1, points: 0, at: 0 });
    await settle();
    expect(l.lookups()).toBe(0);
    const out = sink();
    l.hub.connect(out.target);
    l.hub.closeAll();
    expect(out.ended()).toBe(true);
    expect(l.hub.size).toBe(0);
  });
});
