import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/accounts/tokens";
import { Api, texts, types } from "./support/api";
import { featurePack } from "./support/feature-pack";
import { ManualTime } from "./support/manual-time";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, tempDir } from "./support/test-app";
import type { StartOptions, TestApp } from "./support/test-app";

/** Two instances of the server on one PostgreSQL schema, as behind a load balancer. */

const T0 = "2026-05-01T10:00:00.000Z";
const SECOND = 1000;

let schema: TestSchema;
let apps: TestApp[];

beforeEach(async () => {
  schema = await createTestSchema();
  apps = [];
});

afterEach(async () => {
  for (const app of apps) await app.close();
  await schema.drop();
});

async function instance(options: Omit<StartOptions, "dbFile" | "database"> = {}): Promise<Api> {
  const app = await startApp({ database: schema.database, ...options });
  apps.push(app);
  return new Api(app.url);
}

/** The texts of a player's logged `webtext` events, oldest first. */
async function loggedTexts(hash: string): Promise<string[]> {
  const store = apps[0]?.store;
  const player = await store?.repos.players.findByTokenHash(hashToken(hash));
  const log = (await store?.repos.events.listAfter(`player:${player?.id}`, 0)) ?? [];
  return texts(log.map((row) => ({ id: String(row.seq), event: row.type, data: row.payload })));
}

/** Resolves once `check` holds, polling; fails after `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("two instances on one PostgreSQL database", () => {
  it("deliver what a call on one causes to the stream open on the other", async () => {
    const a = await instance();
    const b = await instance();
    const hash = await a.optin();
    const stream = await a.events(hash);
    expect((await stream.next()).event).toBe("playerstatus");

    await b.game("station/activate", { StationID: 1, Hash: hash });
    const intro = await stream.until("answer-expected");
    expect(intro.map((m) => m.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    await b.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const reaction = await stream.until("answer-expected");
    expect(texts(reaction)[0]).toBe("Katze");
    expect(reaction.map((m) => m.id)).toEqual(["7", "8", "9", "10"]);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("deliver a message due later exactly once, though both schedulers fire", async () => {
    const dir = await tempDir();
    try {
      const pack = await featurePack(dir.dir);
      const timeA = new ManualTime(T0);
      const a = await instance({ pack, clock: timeA.clock, timer: timeA.timer });
      const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => a.optin()));
      for (const hash of players) await a.game("station/activate", { StationID: 1, Hash: hash });
      // B starts with the rows already stored: its scheduler is set to them as well.
      const timeB = new ManualTime(T0);
      const b = await instance({ pack, clock: timeB.clock, timer: timeB.timer });
      expect(timeA.armed()).toEqual(["2026-05-01T10:00:30.000Z"]);
      expect(timeB.armed()).toEqual(["2026-05-01T10:00:30.000Z"]);
      const stream = await b.events(players[0] ?? "");
      expect(types(await stream.until("webcontent"))).toEqual([
        "playerstatus",
        "webtext",
        "webcontent",
      ]);

      // Both fire at once: every due row goes out from one of them.
      timeA.advance(30 * SECOND);
      timeB.advance(30 * SECOND);
      expect(texts([await stream.next(), await stream.next()])).toEqual([
        "Gefunden!",
        "Hier ist es.",
      ]);
      // Each scheduler is done once it is set to the next row (the question, 10 s on).
      const next = "2026-05-01T10:00:40.000Z";
      await eventually(() => timeA.armed()[0] === next && timeB.armed()[0] === next);
      expect(await stream.drain()).toEqual([]);
      for (const hash of players) {
        expect(await loggedTexts(hash)).toEqual([
          "Ich suche das Buch.",
          "Gefunden!",
          "Hier ist es.",
        ]);
      }
      stream.close();
    } finally {
      await dir.remove();
    }
  });
});
