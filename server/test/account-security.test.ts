import { createHash } from "node:crypto";
import { loginPhoneResponse, teamInviteResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api } from "./support/api";
import { dumpDatabase } from "./support/db-dump";
import { adminQuery, createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The account policy against an attacker, on both databases: a stolen token, strangers who
 * try to lock the owner out, enumeration by reset, addresses of one IPv6 network, anonymous
 * sign-ups in bulk, common passwords, idle sessions, and what stays after a deletion.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Dialect = {
  name: string;
  start(clock: { now(): Date }): Promise<{ app: TestApp; dump(): Promise<string> }>;
  cleanUp(): Promise<void>;
};

const sqlite = (): Dialect => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined;
  return {
    name: "SQLite",
    async start(clock) {
      dir = await tempDir();
      const dbFile = `${dir.dir}/db.sqlite`;
      const app = await startApp({ dbFile, clock, pack: await teamPack(), ...policy });
      return { app, dump: () => Promise.resolve(dumpDatabase(dbFile)) };
    },
    cleanUp: async () => dir?.remove(),
  };
};

const postgres = (): Dialect => {
  let schema: TestSchema | undefined;
  return {
    name: "PostgreSQL",
    async start(clock) {
      schema = await createTestSchema();
      const name = schema.name;
      const app = await startApp({
        database: schema.database,
        clock,
        pack: await teamPack(),
        ...policy,
      });
      const dump = async () => {
        const tables = await adminQuery<{ table_name: string }>(
          "select table_name from information_schema.tables where table_schema = $1",
          [name],
        );
        const parts = await Promise.all(
          tables.map(async ({ table_name: table }) => {
            const rows = await adminQuery(`select * from ${name}."${table}"`);
            return `${table}: ${JSON.stringify(rows)}`;
          }),
        );
        return parts.join("\n");
      };
      return { app, dump };
    },
    cleanUp: async () => schema?.drop(),
  };
};

/** Forwarded addresses are believed from 127.0.0.1, so each test call picks its address. */
const policy = {
  config: { trustProxy: ["127.0.0.1"], anonSignupsPerHour: 3 },
  limits: { loginFailuresPerPhone: { limit: 8, windowMs: DAY } },
};

