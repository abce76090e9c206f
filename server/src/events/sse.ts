/** Server-sent events wire format (WHATWG HTML, "Server-sent events"). */

/** How long a client waits before reconnecting, in ms. */
const RETRY_MS = 3000;

/** Tells the client how long to wait before it reconnects. */
export function sseRetry(): string {
  return `retry: ${RETRY_MS}\n\n`;
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
