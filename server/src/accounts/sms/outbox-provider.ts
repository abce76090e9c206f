import type { OutboxMessage } from "@wegmarke/protocol";
import type { Clock } from "../../clock";
import type { SmsMessage, SmsProvider } from "./sms-provider";

/** A long test run must not grow the outbox without end; the oldest messages go first. */
const KEEP = 1000;

/** Development and tests: keeps sent messages in memory for `GET /api/dev/outbox`. */
export class OutboxSmsProvider implements SmsProvider {
  private readonly sent: OutboxMessage[] = [];

  constructor(private readonly clock: Clock) {}

  async send({ to, text }: SmsMessage): Promise<void> {
    this.sent.push({ to, text, sentAt: this.clock.now().toISOString() });
    if (this.sent.length > KEEP) this.sent.shift();
  }

  /** Everything sent, oldest first. */
  messages(): OutboxMessage[] {
    return [...this.sent];
  }
}
