/**
 * The game-master scenario (issue 42): answers flow at `--rate` over every open stream while
 * hosts write `--lines` lines a second into players' running stations (`POST
 * /api/ops/players/{id}/lines`) and players write `--messages` messages a second to the
 * organisers (`POST /api/game/organisers`). A line is delivered when it arrives on its player's
 * stream (the workers find its mark); a message when a console's live stream (`GET
 * /api/ops/live`, held here) announces an inbox whose newest message is it or a later one.
 */
import { performance } from "node:perf_hooks";
import { sharedNow } from "./clock";
import type { GmLinesResult, GmMessagesResult } from "./messages";
import { OpsClient } from "./ops-client";
import { openRawStream } from "./raw-stream";
import { fmt, printStep, total } from "./report";
import { divide, measure, setUp } from "./scenarios";
import type { Context, Outcome } from "./scenarios";
import { dataOf, SseParser } from "./sse";
import { summarise } from "./stats";
import type { LatencySummary } from "./stats";

/** The players' ids, as the console's list of players has them. */
async function playerIds(client: OpsClient, expected: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; offset < expected + 200; offset += 200) {
    const page = await client.call("GET", `/api/ops/players?limit=200&offset=${offset}`);
    if (page.status !== 200) throw new Error(`the players' list: ${page.status}`);
    const players = (JSON.parse(page.body) as { players: { id: number }[] }).players;
    ids.push(...players.map((player) => player.id));
    if (players.length < 200) break;
  }
  return ids;
}

/** The console's live stream: each `inbox` event's newest message, when it came. */
function watchInbox(ctx: Context, token: string) {
  const seen: { at: number; newest: number }[] = [];
  let failure: string | undefined;
  const parser = new SseParser((event, block) => {
    if (event !== "inbox") return;
    const newest = (JSON.parse(dataOf(block)) as { newest?: number }).newest;
    if (typeof newest === "number") seen.push({ at: sharedNow(), newest });
  });
  const { host, port } = ctx.servers.posts;
  const socket = openRawStream(
    { host, port, localAddress: "127.0.0.2" },
    "/api/ops/live",
    {
      status: (code) => {
        if (code !== 200) failure = `GET /api/ops/live: ${code}`;
      },
      text: (chunk) => parser.push(chunk),
      closed: (error) => {
        failure ??= `the console's stream ended${error ? `: ${error}` : ""}`;
      },
    },
    { Authorization: `Bearer ${token}` },
  );
  return { seen, failure: () => failure, close: () => socket.destroy() };
}

type Line = { n: number; sentAt: number; status: number | string };

/** `count` lines evenly over `durationMs`, each to a player of `ids` in turn, as "Spielleitung". */
async function sendLines(client: OpsClient, ids: number[], count: number, durationMs: number) {
  const started = performance.now();
  const calls: Promise<Line>[] = [];
  for (let n = 0; n < count; n++) {
    const wait = started + (n * durationMs) / count - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = ids[(n * 7919) % ids.length];
    const text = `Hallo aus der Spielleitung, kommt ihr voran? ~L${n}~`;
    calls.push(
      client
        .call("POST", `/api/ops/players/${id}/lines`, { stationId: 1, from: "Spielleitung", text })
        .then((answer) => ({ n, sentAt: answer.sentAt, status: answer.status })),
    );
  }
  return Promise.all(calls);
}

type Delivery = { sent: number; delivered: number; missing: number; latency: LatencySummary };

function printDelivery(ctx: Context, key: string, what: string, d: Delivery, errors: number) {
  ctx.report.figure(
    `${key}.delivered`,
    `${what} delivered`,
    `${d.delivered} of ${d.sent}, ${d.missing} missing, ${errors} errors`,
    { ...d, errors },
  );
  ctx.report.figure(
    `${key}.latency`,
    `${what}, sent to delivered`,
    `p50 ${fmt.ms(d.latency.p50)}, p99 ${fmt.ms(d.latency.p99)}, max ${fmt.ms(d.latency.max)}`,
    d.latency,
  );
}

