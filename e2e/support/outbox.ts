import { outboxResponse } from "@wegmarke/protocol";
import type { OutboxMessage } from "@wegmarke/protocol";

/** The SMS the server "sent" (it runs with SMS_PROVIDER=outbox). */
async function readOutbox(serverUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${serverUrl}/api/dev/outbox`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  return outboxResponse.parse(await response.json());
}

/**
 * Waits for a new SMS to `to` (the server's canonical number, `+49...`) whose text matches
 * `pattern`, and returns the pattern's first group. `after`: how many were there before.
 */
export async function waitForSms(
  serverUrl: string,
  to: string,
  pattern: RegExp,
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = (await readOutbox(serverUrl))
      .filter((message) => message.to === to)
      .slice(after)
      .map((message) => pattern.exec(message.text)?.[1])
      .find((match) => match !== undefined);
    if (found !== undefined) return found;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no SMS to ${to} matching ${String(pattern)}`);
}

/** How many SMS went to `to` so far. */
export async function smsCount(serverUrl: string, to: string): Promise<number> {
  return (await readOutbox(serverUrl)).filter((message) => message.to === to).length;
}
