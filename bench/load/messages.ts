/** What the orchestrator (main.ts, via pool.ts) and the client workers (worker.ts) exchange. */

/** Where a worker sends its calls: POSTs to one instance, streams to the same or another. */
export type WorkerConfig = {
  index: number;
  post: { host: string; port: number };
  stream: { host: string; port: number };
  /** The path prefix of each game the players are spread over ("" for the first). */
  games: string[];
  /** Keep-alive sockets for POSTs in this worker. */
  pool: number;
  /** Per-request timeout in setup phases, in ms. */
  requestTimeoutMs: number;
};

/** Counts by HTTP status ("500") or error code ("ECONNRESET", "timeout"). */
export type Counts = Record<string, number>;

export type Command =
  /** Registers `count` anonymous players, `concurrency` at a time. */
  | { kind: "register"; count: number; concurrency: number }
  /** Opens a stream per player; one is open when its first `playerstatus` arrives. */
  | { kind: "open"; concurrency: number }
  /** Starts the riddle station for every player; done when `answer-expected` arrives. */
  | { kind: "activate"; concurrency: number }
  /** Sends `count` answers evenly over `durationMs`, then waits up to `graceMs` for replies. */
  | { kind: "measure"; step: number; count: number; durationMs: number; graceMs: number }
  /** `players` extra players, each with a reading stream; `sockets` raw sockets over them that never read. */
  | { kind: "slow-open"; sockets: number; players: number }
  /** `count` answers of each player: one after another, each waiting for its reply. */
  | { kind: "slow-answers"; count: number; replyTimeoutMs: number; deadlineMs: number }
  /** Counts the raw sockets the server has closed; with `close`, then closes them all. */
  | { kind: "slow-check"; close: boolean }
  /** The worker's reading of the shared clock (clock.ts), to check it against ours. */
  | { kind: "clock" }
  /** Waits (at most `timeoutMs`) until every open stream has had its opening `news` event. */
  | { kind: "news-ready"; timeoutMs: number }
  /**
   * Collects the arrivals of news item `id` (a `news` event whose first item it is), timed
   * from `sentAt`, until every open stream has it or the shared clock reaches `deadline`.
   */
  | { kind: "news-collect"; id: number; sentAt: number; deadline: number }
  /**
   * Registers a device of each ready player with the push service at `pushOrigin` and hands the
   * subscription to the server (`PUT /api/push/subscription`), `concurrency` at a time.
   */
  | { kind: "subscribe"; pushOrigin: string; concurrency: number }
  /** Sends `count` messages to the organisers from this worker's players over `durationMs`. */
  | { kind: "gm-messages"; count: number; durationMs: number }
  /** The hosts' lines (marked `~L<n>~`) that reached this worker's streams so far. */
  | { kind: "gm-lines" }
  /** Ends every stream and socket (the process then exits). */
  | { kind: "close" };

export type SetupResult = {
  /** Players (register), streams (open) or stations (activate) done. */
  done: number;
  failed: Counts;
  ms: number;
};

export type MeasureResult = {
  sent: number;
  skipped: number;
  replies: number;
  /** ms from writing the answer to its `answer-expected`, per reply. */
  latencies: number[];
  /** ms the answer waited for a pooled socket, per answer sent. */
  queueWaits: number[];
  errors: Counts;
  missing: number;
  /** Replies and errors of earlier steps that arrived after those steps were reported. */
  late: number;
  /** `answer-expected` events no answer of ours asked for. */
  unsolicited: number;
  streamsEnded: number;
  /** Players that can still answer (stream open, no error). */
  players: number;
  /** This client's event-loop delay in the step, ms: its p99 and its longest. */
  lagP99: number;
  lagMax: number;
};

export type SlowOpenResult = {
  /** Raw sockets connected and their request sent. */
  opened: number;
  /** Raw sockets the server answered (bytes wait unread) or closed, within 10 s. */
  answered: number;
  ms: number;
};

export type SlowAnswersResult = {
  sent: number;
  replies: number;
  errors: Counts;
  latencies: number[];
  ms: number;
  /** Why the series stopped early, if it did. */
  stopped?: string;
};

export type SlowCheckResult = {
  sockets: number;
  /** Sockets the server had closed (FIN or reset) before we closed them. */
  closedByServer: number;
  /** Bytes the kernel held unread for our sockets. */
  unreadBytes: number;
  /** Bytes the kernel held unsent in the server's sockets to them. */
  unsentBytes: number;
};

export type NewsReadyResult = {
  /** Streams open now. */
  open: number;
  /** Of them, those whose opening `news` event has arrived. */
  ready: number;
};

export type NewsCollectResult = {
  /** Streams that were opened (each should get the item). */
  expected: number;
  /** Streams the item reached before the deadline. */
  delivered: number;
  /** ms from just before the POST (on the shared clock) to the arrival, per delivered stream. */
  latencies: number[];
  /** Streams that did not get it before the deadline. */
  missing: number;
  /** The item arrived a second time on a stream. */
  duplicates: number;
  /** Arrivals of earlier items after their collection ended. */
  late: number;
  /** Characters of the `news` event block that carried the item (one stream's). */
  eventChars: number;
  streamsEnded: number;
};

export type GmMessagesResult = {
  /** The messages the server took: its id, and just before the POST (shared clock). */
  sent: { id: number; sentAt: number }[];
  errors: Counts;
  failed: number;
};

export type GmLinesResult = {
  /** By the line's number, its arrival on a stream (shared clock). */
  arrivals: [number, number][];
  /** A line that arrived a second time. */
  duplicates: number;
};

export type Request = { id: number; command: Command };

export type Reply = { id: number; result?: unknown; error?: string };
