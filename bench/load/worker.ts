/**
 * A load client process (forked by pool.ts, run with tsx). It holds its share of the players:
 * one socket per event stream, a small keep-alive pool for POSTs, and a minimal SSE parser.
 * Per event it does a string search and a few field updates; JSON is parsed only in setup.
 * It shares the cores with the server, so everything here stays lean.
 */
import http from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sharedNow } from "./clock";
import type {
  Command,
  Counts,
  MeasureResult,
  Reply,
  Request,
  SetupResult,
  WorkerConfig,
} from "./messages";
import { openRawStream } from "./raw-stream";
import { SseParser, dataOf } from "./sse";
import { GameMasterTraffic } from "./worker-gm";
import { count, round2 } from "./stats";
import { NewsArrivals } from "./worker-news";
import { newPlayer } from "./worker-player";
import type { Player } from "./worker-player";
import { ANSWER_PATH, SlowReaders } from "./worker-slow";

const config = JSON.parse(process.argv[2] ?? "{}") as WorkerConfig;
const postAgent = new http.Agent({
  keepAlive: true,
  maxSockets: config.pool,
  maxFreeSockets: config.pool,
});

const players: Player[] = [];
let closing = false;
let streamsEnded = 0;
let late = 0;
/** `late` as far as results have reported it. */
let lateReported = 0;
let unsolicited = 0;
/** Answer POSTs under way. */
let inFlight = 0;

/** A POST with a JSON body; `done` gets the status (or error code) once, and the body if asked. */
function post(
  path: string,
  body: string,
  done: (status: number | string, socketAt: number, text?: string) => void,
  wantBody = false,
): number {
  let finished = false;
  let socketAt = NaN;
  const finish = (status: number | string, text?: string) => {
    if (finished) return;
    finished = true;
    done(status, socketAt, text);
  };
  const request = http.request({
    agent: postAgent,
    host: config.post.host,
    port: config.post.port,
    method: "POST",
    path,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  request.on("socket", () => (socketAt = performance.now()));
  request.on("response", (response) => {
    const status = response.statusCode ?? 0;
    if (!wantBody || status !== 200) {
      response.resume();
      response.on("end", () => finish(status));
    } else {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => finish(status, text));
    }
    response.on("error", () => finish("response-aborted"));
  });
  request.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
  request.setTimeout(config.requestTimeoutMs, () => {
    request.destroy(Object.assign(new Error("timeout"), { code: "timeout" }));
  });
  const sentAt = performance.now();
  request.end(body);
  return sentAt;
}

/** Runs `count` tasks, at most `concurrency` at a time; a task calls `next` when it is done. */
function limited(
  total: number,
  concurrency: number,
  task: (i: number, next: () => void) => void,
): Promise<void> {
  return new Promise((resolve) => {
    let started = 0;
    let finished = 0;
    if (total === 0) return resolve();
    const startOne = () => {
      const i = started++;
      let called = false;
      task(i, () => {
        if (called) return;
        called = true;
        finished++;
        if (finished === total) resolve();
        else if (started < total) startOne();
      });
    };
    for (let i = 0; i < Math.min(concurrency, total); i++) startOne();
  });
}

/** Waits for `event` on the player's stream, at most `timeoutMs`; false on timeout. */
function waitFor(player: Player, event: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      player.waiter = undefined;
      resolve(undefined);
    }, timeoutMs);
    player.waiter = {
      event,
      then: (block) => {
        clearTimeout(timer);
        resolve(block);
      },
    };
  });
}

async function register(countWanted: number, concurrency: number): Promise<SetupResult> {
  const started = performance.now();
  const failed: Counts = {};
  const body = JSON.stringify({ story_id: "marburg" });
  await limited(countWanted, concurrency, (i, next) => {
    const base = config.games[i % config.games.length] ?? "";
    post(
      `${base}/api/account/player/optin/anon`,
      body,
      (status, _socketAt, text) => {
        const token = status === 200 && text ? tokenOf(text) : undefined;
        if (token) players.push(newPlayer(token, players.length, base));
        else count(failed, status === 200 ? "bad body" : status);
        next();
      },
      true,
    );
  });
  return { done: players.length, failed, ms: performance.now() - started };
}

