/**
 * Answer-to-reply latency under open streams: PLAYERS players each hold an event stream to a
 * real server process and starts the riddle station; we time from sending a (wrong) answer to
 * the station expecting an answer again on the player's stream: a full turn through the
 * engine, the store and the event log.
 * Budget: p95 below BUDGET_P95_MS. Exits 1 when the budget is missed.
 */
import { performance } from "node:perf_hooks";
import { startServer } from "../e2e/support/server";
import { SseClient } from "../server/test/support/sse-client";

const PLAYERS = Number(process.env.PLAYERS ?? 200);
const BUDGET_P95_MS = Number(process.env.BUDGET_P95_MS ?? 25);

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Reads events until one of `type` (and matching `test`) arrives. */
async function until(
  stream: SseClient,
  type: string,
  test: (data: string) => boolean = () => true,
) {
  for (;;) {
    const message = await stream.next(10_000);
    if (message.event === type && test(message.data)) return message;
  }
}

type Player = { hash: string; stream: SseClient };

/** Prints p50/p95/p99 of the latencies and returns p95. */
function report(label: string, latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
  const ms = (v = NaN) => `${v.toFixed(1)} ms`;
  console.log(`${label}: p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}`);
  return p95 ?? NaN;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** BENCH_URL measures a server that is already running; else a fresh one is started. */
const external = process.env.BENCH_URL;
const server = external ? null : await startServer({ LOG_LEVEL: "error" });
const baseUrl = external ?? server?.url;
try {
  const account = `${baseUrl}/api/account/`;
  const game = `${baseUrl}/api/game/`;
  const players: Player[] = await Promise.all(
    Array.from({ length: PLAYERS }, async () => {
      const { value: hash } = (await post(`${account}player/optin/anon`, {
        story_id: "marburg",
      })) as { value: string };
      const stream = await SseClient.connect(`${game}events?hash=${hash}`);
      await until(stream, "playerstatus");
      return { hash, stream };
    }),
  );
  for (const { hash, stream } of players) {
    await post(`${game}station/activate`, { StationID: 1, Hash: hash });
    await until(stream, "answer-expected");
  }

  const answer = async ({ hash, stream }: Player): Promise<number> => {
    const sent = performance.now();
    await post(`${game}player/answer`, { StationID: 1, Answer: "Katze", Hash: hash });
    await until(stream, "answer-expected");
    return performance.now() - sent;
  };

  // One at a time: the latency a player feels while the others' streams stay open.
  const single: number[] = [];
  for (const player of players) single.push(await answer(player));
  // All at once: a burst, as when a group answers together.
  const started = performance.now();
  const burst = await Promise.all(players.map(answer));
  const wall = performance.now() - started;
  for (const { stream } of players) stream.close();

  const p95 = report(`one at a time, ${PLAYERS} open streams`, single);
  report(`${PLAYERS} answers at once`, burst);
  console.log(`  ${(PLAYERS / (wall / 1000)).toFixed(0)} answers/s in the burst`);
  const ok = p95 < BUDGET_P95_MS;
  console.log(`budget: one at a time p95 < ${BUDGET_P95_MS} ms: ${ok ? "met" : "MISSED"}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server?.stop();
}
