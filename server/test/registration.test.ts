import { tokenResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api } from "./support/api";
import { demoPack, startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const MINUTE = 60 * 1000;

/** A clock the tests move by hand. */
function testClock() {
  const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
  return clock;
}

let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;
let api: Api;
const clock = testClock();

/** Numbers in national spelling, and the E.164 form they are stored in and SMS go to. */
let next = 1000;
function newPhone(): { phone: string; to: string } {
  next++;
  return { phone: `0171 555${next}`, to: `+49171555${next}` };
}

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({
    dbFile: `${dir.dir}/db.sqlite`,
    clock,
    // Every test here calls from 127.0.0.1; the per-address limits have their own app below.
    limits: {
      smsCallsPerIp: { limit: 1000, windowMs: 60 * MINUTE },
      failuresPerIp: { limit: 1000, windowMs: 15 * MINUTE },
    },
  });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

describe("registration by SMS", () => {
  it("sends a 6-digit code in German and stores a pending player with the canonical number", async () => {
    const { phone, to } = newPhone();
    await api.requestCode(phone, "Lena");
    const outbox = await api.outbox();
    const sms = outbox.at(-1);
    expect(sms).toMatchObject({ to, sentAt: new Date(clock.ms).toISOString() });
    expect(sms?.text).toMatch(/^Dein Code für Märchenhaftes Marburg: \d{6}$/);
    const player = await app.store.repos.players.findByPhone(to);
    expect(player).toMatchObject({ firstName: "Lena", phone: to, verifiedAt: null });
    expect(player?.passwordHash).toBeNull();
  });

  it("writes the SMS in the player's language", async () => {
    const { phone, to } = newPhone();
    const body = { first_name: "Ann", phone, story_id: "marburg", language: "en" };
    expect((await api.account("optin/sms", body))[0]).toBe(200);
    expect(await api.lastSms(to)).toMatch(/^Your code for Fairy-tale Marburg: \d{6}$/);
  });

  it("verifies the code, answers a token and makes the code the first password", async () => {
    const { phone, to } = newPhone();
    await api.requestCode(phone);
    const code = await api.lastCode(to);
    const [status, body] = await api.account("optin/sms/verify", { phone, smscode: code });
    expect(status).toBe(200);
    const token = tokenResponse.parse(JSON.parse(body)).value;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const player = await app.store.repos.players.findByTokenHash(hashToken(token));
    expect(player?.verifiedAt).not.toBeNull();
    expect(player?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await app.store.repos.smsCodes.find(player?.id ?? 0)).toBeUndefined();

    // The token plays.
    await api.game("station/activate", { StationID: 1, Hash: token });
    // The code signs in, in any spelling of the number.
    const [loginStatus, login] = await api.account("login/phone", {
      phone: `+49 ${phone.slice(1)}`,
      password: code,
    });
    expect(loginStatus).toBe(200);
    expect(tokenResponse.parse(JSON.parse(login)).value).not.toBe(token);
  });

  it("sends a new code to a pending number and only the newest works", async () => {
    const { phone, to } = newPhone();
    await api.requestCode(phone, "Lena");
    const first = await api.lastCode(to);
    await api.requestCode(phone, "Lene");
    const second = await api.lastCode(to);
    const players = await app.store.repos.players.findByPhone(to);
    expect(players?.firstName).toBe("Lene");
    if (first !== second) {
      expect(await api.account("optin/sms/verify", { phone, smscode: first })).toEqual([
        430,
        "invalid code",
      ]);
    }
    expect((await api.account("optin/sms/verify", { phone, smscode: second }))[0]).toBe(200);
  });

  it("answers 402 to a registered number, on registration and on verification", async () => {
    const { phone, to } = newPhone();
    const { code } = await api.register(phone, to);
    const before = (await api.outbox()).length;
    expect(await api.account("optin/sms", { first_name: "X", phone, story_id: "marburg" })).toEqual(
      [402, "already registered"],
    );
    expect(await api.account("optin/sms/verify", { phone, smscode: code })).toEqual([
      402,
      "already registered",
    ]);
    expect((await api.outbox()).length).toBe(before);
  });

  it("answers 403 to numbers that are none, on every call that takes one", async () => {
    for (const phone of ["12", "abc", "+49 1234", "0171 12345", "+999 1234567"]) {
      expect(
        await api.account("optin/sms", { first_name: "X", phone, story_id: "marburg" }),
      ).toEqual([403, "invalid phone"]);
      expect(await api.account("optin/sms/verify", { phone, smscode: "123456" })).toEqual([
        403,
        "invalid phone",
      ]);
      expect(await api.account("login/phone", { phone, password: "secret1" })).toEqual([
        403,
        "invalid phone",
      ]);
      expect(await api.account("changepass/phone", { Phone: phone })).toEqual([
        403,
        "invalid phone",
      ]);
    }
  });

  it("names missing fields and refuses an unknown story", async () => {
    expect(await api.account("optin/sms", { phone: "0171 1234567", story_id: "marburg" })).toEqual([
      400,
      "first_name: required",
    ]);
    expect(
      await api.account("optin/sms", { first_name: "X", phone: "0171 1234567", story_id: "x" }),
    ).toEqual([400, "unknown story_id"]);
    expect(await api.account("optin/sms/verify", { phone: "0171 1234567" })).toEqual([
      400,
      "smscode: required",
    ]);
  });

  it("answers 430 to a wrong code and to a number without registration", async () => {
    const { phone, to } = newPhone();
    await api.requestCode(phone);
    const code = await api.lastCode(to);
    const wrong = code === "000000" ? "000001" : "000000";
    expect(await api.account("optin/sms/verify", { phone, smscode: wrong })).toEqual([
      430,
      "invalid code",
    ]);
    expect(
      await api.account("optin/sms/verify", { phone: newPhone().phone, smscode: code }),
    ).toEqual([430, "invalid code"]);
    expect((await api.account("optin/sms/verify", { phone, smscode: code }))[0]).toBe(200);
  });

  it("kills a code after five wrong tries", async () => {
    const { phone, to } = newPhone();
    await api.requestCode(phone);
    const code = await api.lastCode(to);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) {
      expect((await api.account("optin/sms/verify", { phone, smscode: wrong }))[0]).toBe(430);
    }
    expect(await api.account("optin/sms/verify", { phone, smscode: code })).toEqual([
      430,
      "invalid code",
    ]);
  });

  it("lets a code expire after ten minutes", async () => {
    const { phone, to } = newPhone();
    await api.requestCode(phone);
    const code = await api.lastCode(to);
    clock.ms += 10 * MINUTE;
    expect(await api.account("optin/sms/verify", { phone, smscode: code })).toEqual([
      430,
      "invalid code",
    ]);
    // A new code works again.
    await api.requestCode(phone);
    expect(
      (await api.account("optin/sms/verify", { phone, smscode: await api.lastCode(to) }))[0],
    ).toBe(200);
  });

  it("sends at most 3 SMS per number and hour, then 429 with Retry-After", async () => {
    const { phone } = newPhone();
    for (let i = 0; i < 3; i++) await api.requestCode(phone);
    const response = await api.post("/api/account/player/optin/sms", {
      first_name: "Lena",
      phone,
      story_id: "marburg",
    });
    expect([response.status, await response.text()]).toEqual([429, "too many sms"]);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    clock.ms += 60 * MINUTE;
    await api.requestCode(phone);
  });
});

