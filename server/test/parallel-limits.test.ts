import { tokenResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/clock";
import { addOperator } from "../src/operator-accounts/operator-admin";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Every rate-limited call, sent 60 times at once: no more requests than the limit allows are
 * evaluated (a password checked, a code compared, an SMS sent), the rest are answered 429. The
 * attempt is counted before it is evaluated, in the database, so requests that arrive together
 * cannot all pass the check; on PostgreSQL two instances share the count.
 */

const PARALLEL = 60;
const MINUTE = 60 * 1000;
/** Below 60, so the per-address limit shows; the others are the defaults. */
const FAILURES_PER_ADDRESS = 12;
const ANON_SIGNUPS_PER_HOUR = 7;

const options = {
  // Forwarded addresses are believed from 127.0.0.1: each request picks its address.
  config: { trustProxy: ["127.0.0.1"], anonSignupsPerHour: ANON_SIGNUPS_PER_HOUR },
  limits: { failuresPerIp: { limit: FAILURES_PER_ADDRESS, windowMs: 15 * MINUTE } },
};

/** A call from the address `from`; its status. */
async function send(
  url: string,
  path: string,
  from: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      "x-forwarded-for": from,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Sends `request(i)` for i < 60 at once; how often each status came back. */
async function burst(request: (i: number) => Promise<number>): Promise<Record<number, number>> {
  const statuses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => request(i)));
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The SMS an app sent so far. */
async function sent(app: TestApp): Promise<{ to: string; text: string }[]> {
  const response = await fetch(`${app.url}/api/dev/outbox`);
  return (await response.json()) as { to: string; text: string }[];
}

let numbers = 0;

/** A mobile number no test used: as typed, and in E.164. */
function newPhone(): { phone: string; to: string } {
  numbers++;
  const digits = String(numbers).padStart(5, "0");
  return { phone: `0171 77${digits}`, to: `+4917177${digits}` };
}

/** A registered player: number, first password (the code) and token. */
async function register(app: TestApp): Promise<{ phone: string; to: string; token: string }> {
  const { phone, to } = newPhone();
  const from = `10.200.0.${numbers % 250}`;
  const request = { first_name: "Mara", phone, story_id: "marburg" };
  expect(await send(app.url, "/api/account/player/optin/sms", from, request)).toBe(200);
  const code = /\d{6}/.exec((await sent(app)).findLast((m) => m.to === to)?.text ?? "")?.[0];
  const response = await fetch(`${app.url}/api/account/player/optin/sms/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify({ phone, smscode: code }),
  });
  expect(response.status).toBe(200);
  return { phone, to, token: tokenResponse.parse(await response.json()).value };
}

/** A fresh anonymous player's token. */
async function signup(app: TestApp, from: string): Promise<string> {
  const response = await fetch(`${app.url}/api/account/player/optin/anon`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify({ story_id: "marburg" }),
  });
  expect(response.status).toBe(200);
  return tokenResponse.parse(await response.json()).value;
}

describe.each(dialects)("60 parallel requests against each limit ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, ...options, pack: await teamPack() });
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  const login = (phone: string, password: string, from: string) =>
    send(app.url, "/api/account/player/login/phone", from, { phone, password });

  it("player login: 5 failures of a number from one address", async () => {
    const { phone } = await register(app);
    expect(await burst(() => login(phone, "geraten-1", "10.1.0.1"))).toEqual({ 430: 5, 429: 55 });
  });

  it("player login: 50 failures of a number from all addresses", async () => {
    const { phone } = await register(app);
    const counts = await burst((i) => login(phone, "geraten-1", `10.2.0.${i}`));
    expect(counts).toEqual({ 430: 50, 429: 10 });
  });

  it("player login: the failures of one address over many numbers", async () => {
    const counts = await burst(() => login(newPhone().phone, "geraten-1", "10.3.0.1"));
    expect(counts).toEqual({ 430: FAILURES_PER_ADDRESS, 429: PARALLEL - FAILURES_PER_ADDRESS });
  });

  it("a successful login does not count against its address", async () => {
    const { phone } = await register(app);
    await login(phone, "geraten-1", "10.3.1.1");
    const { phone: other, to } = await register(app);
    const code = /\d{6}/.exec((await sent(app)).findLast((m) => m.to === to)?.text ?? "")?.[0];
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      expect(await login(other, code ?? "", "10.3.1.1")).toBe(200);
    }
    expect(await login(newPhone().phone, "geraten-1", "10.3.1.1")).toBe(430);
  });

  it("SMS codes: the entries of one address, and 5 tries of one code", async () => {
    const { phone, to } = newPhone();
    const request = { first_name: "Mara", phone, story_id: "marburg" };
    expect(await send(app.url, "/api/account/player/optin/sms", "10.4.0.1", request)).toBe(200);
    const counts = await burst(() =>
      send(app.url, "/api/account/player/optin/sms/verify", "10.4.0.2", {
        phone,
        smscode: "000000",
      }),
    );
    expect(counts).toEqual({ 430: FAILURES_PER_ADDRESS, 429: PARALLEL - FAILURES_PER_ADDRESS });
    const player = await app.store.repos.players.findByPhone(to);
    expect((await app.store.repos.smsCodes.find(player?.id ?? 0))?.failedTries).toBe(5);
  });

  it("SMS codes: 30 SMS-sending calls of one address", async () => {
    const before = (await sent(app)).length;
    const counts = await burst(() =>
      send(app.url, "/api/account/player/optin/sms", "10.5.0.1", {
        first_name: "Mara",
        phone: newPhone().phone,
        story_id: "marburg",
      }),
    );
    expect(counts).toEqual({ 200: 30, 429: 30 });
    expect((await sent(app)).length - before).toBe(30);
  });

  it("SMS codes: 3 SMS to one number", async () => {
    const { phone, to } = newPhone();
    const request = { first_name: "Mara", phone, story_id: "marburg" };
    const counts = await burst((i) =>
      send(app.url, "/api/account/player/optin/sms", `10.6.0.${i}`, request),
    );
    expect(counts).toEqual({ 200: 3, 429: 57 });
    expect((await sent(app)).filter((m) => m.to === to)).toHaveLength(3);
  });

  it("password reset: one link per number and day, known or not", async () => {
    const unknown = newPhone().phone;
    const reset = (phone: string, i: number) =>
      send(app.url, "/api/account/player/changepass/phone", `10.7.${i}.1`, { Phone: phone });
    expect(await burst((i) => reset(unknown, i))).toEqual({ 200: 1, 429: 59 });
    const { phone, to } = await register(app);
    const before = (await sent(app)).filter((m) => m.to === to).length;
    expect(await burst((i) => reset(phone, i))).toEqual({ 200: 1, 429: 59 });
    expect((await sent(app)).filter((m) => m.to === to).length - before).toBe(1);
  });

  it("password change: 5 per signed-in player", async () => {
    const { token } = await register(app);
    const counts = await burst((i) =>
      send(
        app.url,
        "/api/account/player/changepass",
        `10.8.0.${i}`,
        { token, current: "geraten-1", password: "ganz-neu-77" },
        "PUT",
      ),
    );
    expect(counts).toEqual({ 430: 5, 429: 55 });
  });

  it("station codes: 20 unknown codes of one player", async () => {
    const hash = await signup(app, "10.9.0.1");
    const counts = await burst((i) =>
      send(app.url, "/api/game/station/code", `10.9.1.${i}`, { Code: `nope-${i}`, Hash: hash }),
    );
    expect(counts).toEqual({ 404: 20, 429: 40 });
  });

  it("team joins: 10 failures of one player", async () => {
    const hash = await signup(app, "10.10.0.1");
    const counts = await burst((i) =>
      send(app.url, `/api/game/team/join?hash=${hash}&tjr=NOPE${i}XYZ`, `10.10.1.${i}`),
    );
    expect(counts).toEqual({ 400: 10, 429: 50 });
  });

  it("team previews: 10 unknown codes of one player, counted with the joins", async () => {
    const hash = await signup(app, "10.14.0.1");
    const counts = await burst((i) =>
      send(app.url, `/api/game/team/preview?hash=${hash}&tjr=NOPE${i}XYZ`, `10.14.1.${i}`),
    );
    expect(counts).toEqual({ 400: 10, 429: 50 });
    expect(await send(app.url, `/api/game/team/join?hash=${hash}&tjr=NOPEXYZ`, "10.14.2.1")).toBe(
      429,
    );
  });

  it("reset links: the unknown links one address opens", async () => {
    const counts = await burst((i) =>
      send(app.url, "/api/account/player/changepass/link", "10.15.0.1", { token: `nope-${i}` }),
    );
    expect(counts).toEqual({ 200: FAILURES_PER_ADDRESS, 429: PARALLEL - FAILURES_PER_ADDRESS });
  });

  it("keeping a game with a number: the code entries of one address", async () => {
    const hash = await signup(app, "10.16.0.1");
    const { phone } = newPhone();
    const request = { Hash: hash, first_name: "Mara", phone };
    expect(await send(app.url, "/api/account/player/upgrade/sms", "10.16.0.2", request)).toBe(200);
    const counts = await burst(() =>
      send(app.url, "/api/account/player/upgrade/sms/verify", "10.16.0.3", {
        Hash: hash,
        phone,
        smscode: "000000",
      }),
    );
    expect(counts).toEqual({ 430: FAILURES_PER_ADDRESS, 429: PARALLEL - FAILURES_PER_ADDRESS });
  });

  it("operator password change: 5 per operator", async () => {
    const { name, password } = await addOperator(app.store, systemClock, "pia");
    const signIn = await fetch(`${app.url}/api/ops/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.17.0.1" },
      body: JSON.stringify({ name, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const counts = await burst(async (i) => {
      const response = await fetch(`${app.url}/api/ops/password`, {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.17.1.${i}`,
          cookie,
        },
        body: JSON.stringify({ current: "geraten-1", password: "Kirschbaum-7731" }),
      });
      await response.arrayBuffer();
      return response.status;
    });
    expect(counts).toEqual({ 403: 5, 429: 55 });
  });

  it("anonymous sign-ups of one address", async () => {
    const counts = await burst(() =>
      send(app.url, "/api/account/player/optin/anon", "10.11.0.1", { story_id: "marburg" }),
    );
    expect(counts).toEqual({ 200: ANON_SIGNUPS_PER_HOUR, 429: PARALLEL - ANON_SIGNUPS_PER_HOUR });
  });

  it("operator sign-in: 10 failures of one address", async () => {
    const { name } = await addOperator(app.store, systemClock, "nora");
    const counts = await burst(() =>
      send(app.url, "/api/ops/session", "10.12.0.1", { name, password: "geraten-1" }),
    );
    expect(counts).toEqual({ 401: 10, 429: 50 });
  });

  it("operator sign-in: 20 failures of one name from all addresses", async () => {
    const { name } = await addOperator(app.store, systemClock, "olga");
    const counts = await burst((i) =>
      send(app.url, "/api/ops/session", `10.13.0.${i}`, { name, password: "geraten-1" }),
    );
    expect(counts).toEqual({ 401: 20, 429: 40 });
  });
});

// Two instances on one PostgreSQL count together, also where one instance runs the calls of a
// number one after another (SMS to a number, a code's tries, a known number's reset).
describe.each(dialects.filter((d) => d.name === "PostgreSQL"))(
  "60 parallel requests over two instances ($name)",
  (dialect) => {
    let db: TestDatabase;
    let apps: TestApp[];

    beforeAll(async () => {
      db = await dialect.open();
      const pack = await teamPack();
      apps = [
        await startApp({ ...db.where, ...options, pack }),
        await startApp({ ...db.where, ...options, pack }),
      ];
    });

    afterAll(async () => {
      for (const app of apps) await app.close();
      await db.done();
    });

    const on = (i: number) => apps[i % 2] as TestApp;
    const allSent = async () => (await Promise.all(apps.map(sent))).flat();

    it("SMS codes: 3 SMS to one number, 5 tries of one code", async () => {
      const { phone, to } = newPhone();
      const request = { first_name: "Mara", phone, story_id: "marburg" };
      const counts = await burst((i) =>
        send(on(i).url, "/api/account/player/optin/sms", `10.20.0.${i}`, request),
      );
      expect(counts).toEqual({ 200: 3, 429: 57 });
      expect((await allSent()).filter((m) => m.to === to)).toHaveLength(3);

      const entries = await burst((i) =>
        send(on(i).url, "/api/account/player/optin/sms/verify", `10.20.1.${i}`, {
          phone,
          smscode: "000000",
        }),
      );
      expect(entries).toEqual({ 430: 60 });
      const player = await on(0).store.repos.players.findByPhone(to);
      expect((await on(0).store.repos.smsCodes.find(player?.id ?? 0))?.failedTries).toBe(5);
    });

    it("player login and password reset of a known number", async () => {
      const { phone, to } = await register(on(0));
      const counts = await burst((i) =>
        send(on(i).url, "/api/account/player/login/phone", "10.21.0.1", {
          phone,
          password: "geraten-1",
        }),
      );
      expect(counts).toEqual({ 430: 5, 429: 55 });
      const before = (await allSent()).filter((m) => m.to === to).length;
      const resets = await burst((i) =>
        send(on(i).url, "/api/account/player/changepass/phone", `10.21.1.${i}`, { Phone: phone }),
      );
      expect(resets).toEqual({ 200: 1, 429: 59 });
      expect((await allSent()).filter((m) => m.to === to).length - before).toBe(1);
    });
  },
);
