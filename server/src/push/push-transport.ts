import type { Language, PushPayload } from "@wegmarke/protocol";
import type { PushTarget } from "../store/push-repository";
import type { PushOptions, PushOutcome } from "./push-sender";

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
