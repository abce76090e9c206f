import { setTimeout as sleep } from "node:timers/promises";
import { SmsError } from "./sms-provider";
import type { SmsMessage, SmsProvider } from "./sms-provider";

export type HttpSmsOptions = {
  url: string;
  token: string;
  /** Per attempt; a gateway that hangs must not hold the player's call for long. */
  timeoutMs?: number;
  /** Attempts after the first one, for 5xx answers, timeouts and network errors. */
  retries?: number;
  /** Wait before the first retry; it doubles with each further one. */
  backoffMs?: number;
};

type Attempt = "sent" | { retry: boolean; error: SmsError };

/**
 * Production: posts `{to, text}` as JSON to an SMS gateway with a bearer token. A 4xx answer is
 * final (the request itself is wrong); 5xx, timeouts and network errors are tried again.
 */
export class HttpSmsProvider implements SmsProvider {
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(private readonly options: HttpSmsOptions) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 500;
  }

  async send(message: SmsMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(message);
      if (outcome === "sent") return;
      if (!outcome.retry || attempt >= this.retries) throw outcome.error;
      await sleep(this.backoffMs * 2 ** attempt);
    }
  }

  /** One POST and whether a failure is worth another. */
  private async attempt({ to, text }: SmsMessage): Promise<Attempt> {
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${this.options.token}`,
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      return {
        retry: true,
        error: new SmsError("gateway unreachable or too slow", { cause: error }),
      };
    }
    // Read the body to the end so the connection goes back to the pool.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return "sent";
    const retry = response.status >= 500;
    return { retry, error: new SmsError(`gateway answered ${response.status}`) };
  }
}
