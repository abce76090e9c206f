/** Server-sent events wire format (WHATWG HTML, "Server-sent events"). */

/** How long a client waits before reconnecting, in ms. */
const RETRY_MS = 3000;

/** Tells the client how long to wait before it reconnects (ms). */
export function sseRetry(ms = RETRY_MS): string {
  return `retry: ${ms}\n\n`;
}

/** A comment line: keeps proxies from closing an idle connection, ignored by clients. */
export const sseKeepAlive = ": keep-alive\n\n";

/** One event block; without `id` the client's last event id stays as it was. */
export function sseEvent(type: string, data: string, id?: number): string {
  const idLine = id === undefined ? "" : `id: ${id}\n`;
  const dataLines = data
    .split("\n")
    .map((line) => `data: ${line}\n`)
    .join("");
  return `${idLine}event: ${type}\n${dataLines}\n`;
}

/** `text` as one chunk of HTTP/1.1's chunked transfer coding: its length in hex, CRLF, its bytes, CRLF. */
export function httpChunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

/** Text written to many streams, encoded once: as it is, and as one HTTP/1.1 chunk. */
export type SharedChunk = {
  readonly text: string;
  readonly bytes: Buffer;
  readonly framed: Buffer;
};

export function sharedChunk(text: string): SharedChunk {
  return { text, bytes: Buffer.from(text), framed: Buffer.from(httpChunk(text)) };
}

/** The text of a chunk, shared or not. */
export function chunkText(chunk: string | SharedChunk): string {
  return typeof chunk === "string" ? chunk : chunk.text;
}
