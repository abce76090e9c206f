import type { SmsMessage, SmsProvider } from "./sms-provider";

/**
 * Development: prints each SMS, so a developer can register without a gateway. The lines hold
 * codes and reset links, which is why production uses the http provider.
 */
export class ConsoleSmsProvider implements SmsProvider {
  constructor(private readonly print: (line: string) => void = (line) => console.log(line)) {}

  async send({ to, text }: SmsMessage): Promise<void> {
    this.print(`SMS to ${to}: ${text}`);
  }
}
