import { ErrorReason } from "@wegmarke/protocol";
import { ServiceError } from "../errors";
import type { SmsProvider } from "./sms/sms-provider";
import type { Throttle } from "../security/throttle";

/** An SMS to `phone`, counted against the number's share before any work. */
export type SmsSlot = { readonly phone: string };

/** The SMS provider behind the per-number limit (docs/security.md). */
export class SmsSender {
  constructor(
    private readonly provider: SmsProvider,
    private readonly throttle: Throttle,
    private readonly onFailure: (error: unknown) => void,
    private readonly onSent: () => void = () => undefined,
  ) {}

  /**
   * Counts an SMS to `phone` against its share; 429 `too many sms` when the number got its
   * share within the hour. Reserve before any work: the SMS counts whether or not it goes out.
   */
  async reserve(phone: string): Promise<SmsSlot> {
    const { throttle } = this;
    await throttle.attempt([{ limiter: throttle.smsPerPhone, key: phone }], ErrorReason.tooManySms);
    return { phone };
  }

  /** Sends the reserved SMS; 503 `sms not sent` when the provider failed. */
  async send({ phone }: SmsSlot, text: string): Promise<void> {
    try {
      await this.provider.send({ to: phone, text });
    } catch (error) {
      this.onFailure(error);
      throw new ServiceError(503, ErrorReason.smsNotSent);
    }
    this.onSent();
  }
}