describe.each([sqlite(), postgres()])("accounts against attackers ($name)", (dialect) => {
  const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
  let app: TestApp;
  let api: Api;
  let dump: () => Promise<string>;
  let next = 100;

  beforeAll(async () => {
    ({ app, dump } = await dialect.start(clock));
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await dialect.cleanUp();
  });

  function newPhone(): { phone: string; to: string } {
    next++;
    const digits = String(next).padStart(5, "0");
    return { phone: `0170 55${digits}`, to: `+4917055${digits}` };
  }

  /** An account call from the address `from`; status and body. */
  async function call(
    path: string,
    body: unknown,
    from: string,
    method = "POST",
  ): Promise<[number, string]> {
    const response = await fetch(`${app.url}/api/account/player/${path}`, {
      method,
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify(body),
    });
    return [response.status, await response.text()];
  }

  async function register(firstName = "Mara") {
    const { phone, to } = newPhone();
    const from = "10.9.9.9";
    const request = { first_name: firstName, phone, story_id: "marburg" };
    expect((await call("optin/sms", request, from))[0]).toBe(200);
    const code = await api.lastCode(to);
    const [status, body] = await call("optin/sms/verify", { phone, smscode: code }, from);
    expect(status, body).toBe(200);
    return { phone, to, code, token: loginPhoneResponse.parse(JSON.parse(body)).value };
  }

  const login = (phone: string, password: string, from: string) =>
    call("login/phone", { phone, password }, from);

  describe("a stolen token", () => {
    it("changes no password without the current one, and not often", async () => {
      const { phone, code, token } = await register();
      const change = (current: string | undefined, password = "ganz-neu-77") =>
        call(
          "changepass",
          { password, token, ...(current !== undefined && { current }) },
          "10.1.1.1",
          "PUT",
        );
      expect(await change(undefined)).toEqual([400, "current password required"]);
      for (let i = 0; i < 4; i++) {
        expect(await change("geraten-1")).toEqual([430, "wrong current password"]);
      }
      expect((await login(phone, code, "10.1.1.2"))[0]).toBe(200);
      expect(await change(code)).toEqual([200, '{"value":"ok"}']);
      const [status, body] = await change("ganz-neu-77", "noch-neuer-88");
      expect([status, body]).toEqual([429, "too many attempts"]);
      clock.ms += HOUR;
      expect((await change("ganz-neu-77", "noch-neuer-88"))[0]).toBe(200);
      expect((await login(phone, "noch-neuer-88", "10.1.1.2"))[0]).toBe(200);
    });

    it("stops working after 30 days without use; each use moves the end on", async () => {
      const { token } = await register();
      const play = async () => {
        const stream = await api.events(token);
        stream.close();
      };
      clock.ms += 29 * DAY;
      await play();
      clock.ms += 29 * DAY;
      await play();
      clock.ms += 30 * DAY;
      await expect(play()).rejects.toThrow("401 invalid hash");
      expect(await dump()).not.toContain(hashToken(token));
    });

    it("of an anonymous player does not expire: it is the account, with no password behind it", async () => {
      const token = await api.optin();
      // A player who played: the retention rule keeps the account.
      await api.game("station/activate", { StationID: 1, Hash: token });
      clock.ms += 90 * DAY;
      await app.sweep();
      const stream = await api.events(token);
      stream.close();
    });
  });

  describe("strangers who try to lock the owner out", () => {
    it("hold back only their own address; the owner signs in from another", async () => {
      const { phone, code } = await register();
      for (let i = 0; i < 5; i++) {
        expect((await login(phone, "geraten-1", "10.2.0.1"))[0]).toBe(430);
      }
      expect(await login(phone, code, "10.2.0.1")).toEqual([429, "too many attempts"]);
      expect((await login(phone, code, "10.2.0.2"))[0]).toBe(200);
    });

    it("slow down guessing from many addresses, but not the owner's known address or a reset", async () => {
      const { phone, to, code } = await register();
      expect((await login(phone, code, "10.3.0.99"))[0]).toBe(200);
      for (let i = 0; i < 8; i++) {
        expect((await login(phone, "geraten-1", `10.3.${i}.1`))[0]).toBe(430);
      }
      // The number as a whole waits now, from any new address, whatever the password.
      expect(await login(phone, code, "10.3.100.1")).toEqual([429, "too many attempts"]);
      // The owner's address signed in before: it is not held back.
      expect((await login(phone, code, "10.3.0.99"))[0]).toBe(200);
      // Nor is whoever holds the number's SMS: the reset link clears the count.
      for (let i = 0; i < 8; i++) await login(phone, "geraten-1", `10.4.${i}.1`);
      expect((await call("changepass/phone", { Phone: phone }, "10.3.200.1"))[0]).toBe(200);
      const token = /token=([0-9a-f]{64})/.exec(await api.lastSms(to))?.[1] ?? "";
      expect(
        (await call("changepass", { password: "zurueck-42", token }, "10.3.200.1", "PUT"))[0],
      ).toBe(200);
      expect((await login(phone, "zurueck-42", "10.3.200.1"))[0]).toBe(200);
    });

    it("cannot use up the owner's reset: their request went to the owner's phone", async () => {
      const { phone, to } = await register();
      expect((await call("changepass/phone", { Phone: phone }, "10.5.0.1"))[0]).toBe(200);
      const link = await api.lastSms(to);
      expect(await call("changepass/phone", { Phone: phone }, "10.5.0.2")).toEqual([
        429,
        "password reset within 24 hours",
      ]);
      // The link from the stranger's request works for the owner.
      const reset = /token=([0-9a-f]{64})/.exec(link)?.[1] ?? "";
      expect(
        (await call("changepass", { password: "eigenes-99", token: reset }, "10.5.0.3", "PUT"))[0],
      ).toBe(200);
      // A signed-in device proves the account: it gets a new link at once.
      const [, body] = await login(phone, "eigenes-99", "10.5.0.3");
      const session = loginPhoneResponse.parse(JSON.parse(body)).value;
      expect(await call("changepass/phone", { Hash: session }, "10.5.0.3")).toEqual([
        200,
        '{"value":"ok"}',
      ]);
      expect(await api.lastSms(to)).not.toBe(link);
    });

    it("answer known and unknown numbers alike, the second time too", async () => {
      const { phone } = await register();
      const unknown = newPhone().phone;
      for (const number of [phone, unknown]) {
        expect(await call("changepass/phone", { Phone: number }, "10.6.0.1")).toEqual([
          200,
          '{"value":"ok"}',
        ]);
        expect(await call("changepass/phone", { Phone: number }, "10.6.0.2")).toEqual([
          429,
          "password reset within 24 hours",
        ]);
      }
    });
  });

  describe("per-address limits", () => {
    it("count the addresses of one IPv6 network (/64) as one, and IPv4-mapped ones as IPv4", async () => {
      const optin = (from: string) => call("optin/anon", { story_id: "marburg" }, from);
      for (const from of ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:ffff::3"]) {
        expect((await optin(from))[0]).toBe(200);
      }
      expect(await optin("2001:db8:7:1:abcd::9")).toEqual([429, "too many attempts"]);
      expect((await optin("2001:db8:7:2::1"))[0]).toBe(200);
      for (let i = 0; i < 3; i++) expect((await optin("10.7.0.1"))[0]).toBe(200);
      expect(await optin("::ffff:10.7.0.1")).toEqual([429, "too many attempts"]);
    });
  });

  describe("first passwords", () => {
    it("say at sign-in that the password is still the code, until the player chose one", async () => {
      const { phone, code, token } = await register();
      const first = await login(phone, code, "10.8.0.1");
      expect(loginPhoneResponse.parse(JSON.parse(first[1])).passwordIsCode).toBe(true);
      expect(
        await call("changepass", { password: "password", token, current: code }, "10.8.0.1", "PUT"),
      ).toEqual([400, "password too common"]);
      expect(
        (
          await call(
            "changepass",
            { password: "Sonnenuhr-3", token, current: code },
            "10.8.0.1",
            "PUT",
          )
        )[0],
      ).toBe(200);
      const chosen = await login(phone, "Sonnenuhr-3", "10.8.0.1");
      expect(JSON.parse(chosen[1])).toEqual({ value: expect.any(String) });
    });
  });

  describe("a deleted account", () => {
    it("leaves no name, number, number's hash or id in any table, nor a team founder", async () => {
      const { phone, to, token } = await register("Roswitha");
      const anna = await api.optin();
      // Rate-limit hits of the number, a team founded by the player with a member who stays.
      await login(phone, "geraten-1", "10.9.0.1");
      await call("changepass/phone", { Phone: phone }, "10.9.0.1");
      const invite = await api.post("/api/game/team/invite", { Hash: token });
      const code = teamInviteResponse.parse(await invite.json()).value;
      expect((await fetch(`${app.url}/api/game/team/join?hash=${anna}&tjr=${code}`)).status).toBe(
        200,
      );
      const player = await app.store.repos.players.findByTokenHash(hashToken(token));
      if (!player) throw new Error("no player");
      const before = await dump();
      const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
      expect(before).toContain(to);
      expect(before).toMatch(new RegExp(`"founder_?[iI]d":${player.id}\\b`));
      // Rate-limit hits of the number are there, keyed by an HMAC, not the number's SHA-256.
      expect(before).toMatch(/rate_?[hH]it_?[cC]ounts: \[\{/);
      expect(before).not.toContain(sha256(to));

      await api.game("outro/activate", { Skip: true, Hash: token });

      const after = await dump();
      for (const trace of [to, phone, "Roswitha", sha256(to), `player:${player.id}`]) {
        expect(after, trace).not.toContain(trace);
      }
      expect(after).not.toMatch(new RegExp(`"(player|founder)_?[iI]d":${player.id}\\b`));
      // The team plays on without a founder; Anna stays in it.
      expect(after).toMatch(/"founder_?[iI]d":null/);
    });
  });
});
