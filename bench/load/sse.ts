/**
 * A minimal server-sent events parser for the load client: it splits the text on blank lines
 * and reads the `event:` line of each block (and `data:` only when asked), nothing more. The
 * server writes `\n` line ends, `id:` before `event:`, and one `data:` line per event for
 * the events we read; comments (`: keep-alive`) and `retry:` blocks are skipped.
 */

/** Called per event; `block` is the whole block text, for the few callers that need data. */
export type SseHandler = (event: string, block: string) => void;

export class SseParser {
  private buffer = "";

  constructor(private readonly onEvent: SseHandler) {}

  /** Bytes held for an unfinished block (kept small: blocks are a few KB at most). */
  get buffered(): number {
    return this.buffer.length;
  }

  push(chunk: string): void {
    const text = this.buffer === "" ? chunk : this.buffer + chunk;
    let start = 0;
    for (;;) {
      const end = text.indexOf("\n\n", start);
      if (end === -1) break;
      this.block(text.slice(start, end));
      start = end + 2;
    }
    this.buffer = start === 0 ? text : text.slice(start);
  }

  private block(block: string): void {
    let at = block.startsWith("id:") ? block.indexOf("\n") + 1 : 0;
    if (at === 0 && block.startsWith("id:")) return;
    if (!block.startsWith("event:", at)) return;
    at += block.charCodeAt(at + 6) === 32 ? 7 : 6;
    const end = block.indexOf("\n", at);
    this.onEvent(end === -1 ? block.slice(at) : block.slice(at, end), block);
  }
}

/** The `data:` of a block (first data line; the server writes JSON on one line). */
export function dataOf(block: string): string {
  const at = block.indexOf("\ndata:");
  if (at === -1) return "";
  const start = at + (block.charCodeAt(at + 6) === 32 ? 7 : 6);
  const end = block.indexOf("\n", start);
  return end === -1 ? block.slice(start) : block.slice(start, end);
}
