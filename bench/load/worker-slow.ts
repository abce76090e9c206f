/**
 * The slow-readers scenario's part of a load client (worker.ts): players whose raw sockets ask
 * for the stream and never read, each with one reading stream and answers one after another.
 */
import net from "node:net";
import { performance } from "node:perf_hooks";
import type { SlowAnswersResult, SlowCheckResult, SlowOpenResult, WorkerConfig } from "./messages";
import { tcpSockets } from "./proc";
import { count, round2 } from "./stats";
import type { Player } from "./worker-player";

export const ANSWER_PATH = "/api/game/player/answer";

/** What the slow readers take from the worker. */
export type SlowDeps = {
  config: WorkerConfig;
  /** The worker's players: the slow ones are registered there and taken out. */
  players: Player[];
  register: (count: number, concurrency: number) => Promise<unknown>;
  openStream: (player: Player, opened: (failure?: string) => void) => void;
  activateOne: (player: Player) => Promise<string | undefined>;
  waitFor: (player: Player, event: string, timeoutMs: number) => Promise<string | undefined>;
  post: (path: string, body: string, done: (status: number | string) => void) => number;
};

export class SlowReaders {
  readonly slowPlayers: Player[] = [];
  private readonly sockets: net.Socket[] = [];

  constructor(private readonly deps: SlowDeps) {}

  async open(sockets: number, playerCount: number): Promise<SlowOpenResult> {
    const started = performance.now();
    const before = this.deps.players.length;
    await this.deps.register(playerCount, playerCount);
    this.slowPlayers.push(...this.deps.players.splice(before));
    if (this.slowPlayers.length < playerCount)
      throw new Error("could not register the slow players");
    // The raw sockets first (round-robin over the players), the reading streams after them: a
    // server that caps the streams of one device ends the oldest, and the reader must survive.
    let opened = 0;
    await Promise.all(
      Array.from({ length: sockets }, async (_, i) => {
        const player = this.slowPlayers[i % this.slowPlayers.length];
        if (player && (await this.rawStream(player.token))) opened++;
      }),
    );
    const answered = await this.serverAnswered(10_000);
    const failures = await Promise.all(
      this.slowPlayers.map(async (player) => {
        const failure = await new Promise<string | undefined>((resolve) =>
          this.deps.openStream(player, resolve),
        );
        if (failure) return `reading stream did not open: ${failure}`;
        const activated = await this.deps.activateOne(player);
        if (activated) return `station did not start: ${activated}`;
        player.ready = true;
        return undefined;
      }),
    );
    const failure = failures.find((f) => f !== undefined);
    if (failure) throw new Error(`slow-readers player: ${failure}`);
    return { opened, answered, ms: performance.now() - started };
  }

  /** A socket that asks for the player's stream and then never reads; true once it is sent. */
  private rawStream(token: string): Promise<boolean> {
    const request =
      `GET /api/game/events?hash=${token} HTTP/1.1\r\n` +
      `Host: ${this.deps.config.stream.host}:${this.deps.config.stream.port}\r\n` +
      `Accept: text/event-stream\r\n` +
      // Without it an ended stream would leave the connection open for the next request, and a
      // socket that never reads could not tell.
      `Connection: close\r\n\r\n`;
    return new Promise((resolve) => {
      const socket = net.connect(this.deps.config.stream.port, this.deps.config.stream.host);
      // Never read: the kernel's receive buffer fills, then the server's send buffer, then the
      // server's own memory (unless it drops the stream).
      socket.pause();
      socket.on("error", () => resolve(false));
      socket.on("connect", () => {
        socket.pause();
        socket.write(request, () => resolve(true));
      });
      this.sockets.push(socket);
    });
  }

  /** Waits until the server has answered every raw socket (bytes wait unread, or it closed). */
  private async serverAnswered(timeoutMs: number): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const { answered } = this.inspect();
      if (answered === this.sockets.length || performance.now() > deadline) return answered;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The kernel's view of the raw sockets: answered by the server, closed by it, bytes unread. */
  private inspect(): { answered: number } & SlowCheckResult {
    const ports = this.sockets.map((s) => s.localPort).filter((p): p is number => p !== undefined);
    const { ours: kernel, theirs } = tcpSockets(ports, this.deps.config.stream.port);
    const result = {
      answered: 0,
      sockets: this.sockets.length,
      closedByServer: 0,
      unreadBytes: 0,
      unsentBytes: 0,
    };
    for (const entry of theirs.values()) result.unsentBytes += entry.txQueue;
    for (const socket of this.sockets) {
      const entry = socket.localPort === undefined ? undefined : kernel.get(socket.localPort);
      result.unreadBytes += entry?.rxQueue ?? 0;
      // CLOSE_WAIT: the server sent FIN; gone from the table: it reset the connection.
      const closed = socket.destroyed || entry === undefined || entry.state !== "ESTABLISHED";
      if (closed) result.closedByServer++;
      if (closed || (entry?.rxQueue ?? 0) > 0) result.answered++;
    }
    return result;
  }

  /** The slow players' answers, each player's one after another, the players side by side. */
  async answers(
    perPlayer: number,
    replyTimeoutMs: number,
    deadlineMs: number,
  ): Promise<SlowAnswersResult> {
    if (this.slowPlayers.length === 0) throw new Error("slow-open first");
    const started = performance.now();
    const result: SlowAnswersResult = { sent: 0, replies: 0, errors: {}, latencies: [], ms: 0 };
    const series = async (player: Player, answers: number) => {
      const body = `{"StationID":1,"Answer":"Katze","Hash":"${player.token}"}`;
      for (let i = 0; i < answers && result.stopped === undefined; i++) {
        if (performance.now() - started > deadlineMs) {
          result.stopped = `deadline of ${deadlineMs / 1000} s reached`;
          break;
        }
        if (!player.open) {
          result.stopped = "the server closed a reading stream";
          break;
        }
        const reply = this.deps.waitFor(player, "answer-expected", replyTimeoutMs);
        let sentAt = 0;
        const status = await new Promise<number | string>((resolve) => {
          sentAt = this.deps.post(ANSWER_PATH, body, (s) => resolve(s));
        });
        result.sent++;
        if (status !== 200) {
          player.waiter = undefined;
          count(result.errors, status);
          result.stopped = `an answer failed: ${status}`;
          break;
        }
        if ((await reply) === undefined) {
          result.stopped = `no reply within ${replyTimeoutMs} ms`;
          break;
        }
        result.replies++;
        result.latencies.push(round2(performance.now() - sentAt));
      }
    };
    await Promise.all(this.slowPlayers.map((player) => series(player, perPlayer)));
    result.ms = performance.now() - started;
    return result;
  }

  /** Counts the raw sockets the server has closed; with `close`, then closes them all. */
  check(close: boolean): SlowCheckResult {
    const { sockets, closedByServer, unreadBytes, unsentBytes } = this.inspect();
    if (close) this.closeAll();
    return { sockets, closedByServer, unreadBytes, unsentBytes };
  }

  closeAll(): void {
    for (const socket of this.sockets.splice(0)) socket.destroy();
    for (const player of this.slowPlayers) player.socket?.destroy();
  }
}
