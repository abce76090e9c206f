import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import {
  auditPage,
  ErrorReason,
  opsMe,
  opsOperator,
  opsOperatorCreated,
  opsOperators,
  OpsReason,
} from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import type { DatabaseConfig } from "../src/config";
import { runOperatorCli } from "../src/operator-accounts/cli";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, tempDir } from "./support/test-app";
import type { StartOptions, TestApp } from "./support/test-app";

/**
 * Operator accounts on both databases: the command line that creates, lists and removes them,
 * the console's cookie session, the token for scripts, the rate limits of the sign-in, the
 * 401 of every `/api/ops/` call without credentials, and the audit log.
 */

const HOUR = 60 * 60 * 1000;
const TOKEN = "ops-token-".padEnd(48, "x");

type Dialect = {
  name: string;
  setUp(): Promise<{ database: DatabaseConfig; url: string }>;
  cleanUp(): Promise<void>;
};

const sqlite = (): Dialect => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined;
  return {
    name: "SQLite",
    async setUp() {
      dir = await tempDir();
      const file = `${dir.dir}/db.sqlite`;
      return { database: { kind: "sqlite", file }, url: `file:${file}` };
    },
    cleanUp: async () => dir?.remove(),
  };
};

const postgres = (): Dialect => {
  let schema: TestSchema | undefined;
  return {
    name: "PostgreSQL",
    async setUp() {
      schema = await createTestSchema();
      return { database: schema.database, url: schema.database.url };
    },
    cleanUp: async () => schema?.drop(),
  };
};

