import type { Language, PushPayload } from "@wegmarke/protocol";
import type { PushTarget } from "../store/push-repository";

export type PushOutcome = "sent" | "gone" | "failed" | "refused";

export type PushOptions = {
  /** Seconds the push service keeps the message for a device that is off. */
  ttl: number;
  /** `high` wakes a sleeping phone at once; `normal` may wait for it. */
  urgency: "normal" | "high";
  /** A message with the same topic replaces one the push service still holds (base64url, ≤ 32). */
  topic?: string;
};

/** The payload of a batch in each language its devices' players play in. */
export type Payloads = Partial<Record<Language, PushPayload>>;

/** What sends a batch of pushes: the sender in this thread, or its own thread (push-thread.ts). */
export type PushTransport = {
  /** Whether the server would post to `endpoint`. */
  accepts(endpoint: string): boolean;
  /** One push to each target in its player's language, in `targets`' order of outcomes. */
  sendMany(targets: PushTarget[], payloads: Payloads, options: PushOptions): Promise<PushOutcome[]>;
  close(): Promise<void>;
};

/** The payload of `language`, else German's, else any. */
export function payloadIn(payloads: Payloads, language: Language): PushPayload | undefined {
  return payloads[language] ?? payloads.de ?? Object.values(payloads)[0];
}
