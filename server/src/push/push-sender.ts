import webpush from "web-push";
import type { PushPayload } from "@wegmarke/protocol";
import type { PushTarget } from "../store/push-repository";
import type { VapidKeys } from "./vapid-keys";
import { payloadIn } from "./push-transport";
import type { Payloads, PushOptions, PushOutcome } from "./push-transport";

export type PushSenderDeps = {
  keys: VapidKeys;
  /** `VAPID_SUBJECT`. */
  subject: string;
  /** `PUSH_SERVICES`: the origins the server posts to (config.ts). */
  services: string[];
  /** The push service says the subscription ended (404, 410): forget it. */
  gone: (endpoint: string) => Promise<void>;
  /** Each push's outcome (metrics). */
  counted: (outcome: Exclude<PushOutcome, "refused">) => void;
  onError: (error: unknown, message: string) => void;
  /** Posts under way at most; more wait for a free place. */
  concurrency?: number;
  timeoutMs?: number;
  now?: () => number;
};

/** A VAPID token is valid for 12 hours; one is made anew when less than 1 hour is left. */
const TOKEN_SECONDS = 12 * 3600;
const RENEW_SECONDS = 3600;

/**
 * Sends Web Push messages (RFC 8030, 8291, 8292) with web-push's encryption and VAPID token, and
 * Node's fetch: one signed token per push service, reused for 11 hours, at most `concurrency`
 * posts at once, each within `timeoutMs`. Only the configured push services are posted to: a
 * subscription is what a device sent, and the server must not post wherever a caller names.
 */
export class PushSender {
  private readonly tokens = new Map<string, { authorization: string; expires: number }>();
  private readonly allowed: (url: URL) => boolean;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly deps: PushSenderDeps) {
    this.allowed = originMatcher(deps.services);
  }

  /** Whether the server would post to `endpoint` (a subscription naming another is refused). */
  accepts(endpoint: string): boolean {
    const url = urlOf(endpoint);
    return url !== null && this.allowed(url);
  }

  async send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushOutcome> {
    const url = urlOf(target.endpoint);
    if (url === null || !this.allowed(url)) return "refused";
    await this.place();
    try {
      const outcome = await this.post(url, target, payload, options);
      this.deps.counted(outcome);
      return outcome;
    } finally {
      this.release();
    }
  }

  /** One push to each target in its player's language (a batch of push-thread.ts). */
  sendMany(
    targets: PushTarget[],
    payloads: Payloads,
    options: PushOptions,
  ): Promise<PushOutcome[]> {
    return Promise.all(
      targets.map((target) => {
        const payload = payloadIn(payloads, target.language);
        return payload ? this.send(target, payload, options) : Promise.resolve("refused" as const);
      }),
    );
  }

  private async post(
    url: URL,
    target: PushTarget,
    payload: PushPayload,
    options: PushOptions,
  ): Promise<Exclude<PushOutcome, "refused">> {
    let response: Response;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          TTL: options.ttl,
          urgency: options.urgency,
          ...(options.topic !== undefined && { topic: options.topic }),
          contentEncoding: "aes128gcm",
          headers: { Authorization: this.authorization(url.origin) },
        },
      );
      response = await fetch(url, {
        method: "POST",
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: request.body,
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer();
    } catch (error) {
      this.deps.onError(error, `push to ${url.origin} failed`);
      return "failed";
    }
    if (response.status === 404 || response.status === 410) {
      await this.deps.gone(target.endpoint);
      return "gone";
    }
    if (response.ok) return "sent";
    this.deps.onError(
      new Error(`${url.origin} answered ${response.status}`),
      "push refused by its service",
    );
    return "failed";
  }

  /** `vapid t=<token>, k=<public key>` for a push service, renewed before it expires. */
  private authorization(audience: string): string {
    const now = Math.floor((this.deps.now?.() ?? Date.now()) / 1000);
    const cached = this.tokens.get(audience);
    if (cached && cached.expires - now > RENEW_SECONDS) return cached.authorization;
    const expires = now + TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.deps.subject,
      this.deps.keys.publicKey,
      this.deps.keys.privateKey,
      "aes128gcm",
      expires,
    );
    this.tokens.set(audience, { authorization: Authorization, expires });
    return Authorization;
  }

  private async place(): Promise<void> {
    if (this.running < (this.deps.concurrency ?? 64)) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/**
 * Whether a URL's origin is one of `origins`; `https://*.example.com` stands for every
 * subdomain of example.com, and not for example.com itself.
 */
export function originMatcher(origins: string[]): (url: URL) => boolean {
  const rules = origins.map((origin) => {
    const wildcard = origin.includes("://*.");
    const parsed = new URL(origin.replace("://*.", "://"));
    return { protocol: parsed.protocol, host: parsed.host, wildcard };
  });
  return (url) =>
    rules.some(
      (rule) =>
        url.protocol === rule.protocol &&
        (rule.wildcard ? url.host.endsWith(`.${rule.host}`) : url.host === rule.host),
    );
}

/** `text` as a URL; null for no URL (`URL.parse` came late to Node 20). */
function urlOf(text: string): URL | null {
  return URL.canParse(text) ? new URL(text) : null;
}