export async function gameMasterScenario(ctx: Context): Promise<Outcome> {
  const { options, report, servers, pool } = ctx;
  const token = servers.operatorToken;
  if (token === undefined) throw new Error("the game-master scenario needs OPERATOR_TOKEN");
  if (options.games !== 1) throw new Error("the game-master scenario plays one game");
  const timeoutMs = options.requestTimeout * 1000;
  const client = new OpsClient(servers.posts, token, timeoutMs);
  const hosts = new OpsClient(servers.posts, token, timeoutMs);
  const ready = await setUp(ctx, true);
  const players = ready.reduce((sum, n) => sum + n, 0);
  if (players < options.streams) {
    return { ok: false, verdict: `FAIL: ${players} of ${options.streams} players set up` };
  }
  const ids = await playerIds(client, players);
  if (ids.length < players) throw new Error(`${ids.length} players listed of ${players}`);
  const inbox = watchInbox(ctx, token);
  try {
    if (options.warmup > 0) await measure(ctx, -1, options.rate, ready, options.warmup);
    const durationMs = options.duration * 1000;
    const lineCount = Math.round(options.lines * options.duration);
    const messageCount = Math.round(options.messages * options.duration);
    report.say(
      `-- measurement: ${options.rate} answers/s, ${options.lines} hosts' lines/s and ` +
        `${options.messages} messages to the organisers/s for ${options.duration} s --`,
    );
    const shares = divide(messageCount, ready);
    const [step, lines, messages] = await Promise.all([
      measure(ctx, 0, options.rate, ready),
      sendLines(hosts, ids, lineCount, durationMs),
      pool.all<GmMessagesResult>(
        (i) => ({ kind: "gm-messages", count: shares[i] ?? 0, durationMs }),
        durationMs + timeoutMs + 10_000,
      ),
    ]);
    printStep(
      report,
      "measure",
      step,
      servers.instances.map((s) => s.name),
    );
    // Whatever is still on its way gets the grace the answers get.
    await new Promise((r) => setTimeout(r, options.grace * 1000));

    const arrived = new Map<number, number>();
    let duplicates = 0;
    for (const result of await pool.all<GmLinesResult>(() => ({ kind: "gm-lines" }), 10_000)) {
      duplicates += result.duplicates;
      for (const [n, at] of result.arrivals) {
        if (arrived.has(n)) duplicates++;
        else arrived.set(n, at);
      }
    }
    const sentLines = lines.filter((line) => line.status === 200);
    const lineErrors: Record<string, number> = {};
    for (const line of lines) {
      if (line.status !== 200) lineErrors[line.status] = (lineErrors[line.status] ?? 0) + 1;
    }
    const lineLatencies = sentLines.flatMap((line) => {
      const at = arrived.get(line.n);
      return at === undefined ? [] : [at - line.sentAt];
    });
    const lineDelivery: Delivery = {
      sent: sentLines.length,
      delivered: lineLatencies.length,
      missing: sentLines.length - lineLatencies.length,
      latency: summarise([lineLatencies]),
    };
    printDelivery(ctx, "lines", "hosts' lines", lineDelivery, total(lineErrors));
    if (total(lineErrors) > 0) report.say(`   lines' errors: ${fmt.counts(lineErrors)}`);
    if (duplicates > 0) report.say(`   lines that arrived twice: ${duplicates}`);

    const sentMessages = messages.flatMap((result) => result.sent);
    const messageErrors: Record<string, number> = {};
    for (const result of messages) {
      for (const [key, n] of Object.entries(result.errors)) {
        messageErrors[key] = (messageErrors[key] ?? 0) + n;
      }
    }
    // Announced by the first inbox event after it was sent that names it or a later one.
    const events = inbox.seen;
    const messageLatencies = sentMessages.flatMap((message) => {
      const event = events.find((e) => e.at >= message.sentAt && e.newest >= message.id);
      return event === undefined ? [] : [event.at - message.sentAt];
    });
    const messageDelivery: Delivery = {
      sent: sentMessages.length,
      delivered: messageLatencies.length,
      missing: sentMessages.length - messageLatencies.length,
      latency: summarise([messageLatencies]),
    };
    printDelivery(
      ctx,
      "messages",
      "players' messages to the organisers",
      messageDelivery,
      total(messageErrors),
    );
    if (total(messageErrors) > 0) report.say(`   messages' errors: ${fmt.counts(messageErrors)}`);
    report.figure(
      "messages.inboxEvents",
      "inbox events on the console's stream",
      String(events.length),
      events.length,
    );
    const streamFailure = inbox.failure();
    if (streamFailure) report.say(`   ${streamFailure}`);

    const budget = options.p99 ?? 50;
    const within = (d: Delivery) => d.missing === 0 && d.latency.p99 <= options.deliveryP99;
    const ok =
      step.missing === 0 &&
      step.latency.p99 <= budget &&
      total(step.errors) === 0 &&
      lineDelivery.sent === lineCount &&
      within(lineDelivery) &&
      messageDelivery.sent === messageCount &&
      within(messageDelivery) &&
      streamFailure === undefined;
    const text =
      `answers p99 ${fmt.ms(step.latency.p99)} (budget ${budget} ms), ${step.missing} missing; ` +
      `lines p99 ${fmt.ms(lineDelivery.latency.p99)}, ${lineDelivery.delivered} of ${lineCount}; ` +
      `messages p99 ${fmt.ms(messageDelivery.latency.p99)}, ` +
      `${messageDelivery.delivered} of ${messageCount} (budget ${options.deliveryP99} ms)`;
    return { ok, verdict: `${ok ? "PASS" : "FAIL"}: ${text}` };
  } finally {
    inbox.close();
  }
}