describe.each([sqlite(), postgres()])("operator accounts ($name)", (dialect) => {
  const clock = { ms: Date.UTC(2026, 5, 1, 8), now: () => new Date(clock.ms) };
  let app: TestApp;
  let databaseUrl: string;
  let options: StartOptions;

  /** `npm run operator -- ...args` against the test database: status and printed lines. */
  async function cli(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await runOperatorCli(args, {
      env: { DATABASE_URL: databaseUrl },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      clock,
    });
    return { status, out, err };
  }

  /** Creates an operator on the command line; answers its one-time password. */
  async function addOperator(name: string): Promise<string> {
    const { status, out } = await cli("add", name);
    expect(status).toBe(0);
    const password = /one-time password (\S+)/.exec(out.join("\n"))?.[1];
    if (!password) throw new Error(`no password in ${out.join("\n")}`);
    return password;
  }

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; cookie?: string; bearer?: string; from?: string } = {},
    base = app.url,
  ) {
    const headers: Record<string, string> = { "x-forwarded-for": init.from ?? "10.1.1.1" };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.cookie !== undefined) headers.cookie = init.cookie;
    if (init.bearer !== undefined) headers.authorization = `Bearer ${init.bearer}`;
    const response = await fetch(`${base}/api/ops${path}`, {
      method,
      headers,
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, response, text: await response.text() };
  }

  async function signIn(name: string, password: string, from = "10.1.1.1") {
    return call("POST", "/session", { body: { name, password }, from });
  }

  /** The `name=value` of the session cookie a sign-in set. */
  function cookieOf(response: Response): string {
    const header = response.headers.get("set-cookie") ?? "";
    return header.split(";")[0] ?? "";
  }

  beforeAll(async () => {
    const { database, url } = await dialect.setUp();
    databaseUrl = url;
    options = {
      database,
      clock,
      config: {
        trustProxy: ["127.0.0.1"],
        publicUrl: "https://wegmarke.example",
        operatorToken: TOKEN,
      },
      limits: {
        opsLoginFailuresPerIp: { limit: 3, windowMs: HOUR },
        opsLoginFailuresPerName: { limit: 5, windowMs: HOUR },
      },
    };
    app = await startApp(options);
  });

  afterAll(async () => {
    await app.close();
    await dialect.cleanUp();
  });

  it("answers 401 to every /api/ops/ call without a session or the token", async () => {
    for (const [method, path] of [
      ["GET", "/me"],
      ["GET", "/audit"],
      ["HEAD", "/me"],
      ["DELETE", "/session"],
      ["GET", "/nothing-here"],
      ["POST", "/nothing-here"],
    ] as const) {
      const { status, text } = await call(method, path);
      expect([method, path, status]).toEqual([method, path, 401]);
      if (method !== "HEAD") expect(text).toBe(OpsReason.signInRequired);
    }
    const forged = await call("GET", "/me", { cookie: `wegmarke_ops=${"a".repeat(64)}` });
    expect(forged.status).toBe(401);
    // With credentials an unknown path is a plain 404.
    expect((await call("GET", "/nothing-here", { bearer: TOKEN })).status).toBe(404);
  });

  it("adds, lists and removes operators on the command line; add prints a password that signs in", async () => {
    const password = await addOperator("Lena");
    expect(password).toMatch(/^[\w-]{20}$/);
    expect((await cli("add", "lena")).err).toEqual(["operator lena exists already"]);
    expect((await cli("add", "no spaces")).status).toBe(1);
    expect((await cli("frobnicate")).status).toBe(2);
    await addOperator("jonas");
    expect((await cli("add", "nora", "none")).status).toBe(0);
    const list = await cli("list");
    expect(list.out.map((line) => line.split("\t").slice(0, 2).join(" "))).toEqual([
      "jonas admin default:author,host",
      "lena admin default:author,host",
      "nora no game",
    ]);

    const signedIn = await signIn("LENA", password);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(opsMe.parse(JSON.parse(signedIn.text))).toEqual({
      name: "lena",
      roles: ["author", "host"],
      member: true,
      admin: true,
      via: "session",
      expiresAt: new Date(clock.ms + 12 * HOUR).toISOString(),
      passwordChangeRequired: true,
    });

    // A new password ends the sessions; the old one no longer signs in.
    const cookie = cookieOf(signedIn.response);
    const reset = await cli("reset", "lena");
    expect(reset.status).toBe(0);
    expect((await call("GET", "/me", { cookie })).status).toBe(401);
    expect((await signIn("lena", password)).status).toBe(401);

    expect((await cli("remove", "nora")).status).toBe(0);
    const removed = await cli("remove", "jonas");
    expect([removed.status, removed.out]).toEqual([0, ["operator jonas removed"]]);
    expect((await cli("remove", "jonas")).err).toEqual(["no operator jonas"]);
    expect((await cli("list")).out.map((line) => line.split("\t")[0])).toEqual(["lena"]);
  });

  it("signs in with an HttpOnly, SameSite=Strict, Secure cookie that ends after 12 hours, and out", async () => {
    const password = await addOperator("mara");
    const signedIn = await signIn("mara", password, "10.2.2.2");
    expect(signedIn.status).toBe(200);
    const header = signedIn.response.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/^wegmarke_ops=[0-9a-f]{64}; /);
    expect(header.split("; ").slice(1).sort()).toEqual(
      ["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Strict", "Secure"].sort(),
    );
    expect(signedIn.response.headers.get("cache-control")).toBe("no-store");
    const cookie = cookieOf(signedIn.response);
    // Only the token's hash is stored.
    const token = cookie.split("=")[1] ?? "";
    const rows = await app.store.repos.operators.findSession(token, clock.now().toISOString());
    expect(rows).toBeUndefined();

    const me = await call("GET", "/me", { cookie });
    expect([me.status, opsMe.parse(JSON.parse(me.text)).name]).toEqual([200, "mara"]);

    // The session ends 12 hours after sign-in, used or not.
    clock.ms += 12 * HOUR - 1000;
    expect((await call("GET", "/me", { cookie })).status).toBe(200);
    clock.ms += 1000;
    expect((await call("GET", "/me", { cookie })).status).toBe(401);

    const again = await signIn("mara", password, "10.2.2.2");
    const second = cookieOf(again.response);
    const out = await call("DELETE", "/session", { cookie: second });
    expect(out.status).toBe(200);
    expect(out.response.headers.get("set-cookie")).toMatch(/^wegmarke_ops=; Path=\/; Max-Age=0;/);
    expect((await call("GET", "/me", { cookie: second })).status).toBe(401);
  });

  it("refuses a wrong password and holds back an address and a name after repeated failures", async () => {
    const password = await addOperator("kai");
    const wrong = await signIn("kai", "not-the-password", "10.3.3.1");
    expect([wrong.status, wrong.text]).toEqual([401, OpsReason.signInFailed]);
    // An unknown name fails alike.
    expect((await signIn("nobody", "x", "10.3.3.1")).text).toBe(OpsReason.signInFailed);
    // The address: 3 failures, then even the right password waits.
    await signIn("kai", "wrong again", "10.3.3.1");
    const held = await signIn("kai", password, "10.3.3.1");
    expect(held.status).toBe(429);
    expect(Number(held.response.headers.get("retry-after"))).toBeGreaterThan(0);

    // An address that signed in to the name before is spared the name's count.
    expect((await signIn("kai", password, "10.3.4.1")).status).toBe(200);
    // The name: 5 failures from anywhere.
    for (let i = 0; i < 5; i++) {
      expect((await signIn("kai", `guess ${i}`, `10.3.5.${i}`)).status).toBe(401);
    }
    expect((await signIn("kai", password, "10.3.6.1")).status).toBe(429);
    expect((await signIn("kai", password, "10.3.4.1")).status).toBe(200);
  });

  it("accepts Authorization: Bearer OPERATOR_TOKEN, and nothing else, on every call", async () => {
    const me = await call("GET", "/me", { bearer: TOKEN });
    expect([me.status, JSON.parse(me.text)]).toEqual([
      200,
      { name: null, roles: ["author", "host"], member: true, admin: true, via: "token" },
    ]);
    expect((await call("GET", "/audit", { bearer: TOKEN })).status).toBe(200);
    for (const bearer of [`${TOKEN}x`, TOKEN.slice(0, -1), "x", TOKEN.toUpperCase()]) {
      expect((await call("GET", "/me", { bearer })).status).toBe(401);
    }
    const basic = await fetch(`${app.url}/api/ops/me`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
    });
    expect(basic.status).toBe(401);
    // A wrong token is refused even beside a valid session cookie.
    const password = await addOperator("ines");
    const cookie = cookieOf((await signIn("ines", password, "10.4.4.4")).response);
    expect((await call("GET", "/me", { cookie, bearer: "wrong" })).status).toBe(401);
    // Signing out with the token has no session to end.
    expect((await call("DELETE", "/session", { bearer: TOKEN })).status).toBe(200);

    // Without OPERATOR_TOKEN no bearer token opens anything.
    const other = await startApp({
      ...options,
      config: { ...options.config, operatorToken: undefined },
    });
    try {
      expect((await call("GET", "/me", { bearer: TOKEN }, other.url)).status).toBe(401);
      expect((await call("GET", "/me", { cookie }, other.url)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("writes sign-ins, sign-outs and the command line's changes to the audit log, newest first", async () => {
    const password = await addOperator("uwe");
    const cookie = cookieOf((await signIn("uwe", password, "10.5.5.5")).response);
    await call("DELETE", "/session", { cookie });
    await cli("remove", "uwe");

    const first = await call("GET", "/audit?limit=3", { bearer: TOKEN });
    expect(first.status).toBe(200);
    const page = auditPage.parse(JSON.parse(first.text));
    expect(
      page.entries.map(({ via, operator, action, detail }) => [via, operator, action, detail]),
    ).toEqual([
      ["cli", null, "operator.remove", "uwe"],
      ["session", "uwe", "signout", null],
      ["session", "uwe", "signin", "from 10.5.5.5"],
    ]);
    expect(page.entries[0]?.at).toBe(clock.now().toISOString());
    expect(page.next).toBe(page.entries[2]?.id);

    const rest = auditPage.parse(
      JSON.parse(
        (await call("GET", `/audit?before=${page.next}&limit=200`, { bearer: TOKEN })).text,
      ),
    );
    expect(rest.next).toBeUndefined();
    expect(rest.entries[0]).toMatchObject({
      via: "cli",
      action: "operator.add",
      detail: "uwe (author,host, admin)",
    });
    const actions = new Set(rest.entries.map((e) => e.action));
    expect([...actions].sort()).toEqual(
      ["operator.add", "operator.remove", "operator.reset", "signin", "signout"].sort(),
    );
    // No password or token ever reaches the log.
    const all = JSON.stringify([page, rest]);
    expect(all).not.toContain(password);
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(cookie.split("=")[1]);

    expect((await call("GET", "/audit?limit=0", { bearer: TOKEN })).status).toBe(400);
    expect((await call("GET", "/audit?before=x", { bearer: TOKEN })).status).toBe(400);
  });

  it("makes a one-time password be changed before anything else, and changes it in the console", async () => {
    const once = await addOperator("pia");
    const signedIn = await signIn("pia", once, "10.6.6.1");
    expect(opsMe.parse(JSON.parse(signedIn.text)).passwordChangeRequired).toBe(true);
    const cookie = cookieOf(signedIn.response);
    const other = cookieOf((await signIn("pia", once, "10.6.6.2")).response);

    // Until it is changed, every call but me, the sign-out and the change answers 403.
    for (const [method, path] of [
      ["GET", "/audit"],
      ["GET", "/overview"],
      ["GET", "/players"],
      ["GET", "/news"],
      ["POST", "/news"],
      ["GET", "/export.csv"],
      ["GET", "/live"],
      ["POST", "/content/reload"],
    ] as const) {
      const { status, text } = await call(method, path, {
        cookie,
        ...(method === "POST" && { body: {} }),
      });
      expect([method, path, status, text]).toEqual([
        method,
        path,
        403,
        OpsReason.passwordChangeRequired,
      ]);
    }
    const me = await call("GET", "/me", { cookie });
    expect(opsMe.parse(JSON.parse(me.text)).passwordChangeRequired).toBe(true);

    const change = (body: unknown, from = "10.6.6.1", on = cookie) =>
      call("PUT", "/password", { cookie: on, body, from });
    expect(await change({ current: "wrong", password: "Schwalbennest-42" })).toMatchObject({
      status: 403,
      text: OpsReason.wrongPassword,
    });
    expect(await change({ current: once, password: "passwort" })).toMatchObject({
      status: 400,
      text: ErrorReason.commonPassword,
    });
    expect(await change({ current: once, password: once })).toMatchObject({
      status: 400,
      text: OpsReason.samePassword,
    });
    expect((await change({ current: once, password: "kurz" })).status).toBe(400);
    // Spaces around a password are no part of it, when it is set and when it signs in.
    const changed = await change({ current: once, password: " Schwalbennest-42 " });
    expect(changed.status, changed.text).toBe(200);
    expect(opsMe.parse(JSON.parse(changed.text))).toEqual({
      name: "pia",
      roles: ["author", "host"],
      member: true,
      admin: true,
      via: "session",
      expiresAt: expect.any(String),
    });

    // This console goes on with everything; the operator's other session ended.
    expect((await call("GET", "/audit", { cookie })).status).toBe(200);
    expect((await call("GET", "/me", { cookie: other })).status).toBe(401);
    expect((await signIn("pia", once, "10.6.6.3")).status).toBe(401);
    const again = await signIn("pia", "Schwalbennest-42 ", "10.6.6.3");
    expect(opsMe.parse(JSON.parse(again.text)).passwordChangeRequired).toBeUndefined();

    // The token has no password to change.
    expect(
      await call("PUT", "/password", {
        bearer: TOKEN,
        body: { current: "x", password: "Schwalbennest-43" },
      }),
    ).toMatchObject({
      status: 400,
      text: OpsReason.noPassword,
    });

    // Written to the audit log without the passwords.
    const log = auditPage.parse(JSON.parse((await call("GET", "/audit?limit=5", { cookie })).text));
    expect(log.entries.map((e) => [e.operator, e.action])).toContainEqual([
      "pia",
      "password.change",
    ]);
    expect(JSON.stringify(log)).not.toContain("Schwalbennest");

    // A reset on the command line makes the new one-time password a must-change again.
    const reset = await cli("reset", "pia");
    const fresh = /one-time password (\S+)/.exec(reset.out.join("\n"))?.[1] ?? "";
    const afterReset = await signIn("pia", fresh, "10.6.6.4");
    expect(opsMe.parse(JSON.parse(afterReset.text)).passwordChangeRequired).toBe(true);
    expect((await call("GET", "/audit", { cookie: cookieOf(afterReset.response) })).status).toBe(
      403,
    );
  });

  it("limits password changes to 5 an hour per operator, and wrong current passwords per address", async () => {
    const once = await addOperator("ole");
    const cookie = cookieOf((await signIn("ole", once, "10.7.7.1")).response);
    const change = (current: string, from: string) =>
      call("PUT", "/password", { cookie, from, body: { current, password: "Kirschbaum-7731" } });
    // Wrong current passwords count like failed sign-ins of the address (3 here).
    for (let i = 0; i < 3; i++) expect((await change(`guess ${i}`, "10.7.7.2")).status).toBe(403);
    expect((await change(once, "10.7.7.2")).status).toBe(429);
    // 5 changes an hour per operator, whatever the address.
    expect((await change("guess 4", "10.7.7.3")).status).toBe(403);
    expect((await change("guess 5", "10.7.7.4")).status).toBe(403);
    const held = await change(once, "10.7.7.5");
    expect(held.status).toBe(429);
    expect(Number(held.response.headers.get("retry-after"))).toBeGreaterThan(0);
    clock.ms += HOUR;
    expect((await change(once, "10.7.7.5")).status).toBe(200);
  });
  it("lets an author make the game, a host run it, and a viewer only look", async () => {
    /** A signed-in console of a new operator with `roles`, its own password chosen. */
    const console = async (name: string, roles: string) => {
      const added = await cli("add", name, roles);
      expect(added.status, added.err.join("\n")).toBe(0);
      const password = /one-time password (\S+)/.exec(added.out.join("\n"))?.[1] ?? "";
      const cookie = cookieOf((await signIn(name, password)).response);
      const chosen = `${name}-Rollen-7`;
      const changed = await call("PUT", "/password", {
        cookie,
        body: { current: password, password: chosen },
      });
      expect(changed.status, changed.text).toBe(200);
      return cookie;
    };
    const author = await console("autorin", "author");
    const host = await console("gastgeber", "host");
    const viewer = await console("zuschauer", "viewer");
    const roles = async (cookie: string) =>
      opsMe.parse(JSON.parse((await call("GET", "/me", { cookie })).text)).roles;
    expect(await roles(author)).toEqual(["author"]);
    expect(await roles(host)).toEqual(["host"]);
    expect(await roles(viewer)).toEqual([]);
    expect(
      opsMe.parse(JSON.parse((await call("GET", "/me", { bearer: TOKEN })).text)).roles,
    ).toEqual(["author", "host"]);

    const authors: [string, string, unknown][] = [
      ["POST", "/content/reload", {}],
      ["POST", "/pack/versions/1/release", {}],
      ["GET", "/pack/draft", undefined],
      ["GET", "/pack/draft/file?path=game.yaml", undefined],
      ["PUT", "/pack/draft/file", { path: "game.yaml", text: "id: x\n", replaces: null }],
      ["DELETE", "/pack/draft/file?path=game.yaml&replaces=x", undefined],
      ["GET", "/pack/draft/station?folder=stations/1-marktplatz", undefined],
      ["POST", "/pack/draft/stations", { title: "Neu" }],
      ["POST", "/pack/draft/compile", { path: "a.ink", text: "-> END" }],
      ["PUT", "/pack/draft/media?path=intro/x.png", { x: 1 }],
      ["GET", "/pack/draft/game", undefined],
      ["GET", "/pack/draft/texts", undefined],
      ["GET", "/pack/draft/map", undefined],
      ["GET", "/pack/draft/places?q=Marktplatz", undefined],
      ["GET", "/pack/draft/story?folder=stories/1-zwei-studenten", undefined],
      ["POST", "/pack/draft/check", {}],
      ["POST", "/pack/draft/publish", {}],
      ["POST", "/pack/draft/preview", { desk: true }],
      ["DELETE", "/pack/draft", undefined],
    ];
    const exportCsv: [string, string, unknown] = ["GET", "/export.csv", undefined];
    const hosts: [string, string, unknown][] = [
      ["POST", "/news", { text: { de: "Hallo", en: "Hello" } }],
      ["DELETE", "/news/1", undefined],
      ["POST", "/players/1/stations/1/cancel", {}],
      exportCsv,
    ];
    const statusOf = async (cookie: string, [method, path, body]: [string, string, unknown]) => {
      const answer = await call(method, path, { cookie, ...(body !== undefined && { body }) });
      return answer.status === 403 ? answer.text : "taken";
    };
    for (const request of authors) {
      expect(await statusOf(viewer, request)).toBe("author role required");
      expect(await statusOf(host, request)).toBe("author role required");
      expect(await statusOf(author, request)).toBe("taken");
    }
    for (const request of hosts) {
      expect(await statusOf(viewer, request)).toBe("host role required");
      expect(await statusOf(author, request)).toBe("host role required");
      expect(await statusOf(host, request)).toBe("taken");
    }
    // A HEAD needs its GET's role.
    expect((await call("HEAD", "/pack/draft", { cookie: host })).status).toBe(403);
    // Looking at the running game needs no role (test/viewer-role.test.ts: what it does).
    for (const path of ["/overview", "/map", "/news", "/pack/versions"]) {
      expect((await call("GET", path, { cookie: viewer })).status, path).toBe(200);
    }

    // The command line changes roles, from the next call on; the list and the log say so.
    expect((await cli("roles", "zuschauer", "author,host")).out).toEqual([
      "operator zuschauer: author,host in default",
    ]);
    expect(await roles(viewer)).toEqual(["author", "host"]);
    expect(await statusOf(viewer, exportCsv)).toBe("taken");
    expect((await cli("roles", "zuschauer", "admin")).err).toEqual([
      'invalid roles "admin": author, host, author,host, viewer or none',
    ]);
    expect((await cli("roles", "niemand", "host")).err).toEqual(["no operator niemand"]);
    expect((await cli("roles", "zuschauer")).status).toBe(2);
    const listed = (await cli("list")).out.map((line) => line.split("\t").slice(0, 2).join(" "));
    expect(listed).toEqual(
      expect.arrayContaining([
        "autorin default:author",
        "gastgeber default:host",
        "zuschauer default:author,host",
      ]),
    );
    const audit = auditPage.parse(
      JSON.parse((await call("GET", "/audit?limit=1", { bearer: TOKEN })).text),
    );
    expect(audit.entries[0]).toMatchObject({
      via: "cli",
      action: "operator.roles",
      detail: "zuschauer: author,host",
    });
  });

  it("lets the installation's admin add operators and set their roles in the console", async () => {
    const signedIn = async (name: string, password: string) => {
      const cookie = cookieOf((await signIn(name, password)).response);
      const chosen = `${name}-Team-2026`;
      const changed = await call("PUT", "/password", {
        cookie,
        body: { current: password, password: chosen },
      });
      expect(changed.status, changed.text).toBe(200);
      return cookie;
    };
    const lead = await signedIn("leitung", await addOperator("leitung"));
    const added = await call("POST", "/operators", {
      cookie: lead,
      body: { name: "praktikant", roles: [] },
    });
    expect(added.status, added.text).toBe(201);
    const created = opsOperatorCreated.parse(JSON.parse(added.text));
    expect(created).toMatchObject({ name: "praktikant", roles: [] });
    // The one-time password signs in once; the new operator chooses their own.
    const intern = await signedIn("praktikant", created.password);
    const roles = async (cookie: string) =>
      opsMe.parse(JSON.parse((await call("GET", "/me", { cookie })).text)).roles;
    expect(await roles(intern)).toEqual([]);
    expect((await call("GET", "/operators", { cookie: intern })).text).toBe(
      OpsReason.adminRequired,
    );

    const set = await call("PUT", "/operators/praktikant/roles", {
      cookie: lead,
      body: { roles: ["host"] },
    });
    expect(set.status, set.text).toBe(200);
    expect(await roles(intern)).toEqual(["host"]);
    const listed = opsOperators.parse(
      JSON.parse((await call("GET", "/operators", { cookie: lead })).text),
    );
    expect(listed.operators.find((o) => o.name === "praktikant")).toMatchObject({
      roles: ["host"],
      member: true,
      admin: false,
    });
    expect(listed.operators.find((o) => o.name === "leitung")).toMatchObject({ admin: true });

    const audit = auditPage.parse(
      JSON.parse((await call("GET", "/audit?limit=5", { bearer: TOKEN })).text),
    );
    expect(
      audit.entries
        .filter(({ action }) => action.startsWith("operator."))
        .map(({ via, operator, action, detail }) => ({ via, operator, action, detail })),
    ).toEqual([
      { via: "session", operator: "leitung", action: "operator.roles", detail: "praktikant: host" },
      {
        via: "session",
        operator: "leitung",
        action: "operator.add",
        detail: "praktikant (viewer)",
      },
    ]);

    // Without the game the operator sees nothing of it; as admin, every game and the team.
    const me = async (cookie: string) =>
      opsMe.parse(JSON.parse((await call("GET", "/me", { cookie })).text));
    const away = await call("PUT", "/operators/praktikant/roles", {
      cookie: lead,
      body: { roles: [], member: false },
    });
    expect(opsOperator.parse(JSON.parse(away.text))).toMatchObject({ roles: [], member: false });
    expect(await me(intern)).toMatchObject({ roles: [], member: false, admin: false });
    for (const path of ["/overview", "/news", "/map", "/pack/versions", "/audit"]) {
      const answer = await call("GET", path, { cookie: intern });
      expect([path, answer.status, answer.text]).toEqual([path, 403, OpsReason.notYourGame]);
    }
    const made = await call("PUT", "/operators/praktikant/roles", {
      cookie: lead,
      body: { roles: [], member: false, admin: true },
    });
    expect(made.status, made.text).toBe(200);
    expect(await me(intern)).toMatchObject({ roles: [], member: true, admin: true });
    expect((await call("GET", "/overview", { cookie: intern })).status).toBe(200);
    expect((await call("GET", "/operators", { cookie: intern })).status).toBe(200);
    await call("PUT", "/operators/praktikant/roles", {
      cookie: lead,
      body: { roles: ["host"], admin: false },
    });

    // Not one's own roles, no operator twice, none unknown, no role unknown.
    const refused = async (method: string, path: string, body: unknown) => {
      const answer = await call(method, path, { cookie: lead, body });
      return [answer.status, answer.text];
    };
    expect(await refused("PUT", "/operators/leitung/roles", { roles: [] })).toEqual([
      409,
      OpsReason.ownRoles,
    ]);
    expect(await refused("POST", "/operators", { name: "praktikant", roles: [] })).toEqual([
      409,
      OpsReason.operatorExists,
    ]);
    expect(await refused("PUT", "/operators/niemand/roles", { roles: [] })).toEqual([
      404,
      OpsReason.operatorNotFound,
    ]);
    expect((await refused("PUT", "/operators/praktikant/roles", { roles: ["admin"] }))[0]).toBe(
      400,
    );
    expect(
      (await refused("PUT", "/operators/praktikant/roles", { roles: ["host", "host"] }))[0],
    ).toBe(400);
  });
});

describe("the operator command as a process", () => {
  it("exits 0 after its work and 1 with one line for a refusal, once the database is closed", async () => {
    const dir = await tempDir();
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ["--import", "tsx", resolve(repoRoot, "server/src/operator.ts"), ...args],
        {
          env: { ...process.env, DATABASE_URL: `file:${dir.dir}/db.sqlite` },
          encoding: "utf8",
          timeout: 30_000,
        },
      );
    try {
      const added = run("add", "vera");
      expect([added.status, added.stdout]).toEqual([
        0,
        expect.stringMatching(/^operator vera: one-time password [\w-]{20}\n/),
      ]);
      const missing = run("remove", "nobody");
      expect([missing.status, missing.stderr]).toEqual([1, "no operator nobody\n"]);
    } finally {
      await dir.remove();
    }
  });
});