function tokenOf(text: string): string | undefined {
  try {
    const value = (JSON.parse(text) as { value?: unknown }).value;
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Opens the player's stream; `opened` gets undefined once playerstatus arrived, else why not. */
function openStream(player: Player, opened: (failure?: string) => void): void {
  let reported = false;
  const report = (failure?: string) => {
    if (reported) return;
    reported = true;
    clearTimeout(timer);
    opened(failure);
  };
  const timer = setTimeout(() => {
    report("timeout");
    socket.destroy();
  }, config.requestTimeoutMs);
  player.waiter = { event: "playerstatus", then: () => report() };
  const parser = new SseParser((event, block) => onEvent(player, event, block));
  // One socket per stream, as every browser holds its own.
  const socket = openRawStream(
    { ...config.stream, localAddress: `127.0.0.${10 + config.index}` },
    `${player.base}/api/game/events?hash=${player.token}`,
    {
      status: (code) => {
        if (code === 200) return;
        report(String(code));
        socket.destroy();
      },
      text: (chunk) => parser.push(chunk),
      closed: (error) => {
        report(error ?? "closed");
        streamClosed(player);
      },
    },
  );
  player.socket = socket;
}

/** The server ended a stream (or it broke): the player is out of the run. */
function streamClosed(player: Player): void {
  if (closing) return;
  if (player.open) streamsEnded++;
  player.open = false;
  player.retired = true;
}

/** One event on a player's stream: the hot path, so it does as little as it can. */
function onEvent(player: Player, event: string, block: string): void {
  const waiter = player.waiter;
  if (waiter !== undefined && waiter.event === event) {
    player.waiter = undefined;
    if (event === "playerstatus") {
      player.open = true;
      player.opened = true;
    }
    waiter.then(block);
    return;
  }
  if (event === "webtext") return gm.onWebtext(block);
  if (event === "news") return news.onNews(player, block);
  if (event !== "answer-expected") return;
  if (!player.pending) {
    unsolicited++;
    return;
  }
  player.pending = false;
  const step = current;
  if (step !== undefined && step.id === player.step && step.collecting) {
    step.latencies.push(performance.now() - player.sentAt);
    step.outstanding--;
  } else {
    late++;
  }
  release(player);
}

async function open(concurrency: number): Promise<SetupResult> {
  const started = performance.now();
  const failed: Counts = {};
  let done = 0;
  await limited(players.length, concurrency, (i, next) => {
    const player = players[i];
    if (!player) return next();
    openStream(player, (failure) => {
      if (failure === undefined) done++;
      else {
        count(failed, failure);
        player.retired = true;
      }
      next();
    });
  });
  return { done, failed, ms: performance.now() - started };
}

async function subscribe(pushOrigin: string, concurrency: number): Promise<SetupResult> {
  const started = performance.now();
  const failed: Counts = {};
  let done = 0;
  const base = `http://${config.post.host}:${config.post.port}`;
  await limited(players.length, concurrency, (i, next) => {
    const player = players[i];
    if (!player || player.retired) return next();
    void (async () => {
      try {
        const device = await fetch(`${pushOrigin}/subscriptions`, { method: "POST" });
        const { endpoint, keys } = (await device.json()) as { endpoint: string; keys: unknown };
        const response = await fetch(`${base}/api/push/subscription`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ Hash: player.token, endpoint, keys, news: false }),
          signal: AbortSignal.timeout(config.requestTimeoutMs),
        });
        await response.arrayBuffer();
        if (response.status === 200) done++;
        else count(failed, response.status);
      } catch (error) {
        count(failed, (error as NodeJS.ErrnoException).code ?? String(error));
      }
      next();
    })();
  });
  return { done, failed, ms: performance.now() - started };
}

async function activate(concurrency: number): Promise<SetupResult> {
  const started = performance.now();
  const failed: Counts = {};
  let done = 0;
  await limited(players.length, concurrency, (i, next) => {
    const player = players[i];
    if (!player || player.retired) return next();
    void activateOne(player).then((failure) => {
      if (failure === undefined) {
        done++;
        player.ready = true;
        release(player);
      } else {
        count(failed, failure);
        player.retired = true;
      }
      next();
    });
  });
  return { done, failed, ms: performance.now() - started };
}

/** Starts station 1 for the player; undefined once its `answer-expected` arrived, else why not. */
async function activateOne(player: Player): Promise<string | undefined> {
  const expected = waitFor(player, "answer-expected", config.requestTimeoutMs);
  const body = JSON.stringify({ StationID: 1, Hash: player.token });
  const status = await new Promise<number | string>((resolve) =>
    post(`${player.base}/api/game/station/activate`, body, (s) => resolve(s)),
  );
  if (status !== 200) {
    player.waiter = undefined;
    return String(status);
  }
  const block = await expected;
  if (block === undefined) return "no answer-expected";
  return dataOf(block).includes('"StationID":1') ? undefined : "answer-expected of another station";
}

/** Free players, oldest first: who answers next (round-robin). */
class Ring {
  private readonly items: (Player | undefined)[];
  private head = 0;
  size = 0;

  constructor(capacity: number) {
    this.items = new Array<Player | undefined>(Math.max(1, capacity));
  }

  push(player: Player): void {
    this.items[(this.head + this.size) % this.items.length] = player;
    this.size++;
  }

  shift(): Player | undefined {
    if (this.size === 0) return undefined;
    const player = this.items[this.head];
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.items.length;
    this.size--;
    return player;
  }
}

let free = new Ring(0);

/** Puts the player back among those who may answer, once nothing of theirs is under way. */
function release(player: Player): void {
  if (player.retired || !player.ready || player.pending || player.httpBusy || player.queued) {
    return;
  }
  player.queued = true;
  free.push(player);
}