describe("sign-in with phone and password", () => {
  it("answers 411 for a registration whose code was never confirmed, then verification works with it", async () => {
    const { phone, to } = newPhone();
    await api.requestCode(phone);
    const code = await api.lastCode(to);
    // The app's fallback (spec section 8): the password it was given is the code.
    expect(await api.account("login/phone", { phone, password: code })).toEqual([
      411,
      "not verified",
    ]);
    expect((await api.account("optin/sms/verify", { phone, smscode: code }))[0]).toBe(200);
    expect((await api.account("login/phone", { phone, password: code }))[0]).toBe(200);
  });

  it("answers 430 alike for a wrong password and an unknown number", async () => {
    const { phone, to } = newPhone();
    await api.register(phone, to);
    expect(await api.account("login/phone", { phone, password: "wrong1" })).toEqual([
      430,
      "login failed",
    ]);
    expect(await api.account("login/phone", { phone: newPhone().phone, password: "x" })).toEqual([
      430,
      "login failed",
    ]);
  });

  it("locks a number for its address for 15 minutes after 5 failed logins, even for the right password", async () => {
    const { phone, to } = newPhone();
    const { code } = await api.register(phone, to);
    for (let i = 0; i < 5; i++) {
      expect((await api.account("login/phone", { phone, password: "wrong1" }))[0]).toBe(430);
    }
    const locked = await api.post("/api/account/player/login/phone", { phone, password: code });
    expect([locked.status, await locked.text()]).toEqual([429, "too many attempts"]);
    expect(Number(locked.headers.get("retry-after"))).toBe(15 * 60);
    clock.ms += 15 * MINUTE;
    expect((await api.account("login/phone", { phone, password: code }))[0]).toBe(200);
  });

  it("clears a number's failures on a successful login", async () => {
    const { phone, to } = newPhone();
    const { code } = await api.register(phone, to);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        expect((await api.account("login/phone", { phone, password: "wrong1" }))[0]).toBe(430);
      }
      expect((await api.account("login/phone", { phone, password: code }))[0]).toBe(200);
    }
  });

  it("gives each device its own token; all of them play", async () => {
    const { phone, to } = newPhone();
    const { code, token } = await api.register(phone, to);
    const [, second] = await api.account("login/phone", { phone, password: code });
    const other = tokenResponse.parse(JSON.parse(second)).value;
    await api.game("station/activate", { StationID: 1, Hash: token });
    await api.game("station/cancel", { StationID: 1, Hash: other });
  });
});

