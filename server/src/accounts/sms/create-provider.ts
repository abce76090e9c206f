import type { Clock } from "../../clock";
import type { SmsConfig } from "../../config";
import { ConsoleSmsProvider } from "./console-provider";
import { HttpSmsProvider } from "./http-provider";
import { OutboxSmsProvider } from "./outbox-provider";
import type { SmsProvider } from "./sms-provider";

/** The provider `SMS_PROVIDER` names. */
export function createSmsProvider(config: SmsConfig, clock: Clock): SmsProvider {
  switch (config.provider) {
    case "console":
      return new ConsoleSmsProvider();
    case "outbox":
      return new OutboxSmsProvider(clock);
    case "http":
      return new HttpSmsProvider({ url: config.url, token: config.token });
  }
}
