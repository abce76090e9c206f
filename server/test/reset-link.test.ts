import { ErrorReason, resetLinkResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const DAY = 24 * 60 * 60 * 1000;

/**
 * A reset link's page asks what the link is now (`player/changepass/link`): valid, used (with
 * when the number may ask for a new one) or invalid, so that a used link says it was used
 * rather than sending the player round in a circle. On both databases.
 */
describe.each(dialects)("a reset link's state ($name)", (dialect) => {
  const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;
  const phone = "0171 5550177";
  const to = "+491715550177";

  const state = async (token: string) => {
    const [status, body] = await api.account("changepass/link", { token });
    expect(status, body).toBe(200);
    return resetLinkResponse.parse(JSON.parse(body)).value;
  };

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, clock });
    api = new Api(app.url);
    await api.register(phone, to);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("is valid until used, then used, with the time a new link may be asked for", async () => {
    expect(await api.account("changepass/phone", { Phone: phone })).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    const token = /token=([0-9a-f]+)/.exec(await api.lastSms(to))?.[1] ?? "";
    expect(await state(token)).toEqual({ State: "valid" });

    expect(await api.account("changepass", { password: "neu-geheim-1", token }, "PUT")).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    expect(await state(token)).toEqual({
      State: "used",
      NewLinkAt: new Date(clock.ms + DAY).toISOString(),
    });
    // Used once: it sets no second password, and the number waits for its next link.
    expect(await api.account("changepass", { password: "neu-geheim-2", token }, "PUT")).toEqual([
      401,
      ErrorReason.invalidHash,
    ]);
    expect(await api.account("changepass/phone", { Phone: phone })).toEqual([
      429,
      ErrorReason.resetTooSoon,
    ]);

    // A day later the number may ask again, and the link has expired.
    clock.ms += DAY;
    expect(await state(token)).toEqual({ State: "invalid" });
  });

  it("is invalid for a token nobody was sent", async () => {
    expect(await state("f".repeat(64))).toEqual({ State: "invalid" });
  });
});
