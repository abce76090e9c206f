/**
 * The game-master scenario's part of a load client (worker.ts): when a host's line (its text
 * carries `~L<n>~`) reached a stream of this worker, and messages to the organisers sent from
 * its players, each with the id the server gave it.
 */
import { performance } from "node:perf_hooks";
import { shared } from "./clock";
import type { GmLinesResult, GmMessagesResult } from "./messages";
import { count } from "./stats";
import type { Player } from "./worker-player";

/** What a host's line carries for the client to know it: `~L17~`. */
export const LINE_MARK = "~L";

type Post = (
  path: string,
  body: string,
  done: (status: number | string, socketAt: number, text?: string) => void,
  wantBody: boolean,
) => number;

export class GameMasterTraffic {
  /** By the line's number: when it arrived (this process's clock). */
  private readonly arrivals = new Map<number, number>();
  private duplicates = 0;
  /** The next player to write (round-robin over those that answer). */
  private next = 0;

  constructor(
    private readonly players: Player[],
    private readonly post: Post,
  ) {}

  /** A `webtext` event: a host's line when it carries the mark. */
  onWebtext(block: string): void {
    const start = block.indexOf(LINE_MARK);
    if (start === -1) return;
    const at = performance.now();
    const from = start + LINE_MARK.length;
    const n = parseInt(block.slice(from, from + 12), 10);
    if (!Number.isSafeInteger(n)) return;
    if (this.arrivals.has(n)) this.duplicates++;
    else this.arrivals.set(n, at);
  }

  /** The lines that arrived so far, on the shared clock. */
  lines(): GmLinesResult {
    return {
      arrivals: [...this.arrivals].map(([n, at]) => [n, shared(at)]),
      duplicates: this.duplicates,
    };
  }

  /**
   * Sends `total` messages to the organisers evenly over `durationMs`, each from the next
   * player that still plays; answers when every call has been answered (or timed out).
   */
  messages(total: number, durationMs: number): Promise<GmMessagesResult> {
    const result: GmMessagesResult = { sent: [], errors: {}, failed: 0 };
    if (total === 0) return Promise.resolve(result);
    let issued = 0;
    let answered = 0;
    const started = performance.now();
    return new Promise((resolve) => {
      const one = () => {
        const player = this.pick();
        if (player === undefined) {
          count(result.errors, "no player");
          result.failed++;
          if (++answered === total) resolve(result);
          return;
        }
        const n = issued;
        const body = JSON.stringify({
          Hash: player.token,
          Text: `Wir finden den Weg nicht ~M${n}~`,
        });
        let sentAt = 0;
        sentAt = this.post(
          `${player.base}/api/game/organisers`,
          body,
          (status, _socketAt, text) => {
            const id = status === 200 ? idOf(text) : undefined;
            if (id === undefined) {
              count(result.errors, status === 200 ? "bad body" : status);
              result.failed++;
            } else result.sent.push({ id, sentAt: shared(sentAt) });
            if (++answered === total) resolve(result);
          },
          true,
        );
      };
      const pacer = setInterval(() => {
        const due = Math.min(
          total,
          Math.floor((total * (performance.now() - started)) / Math.max(1, durationMs)),
        );
        while (issued < due) {
          one();
          issued++;
        }
        if (issued >= total) clearInterval(pacer);
      }, 5);
    });
  }

  private pick(): Player | undefined {
    for (let tried = 0; tried < this.players.length; tried++) {
      const player = this.players[this.next++ % this.players.length];
      if (player && player.open && !player.retired) return player;
    }
    return undefined;
  }
}

function idOf(text: string | undefined): number | undefined {
  try {
    const id = (JSON.parse(text ?? "") as { value?: { ID?: unknown } }).value?.ID;
    return typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
}