describe("numbers an SMS cannot reach", () => {
  it("registers no landline, and finds no account by one", async () => {
    expect(
      await api.account("optin/sms", {
        first_name: "X",
        phone: "030 1234567",
        story_id: "marburg",
      }),
    ).toEqual([403, "invalid phone"]);
    // A valid number: sign-in looks it up and finds no account.
    expect(await api.account("login/phone", { phone: "030 1234567", password: "x" })).toEqual([
      430,
      "login failed",
    ]);
    expect(await app.store.repos.players.findByPhone("+49301234567")).toBeUndefined();
  });
});

describe("a pack whose phoneRegion is AT", () => {
  let austria: TestApp;
  let austriaApi: Api;

  beforeAll(async () => {
    austria = await startApp({
      dbFile: `${dir.dir}/austria.sqlite`,
      clock,
      pack: { ...(await demoPack()), phoneRegion: "AT" },
    });
    austriaApi = new Api(austria.url);
  });

  afterAll(async () => {
    await austria.close();
  });

  it("registers an Austrian number without country code, in E.164, and signs in by any spelling", async () => {
    const { code } = await austriaApi.register("0664 1234567", "+436641234567");
    const player = await austria.store.repos.players.findByPhone("+436641234567");
    expect(player).toMatchObject({ phone: "+436641234567", firstName: "Lena" });
    expect(player?.verifiedAt).not.toBeNull();
    for (const phone of ["0664 123 45 67", "+43 664 1234567", "00436641234567"]) {
      expect((await austriaApi.account("login/phone", { phone, password: code }))[0]).toBe(200);
    }
  });

  it("still reads a number with country code as that country's", async () => {
    await austriaApi.requestCode("+49 171 7654321");
    expect(await austriaApi.lastSms("+491717654321")).toMatch(
      /^Dein Code für Märchenhaftes Marburg: \d{6}$/,
    );
  });
});

describe("per-address limits", () => {
  let limited: TestApp;
  let limitedApi: Api;

  beforeAll(async () => {
    limited = await startApp({
      dbFile: `${dir.dir}/limited.sqlite`,
      clock,
      limits: {
        smsCallsPerIp: { limit: 3, windowMs: 60 * MINUTE },
        failuresPerIp: { limit: 3, windowMs: 15 * MINUTE },
      },
    });
    limitedApi = new Api(limited.url);
  });

  afterAll(async () => {
    await limited.close();
  });

  it("refuses SMS-sending calls from one address past the limit, for any number", async () => {
    await limitedApi.requestCode(newPhone().phone);
    await limitedApi.requestCode(newPhone().phone);
    expect((await limitedApi.account("changepass/phone", { Phone: newPhone().phone }))[0]).toBe(
      200,
    );
    expect(
      await limitedApi.account("optin/sms", {
        first_name: "X",
        phone: newPhone().phone,
        story_id: "marburg",
      }),
    ).toEqual([429, "too many sms"]);
    expect(await limitedApi.account("changepass/phone", { Phone: newPhone().phone })).toEqual([
      429,
      "too many sms",
    ]);
  });

  it("refuses logins and code entries from an address after its failures", async () => {
    for (let i = 0; i < 3; i++) {
      const attempt = { phone: newPhone().phone, password: "wrong1" };
      expect((await limitedApi.account("login/phone", attempt))[0]).toBe(430);
    }
    expect(
      await limitedApi.account("login/phone", { phone: newPhone().phone, password: "x" }),
    ).toEqual([429, "too many attempts"]);
    expect(
      await limitedApi.account("optin/sms/verify", { phone: newPhone().phone, smscode: "1" }),
    ).toEqual([429, "too many attempts"]);
    clock.ms += 15 * MINUTE;
  });
});
