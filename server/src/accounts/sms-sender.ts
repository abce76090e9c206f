import { ErrorReason } from "@wegmarke/protocol";
import { ServiceError } from "../errors";
import type { SmsProvider } from "./sms/sms-provider";
import { enforce } from "./throttle";
import type { Throttle } from "./throttle";

/** The SMS provider behind the per-number limit (docs/security.md). */
export class SmsSender {
  constructor(
    private readonly provider: SmsProvider,
    private readonly throttle: Throttle,
    private readonly onFailure: (error: unknown) => void,
    private readonly onSent: () => void = () => undefined,
  ) {}

  /** 429 `too many sms` when `phone` got its share within the hour; check before any work. */
  async assertQuota(phone: string): Promise<void> {
    await enforce(this.throttle.smsPerPhone, phone, ErrorReason.tooManySms);
  }

  /** Sends, counting against the number's share; 503 `sms not sent` when the provider failed. */
  async send(phone: string, text: string): Promise<void> {
    await this.throttle.smsPerPhone.hit(phone);
    try {
      await this.provider.send({ to: phone, text });
    } catch (error) {
      this.onFailure(error);
      throw new ServiceError(503, ErrorReason.smsNotSent);
    }
    this.onSent();
  }
}
