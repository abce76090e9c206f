/** One SMS: the stored phone number in E.164 (`+49...`) and the text. */
export type SmsMessage = { to: string; text: string };

/** Where SMS go. `send` resolves once the message is handed over and throws when it could not be. */
export type SmsProvider = { send(message: SmsMessage): Promise<void> };

/** The provider could not hand a message over; the reason names no number and no text. */
export class SmsError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = "SmsError";
  }
}
