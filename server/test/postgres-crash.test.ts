import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api } from "./support/api";
import { Phone, withoutSnapshots } from "./support/phone";
import type { Received } from "./support/phone";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { startCluster } from "./support/throwaway-postgres";
import type { Cluster } from "./support/throwaway-postgres";

/**
 * A fault test: PostgreSQL's processes crash (`pg_ctl stop -m immediate`) right after players
 * saw the replies to their answers, on a database of the test's own. After the restart every
 * event a phone showed must still be in the log under its id, and the phones must go on with
 * exactly the log: nothing lost, doubled or rewritten.
 */

const SETTLE_MS = 8000;

let cluster: Cluster;
let a: TestApp;
let b: TestApp;
let apiA: Api;
let apiB: Api;
const phones: Phone[] = [];

beforeAll(async () => {
  // A server that lets commits return before their WAL is written, and a WAL writer that sleeps
  // long: whatever waits for it is still in memory when the processes die.
  cluster = await startCluster({ synchronous_commit: "off", wal_writer_delay: "10s" });
  const database = { kind: "postgres" as const, url: cluster.url };
  a = await startApp({ database });
  b = await startApp({ database });
  apiA = new Api(a.url);
  apiB = new Api(b.url);
}, 60_000);

afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.stop()));
  await a.close();
  await b.close();
  await cluster.remove();
}, 60_000);

async function phone(api: Api, hash: string): Promise<Phone> {
  const opened = new Phone(api, hash);
  phones.push(opened);
  await opened.start();
  return opened;
}

async function logOf(hash: string): Promise<Received[]> {
  const player = await a.store.repos.players.findByTokenHash(hashToken(hash));
  const rows = await a.store.repos.events.listAfter(`player:${player?.id}`, 0);
  return rows.map((row) => ({ id: row.seq, event: row.type, data: row.payload }));
}

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${SETTLE_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The answers' echoes a phone showed, in order. */
const echoes = (held: Phone) =>
  held.events.flatMap((event) => {
    const data = JSON.parse(event.data) as { Originator?: string; Text?: string };
    return event.event === "webtext" && data.Originator === "user" ? [data.Text] : [];
  });

describe("a crash of PostgreSQL's processes", () => {
  it("keeps every reply a phone showed, and the phones go on with exactly the log", async () => {
    const players = await Promise.all([apiA.optin(), apiA.optin(), apiA.optin()]);
    const held: Phone[] = [];
    for (const [i, hash] of players.entries()) {
      held.push(await phone(i % 2 === 0 ? apiA : apiB, hash));
      await apiA.game("station/activate", { StationID: 1, Hash: hash });
    }
    // The answer path's own writes come last: no other commit writes them to disk meanwhile.
    for (let round = 1; round <= 3; round++) {
      for (const [i, hash] of players.entries()) {
        const answer = `falsch ${round}${i}`;
        await apiA.game("player/answer", { StationID: 1, Answer: answer, Hash: hash });
      }
    }
    // The players saw every reply.
    for (const [i, hash] of players.entries()) {
      const log = await logOf(hash);
      await eventually(() => held[i]?.lastId === log.at(-1)?.id, `phone ${i} has its replies`);
    }
    const seen = held.map((one) => withoutSnapshots(one.events));

    await cluster.stop("immediate");
    await cluster.start();

    for (const [i, hash] of players.entries()) {
      await apiA.game("player/answer", { StationID: 1, Answer: `danach ${i}`, Hash: hash });
    }
    for (const [i, hash] of players.entries()) {
      const log = withoutSnapshots(await logOf(hash));
      // Nothing a phone showed is gone from the log or different there.
      expect(log.slice(0, seen[i]?.length), `log ${i}`).toEqual(seen[i]);
      const phoneNow = held[i];
      if (!phoneNow) throw new Error("no phone");
      await eventually(() => echoes(phoneNow).includes(`danach ${i}`), `phone ${i} goes on`);
      await eventually(() => phoneNow.lastId >= (log.at(-1)?.id ?? 0), `phone ${i} has it all`);
      expect(phoneNow.faults, `phone ${i}`).toEqual([]);
      expect(withoutSnapshots(phoneNow.events), `phone ${i}`).toEqual(log);
    }
  }, 60_000);
});