type Step = {
  id: number;
  collecting: boolean;
  latencies: number[];
  queueWaits: number[];
  errors: Counts;
  sent: number;
  skipped: number;
  outstanding: number;
};

let current: Step | undefined;

/** Sends one answer for the player within `step`. */
function answer(player: Player, step: Step): void {
  player.queued = false;
  player.pending = true;
  player.httpBusy = true;
  player.step = step.id;
  step.sent++;
  step.outstanding++;
  inFlight++;
  const body = `{"StationID":1,"Answer":"Katze","Hash":"${player.token}"}`;
  player.sentAt = post(player.base + ANSWER_PATH, body, (status, socketAt) => {
    player.httpBusy = false;
    inFlight--;
    const mine = step.collecting && player.step === step.id;
    if (mine) step.queueWaits.push(socketAt - player.sentAt);
    if (status === 200) return release(player);
    // Whether the failed call still changed the game is unknown: the player answers no more.
    player.retired = true;
    if (!mine) {
      late++;
      return;
    }
    count(step.errors, status);
    if (player.pending) {
      player.pending = false;
      step.outstanding--;
    }
  });
}

/** Waits (at most `ms`) until no answer POST of an earlier step is under way. */
async function settle(ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (inFlight > 0 && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function measure(id: number, total: number, durationMs: number, graceMs: number) {
  // A step after an overloaded one starts once the server has answered the calls of that one.
  await settle(10_000);
  const step: Step = {
    id,
    collecting: true,
    latencies: [],
    queueWaits: [],
    errors: {},
    sent: 0,
    skipped: 0,
    outstanding: 0,
  };
  current = step;
  // This client's own delays are in every latency it measures: they are reported beside them.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const started = performance.now();
  let issued = 0;
  return new Promise<MeasureResult>((resolve) => {
    // Every 2 ms: send what is owed by now; with no free player the answer is skipped.
    const pacer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(total, Math.floor((total * Math.min(elapsed, durationMs)) / durationMs));
      while (issued < due) {
        issued++;
        const player = free.shift();
        if (player === undefined) step.skipped++;
        else if (player.retired || !player.ready) {
          player.queued = false;
          issued--;
        } else answer(player, step);
      }
      if (elapsed < durationMs) return;
      clearInterval(pacer);
      const endBy = performance.now() + graceMs;
      const waiter = setInterval(() => {
        if (step.outstanding > 0 && performance.now() < endBy) return;
        clearInterval(waiter);
        lag.disable();
        step.collecting = false;
        const lateNow = late;
        resolve({
          sent: step.sent,
          skipped: step.skipped,
          replies: step.latencies.length,
          latencies: step.latencies.map(round2),
          queueWaits: step.queueWaits.map(round2),
          errors: step.errors,
          missing: step.outstanding,
          late: lateNow - lateReported,
          unsolicited,
          streamsEnded,
          players: players.filter((p) => p.ready && !p.retired).length,
          lagP99: lag.percentile(99) / 1e6,
          lagMax: lag.max / 1e6,
        });
        lateReported = lateNow;
      }, 10);
    }, 2);
  });
}

const news = new NewsArrivals(players, () => streamsEnded);
const slow = new SlowReaders({ config, players, register, openStream, activateOne, waitFor, post });
const gm = new GameMasterTraffic(players, post);

function closeAll(): void {
  closing = true;
  for (const player of players) player.socket?.destroy();
  slow.closeAll();
  postAgent.destroy();
}

async function run(command: Command): Promise<unknown> {
  switch (command.kind) {
    case "register":
      return register(command.count, command.concurrency);
    case "open":
      return open(command.concurrency);
    case "activate": {
      free = new Ring(players.length);
      return activate(command.concurrency);
    }
    case "measure":
      return measure(command.step, command.count, command.durationMs, command.graceMs);
    case "slow-open":
      return slow.open(command.sockets, command.players);
    case "slow-answers":
      return slow.answers(command.count, command.replyTimeoutMs, command.deadlineMs);
    case "slow-check":
      return slow.check(command.close);
    case "clock":
      return sharedNow();
    case "news-ready":
      return news.ready(command.timeoutMs);
    case "news-collect":
      return news.collect(command.id, command.sentAt, command.deadline);
    case "gm-messages":
      return gm.messages(command.count, command.durationMs);
    case "gm-lines":
      return gm.lines();
    case "subscribe":
      return subscribe(command.pushOrigin, command.concurrency);
    case "close":
      closeAll();
      return null;
  }
}

process.on("message", (message: Request) => {
  run(message.command).then(
    (result) => send({ id: message.id, result }),
    (error: unknown) => send({ id: message.id, error: String(error) }),
  );
});

function send(reply: Reply): void {
  process.send?.(reply, undefined, undefined, () => {
    if (reply.result === null) process.exit(0);
  });
}

// Loaded and listening: the orchestrator starts its clocks after this.
send({ id: 0, result: "ready" });

// The orchestrator went away (Ctrl-C, crash): nothing here is worth keeping.
process.on("disconnect", () => process.exit(0));
