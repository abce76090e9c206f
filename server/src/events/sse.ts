import type { ConsoleEventMap, OpsThreadChanged, ServerEventMap } from "@wegmarke/protocol";
import type { LogRow } from "../store/event-repository";

/**
 * Server-sent events wire format (WHATWG HTML, "Server-sent events"): the one module that makes
 * stream text. Events go in typed by their map (ServerEventMap for players' streams,
 * ConsoleEventMap for the consoles'); logged events as their rows, typed when the game wrote
 * them (event-log.ts). A lint rule (eslint.config.js) keeps SSE text from being written
 * anywhere else.
 */

declare const made: unique symbol;
/** Stream text made here: sinks take nothing else. */
export type SseText = string & { readonly [made]: true };

/** How long a client waits before reconnecting, in ms. */
const RETRY_MS = 3000;

/** Tells the client how long to wait before it reconnects (ms). */
export function sseRetry(ms = RETRY_MS): SseText {
  return `retry: ${ms}\n\n` as SseText;
}

/** A comment line: keeps proxies from closing an idle connection, ignored by clients. */
export const sseKeepAlive = ": keep-alive\n\n" as SseText;

/** One event block; without `id` the client's last event id stays as it was. */
export function sseEvent(type: string, data: string, id?: number): SseText {
  const idLine = id === undefined ? "" : `id: ${id}\n`;
  const dataLines = data
    .split("\n")
    .map((line) => `data: ${line}\n`)
    .join("");
  return `${idLine}event: ${type}\n${dataLines}\n` as SseText;
}

/** An unlogged event of a player's stream (no id: it never moves the client's last id). */
export function serverEvent<E extends keyof ServerEventMap>(
  event: E,
  payload: ServerEventMap[E],
): SseText {
  return sseEvent(event, JSON.stringify(payload));
}

/** The event of a game master's watch of a chat: it grew (`opsThreadChanged`). */
export function threadChangedEvent(payload: OpsThreadChanged = {}): SseText {
  return sseEvent("changed", JSON.stringify(payload));
}

/** An event of an operators' console stream. */
export function consoleEvent<E extends keyof ConsoleEventMap>(
  event: E,
  payload: ConsoleEventMap[E],
): SseText {
  return sseEvent(event, JSON.stringify(payload));
}

/**
 * `head`, the logged rows with their ids, and `tail` as one text: what a stream writes per
 * wake-up. The rows' payloads are the JSON the game logged.
 */
export function withLogged(head: SseText, rows: readonly LogRow[], tail: SseText): SseText {
  let text: string = head;
  for (const row of rows) text += sseEvent(row.type, row.payload, row.seq);
  return (text + tail) as SseText;
}

/** No text: an event that has nothing to say. */
export const NO_TEXT = "" as SseText;

/** Texts one after another. */
export function joinText(texts: readonly SseText[]): SseText {
  return texts.join("") as SseText;
}

/** `text` as one chunk of HTTP/1.1's chunked transfer coding: its length in hex, CRLF, its bytes, CRLF. */
export function httpChunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

/** Text written to many streams, encoded once: as it is, and as one HTTP/1.1 chunk. */
export type SharedChunk = {
  readonly text: SseText;
  readonly bytes: Buffer;
  readonly framed: Buffer;
};

export function sharedChunk(text: SseText): SharedChunk {
  return { text, bytes: Buffer.from(text), framed: Buffer.from(httpChunk(text)) };
}

/** The text of a chunk, shared or not. */
export function chunkText(chunk: SseText | SharedChunk): SseText {
  return typeof chunk === "string" ? chunk : chunk.text;
}
