import { opsOperatorCreated, opsPackVersions, OpsReason } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * What a viewer (an operator with neither role: a sponsor, a teacher watching) may read: the
 * overview, the live map and activity, the news and the versions' list; not the pack's sources,
 * the QR posters, the audit log or the players' personal data, which the roles open.
 */

const TOKEN = "viewer-role-token-".padEnd(48, "v");

describe.each(dialects)("a viewer's reading on $name", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  const cookies: Record<"viewer" | OpsRole, string> = { viewer: "", author: "", host: "" };
  let version = 0;

  async function call(path: string, auth: { cookie: string } | { bearer: string }, body?: unknown) {
    const response = await fetch(`${app.url}/api/ops${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...("cookie" in auth
          ? { cookie: auth.cookie }
          : { authorization: `Bearer ${auth.bearer}` }),
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text(), response };
  }

  /** An operator with `roles` the token adds, signed in with a password of its own. */
  async function operator(name: string, roles: OpsRole[]): Promise<string> {
    const added = await call("/operators", { bearer: TOKEN }, { name, roles });
    expect(added.status, added.text).toBe(201);
    const { password } = opsOperatorCreated.parse(JSON.parse(added.text));
    const signedIn = await call("/session", { bearer: "" }, { name, password });
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = (signedIn.response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const changed = await fetch(`${app.url}/api/ops/password`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ current: password, password: `${name}-Schaut-2026` }),
    });
    expect(changed.status).toBe(200);
    return cookie;
  }

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, config: { operatorToken: TOKEN } });
    expect((await call("/content/reload", { bearer: TOKEN }, {})).status).toBe(200);
    const listed = await call("/pack/versions", { bearer: TOKEN });
    version = opsPackVersions.parse(JSON.parse(listed.text)).versions[0]?.id ?? 0;
    expect(version).toBeGreaterThan(0);
    cookies.viewer = await operator("sponsorin", []);
    cookies.author = await operator("autor", ["author"]);
    cookies.host = await operator("gastgeberin", ["host"]);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("refuses a viewer the pack's sources, the QR posters, the audit log and the players' data", async () => {
    const refused: [string, OpsRole[], string][] = [
      [`/pack/versions/${version}/zip`, ["author"], OpsReason.authorRequired],
      [`/pack/versions/${version}/changes`, ["author"], OpsReason.authorRequired],
      ["/pack/draft", ["author"], OpsReason.authorRequired],
      ["/stations/posters.pdf", ["host", "author"], OpsReason.roleRequired],
      ["/audit", ["host", "author"], OpsReason.roleRequired],
      ["/players", ["host"], OpsReason.hostRequired],
      [
        "/export.csv?table=players&separator=comma&timeZone=Europe%2FBerlin",
        ["host"],
        OpsReason.hostRequired,
      ],
      ["/submissions", ["host"], OpsReason.hostRequired],
      [
        "/submissions/export.zip?separator=comma&timeZone=Europe%2FBerlin",
        ["host"],
        OpsReason.hostRequired,
      ],
    ];
    for (const [path, roles, reason] of refused) {
      const viewer = await call(path, { cookie: cookies.viewer });
      expect([viewer.status, viewer.text], path).toEqual([403, reason]);
      for (const role of ["author", "host"] as const) {
        const answer = await call(path, { cookie: cookies[role] });
        expect(answer.status, `${role} ${path}: ${answer.text.slice(0, 80)}`).toBe(
          roles.includes(role) ? 200 : 403,
        );
      }
    }
  });

  it("shows a viewer the overview, the map, the news and the versions' list", async () => {
    for (const path of ["/me", "/overview", "/map", "/news", "/news/audience", "/pack/versions"]) {
      const answer = await call(path, { cookie: cookies.viewer });
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    }
    const live = new AbortController();
    const stream = await fetch(`${app.url}/api/ops/live`, {
      headers: { cookie: cookies.viewer },
      signal: live.signal,
    });
    expect(stream.status).toBe(200);
    live.abort();
  });
});
