import { tokenResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api } from "./support/api";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const HOUR = 60 * 60 * 1000;

const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;
let api: Api;

let next = 2000;
function newPhone(): { phone: string; to: string } {
  next++;
  return { phone: `+49 160 777${next}`, to: `+49160777${next}` };
}

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({
    dbFile: `${dir.dir}/db.sqlite`,
    clock,
    config: { publicUrl: "https://play.example" },
    limits: { smsCallsPerIp: { limit: 1000, windowMs: HOUR } },
  });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

/** Asks for a reset by number and returns the token of the link in the SMS. */
async function resetToken(phone: string, to: string): Promise<string> {
  expect(await api.account("changepass/phone", { Phone: phone })).toEqual([200, '{"value":"ok"}']);
  const link = /https:\/\/play\.example\/webapp\/password\?token=([0-9a-f]{64})$/.exec(
    await api.lastSms(to),
  );
  if (!link?.[1]) throw new Error("no reset link");
  return link[1];
}

async function login(phone: string, password: string): Promise<number> {
  return (await api.account("login/phone", { phone, password }))[0];
}

describe("password reset by SMS link", () => {
  it("sends a link to PUBLIC_URL's password page; the link sets a new password once", async () => {
    const { phone, to } = newPhone();
    const { code, token: device } = await api.register(phone, to);
    const token = await resetToken(phone, to);
    expect(await api.lastSms(to)).toMatch(/^Neues Passwort für Märchenhaftes Marburg: https:\/\//);
    // Stored as a hash only.
    expect(await app.store.repos.passwordResets.findValid(token, "")).toBeUndefined();
    expect(await app.store.repos.passwordResets.findValid(hashToken(token), "")).toBeDefined();

    expect(await api.account("changepass", { password: "neues-passwort", token }, "PUT")).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    expect(await login(phone, code)).toBe(430);
    expect(await login(phone, "neues-passwort")).toBe(200);
    // Whoever knew the old password is signed out everywhere.
    expect(await api.gameFailure("station/activate", { StationID: 1, Hash: device })).toEqual([
      401,
      "invalid hash",
    ]);
    // Single use.
    expect(await api.account("changepass", { password: "drittes-pw", token }, "PUT")).toEqual([
      401,
      "invalid hash",
    ]);
  });

  it("sends a link to the signed-in player's own number (Hash)", async () => {
    const { phone, to } = newPhone();
    const { token } = await api.register(phone, to);
    const before = (await api.outbox()).length;
    expect(await api.account("changepass/phone", { Hash: token })).toEqual([200, '{"value":"ok"}']);
    const outbox = await api.outbox();
    expect(outbox.length).toBe(before + 1);
    expect(outbox.at(-1)?.to).toBe(to);
  });

  it("answers 429 to a second reset within 24 hours, and sends one after", async () => {
    const { phone, to } = newPhone();
    await api.register(phone, to);
    await resetToken(phone, to);
    clock.ms += 23 * HOUR;
    const again = await api.post("/api/account/player/changepass/phone", { Phone: phone });
    expect([again.status, await again.text()]).toEqual([429, "password reset within 24 hours"]);
    expect(Number(again.headers.get("retry-after"))).toBe(60 * 60);
    clock.ms += HOUR;
    await resetToken(phone, to);
  });

  it("lets a link expire after 24 hours", async () => {
    const { phone, to } = newPhone();
    await api.register(phone, to);
    const token = await resetToken(phone, to);
    clock.ms += 24 * HOUR;
    expect(await api.account("changepass", { password: "neues-pw", token }, "PUT")).toEqual([
      401,
      "invalid hash",
    ]);
  });

  it("answers an unknown or unconfirmed number like a known one, without an SMS", async () => {
    const pending = newPhone();
    await api.requestCode(pending.phone);
    const before = (await api.outbox()).length;
    expect(await api.account("changepass/phone", { Phone: newPhone().phone })).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    expect(await api.account("changepass/phone", { Phone: pending.phone })).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    expect((await api.outbox()).length).toBe(before);
  });

  it("refuses a reset for an anonymous player, who has no number", async () => {
    const hash = await api.optin();
    expect(await api.account("changepass/phone", { Hash: hash })).toEqual([403, "invalid phone"]);
    expect(await api.account("changepass/phone", { Hash: "nope" })).toEqual([401, "invalid hash"]);
    expect(await api.account("changepass/phone", {})).toEqual([
      400,
      "body: Phone or Hash is required",
    ]);
  });
});

describe("password change when signed in", () => {
  it("sets the password with the auth token and signs out the other devices only", async () => {
    const { phone, to } = newPhone();
    const { code, token } = await api.register(phone, to);
    const [, body] = await api.account("login/phone", { phone, password: code });
    const other = tokenResponse.parse(JSON.parse(body)).value;
    expect(
      await api.account(
        "changepass",
        { password: "  mein-passwort  ", token, current: code },
        "PUT",
      ),
    ).toEqual([200, '{"value":"ok"}']);
    expect(await login(phone, "mein-passwort")).toBe(200);
    expect(await login(phone, code)).toBe(430);
    await api.game("station/activate", { StationID: 1, Hash: token });
    expect(await api.gameFailure("station/activate", { StationID: 1, Hash: other })).toEqual([
      401,
      "invalid hash",
    ]);
  });

  it("wants at least 6 characters, no common password and a valid token", async () => {
    const { phone, to } = newPhone();
    const { code, token } = await api.register(phone, to);
    const short = await api.account(
      "changepass",
      { password: "12345", token, current: code },
      "PUT",
    );
    expect(short[0]).toBe(400);
    expect(short[1]).toMatch(/^password: /);
    for (const common of ["123456", "Passwort", "hallo123", "fussball"]) {
      expect(
        await api.account("changepass", { password: common, token, current: code }, "PUT"),
        common,
      ).toEqual([400, "password too common"]);
    }
    expect(
      await api.account(
        "changepass",
        { password: "neu-geheim-1", token: "x", current: code },
        "PUT",
      ),
    ).toEqual([401, "invalid hash"]);
    expect(await login(phone, code)).toBe(200);
  });

  it("refuses an anonymous player, who cannot sign in with a password", async () => {
    const hash = await api.optin();
    expect(
      await api.account("changepass", { password: "neu-geheim-1", token: hash }, "PUT"),
    ).toEqual([403, "invalid phone"]);
  });
});
