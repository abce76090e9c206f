import { cp, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  auditPage,
  opsPackChanges,
  opsPackImportOutcome,
  opsPackVersions,
  opsReloadOutcome,
} from "@wegmarke/protocol";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { Api, texts } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase, Where } from "./support/dialects";
import { titleOn, until } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The pack's versions in the operators' API: the folder becomes a version on reload, a
 * version is exported as a zip of its folder and a zip imported as a new one, and any version
 * is made live (publish, roll back), on every instance.
 */

const TOKEN = "pack-versions-token-".padEnd(48, "p");
const BEARER = { authorization: `Bearer ${TOKEN}` };

async function ops(app: TestApp, method: string, path: string, body?: unknown) {
  const zip = body instanceof Uint8Array;
  const response = await fetch(`${app.url}/api/ops/pack${path}`, {
    method,
    headers: {
      ...BEARER,
      ...(body !== undefined && { "content-type": zip ? "application/zip" : "application/json" }),
    },
    ...(body !== undefined && { body: zip ? body : JSON.stringify(body) }),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    type,
    bytes,
    json: (type.startsWith("application/json") ? JSON.parse(strFromU8(bytes)) : null) as unknown,
  };
}

/** Takes the pack's folder as the live version, as SIGHUP does. */
async function reloadFolder(app: TestApp): Promise<number> {
  const response = await fetch(`${app.url}/api/ops/content/reload`, {
    method: "POST",
    headers: { ...BEARER, "content-type": "application/json" },
    body: "{}",
  });
  return response.status;
}

/** A zip with `game.yaml`'s German title changed, from a zip the API exported. */
function retitled(zip: Uint8Array, title: string): Uint8Array {
  const files = unzipSync(zip);
  const name = Object.keys(files).find((file) => file.endsWith("/game.yaml")) ?? "";
  const yaml = strFromU8(files[name] ?? new Uint8Array());
  files[name] = strToU8(yaml.replace(/^title:\n {2}de: .*$/m, `title:\n  de: ${title}`));
  return zipSync(files);
}

describe.each(dialects)("the pack's versions on $name", (dialect) => {
  let database: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let apps: TestApp[];

  beforeEach(async () => {
    database = await dialect.open();
    packDir = await tempDir();
    await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
    apps = [];
  });

  afterEach(async () => {
    for (const app of apps) await app.close();
    await database.done();
    await packDir.remove();
  });

  async function instance(where: Where = database.where): Promise<TestApp> {
    const pack = await loadContentPack(packDir.dir);
    const app = await startApp({ ...where, pack, config: { operatorToken: TOKEN } });
    apps.push(app);
    return app;
  }

  it("exports the live version as a zip, imports a changed one, publishes it and rolls back", async () => {
    const app = await instance();
    expect(await reloadFolder(app)).toBe(200);
    const [first] = opsPackVersions.parse((await ops(app, "GET", "/versions")).json).versions;
    expect(first).toMatchObject({ id: 1, source: "folder", author: null, live: true });

    const exported = await ops(app, "GET", "/versions/1/zip");
    expect(exported.status).toBe(200);
    expect(exported.type).toBe("application/zip");
    const names = Object.keys(unzipSync(exported.bytes));
    expect(names).toContain("marburg-1/game.yaml");
    expect(names).toHaveLength(first?.files ?? 0);

    // A player is in the middle of station 1 while the version changes under them.
    const api = new Api(app.url);
    const hash = await api.optin();
    const stream = await api.events(hash);
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("answer-expected");

    const imported = await ops(app, "POST", "/import", retitled(exported.bytes, "Neue Fassung"));
    expect(imported.status).toBe(200);
    const outcome = opsPackImportOutcome.parse(imported.json);
    const second = outcome.ok ? outcome.version : undefined;
    expect(second).toMatchObject({
      ...{ id: 2, number: 2 },
      ...{ source: "import", live: false, releasedAt: null },
    });
    expect(await titleOn(app)).toBe("Märchenhaftes Marburg");

    const changes = opsPackChanges.parse((await ops(app, "GET", "/versions/2/changes")).json);
    expect(changes).toEqual({
      version: 2,
      base: 1,
      number: 2,
      baseNumber: 1,
      files: [
        {
          path: "game.yaml",
          change: "changed",
          sizeBefore: expect.any(Number),
          sizeAfter: expect.any(Number),
          hunks: [
            expect.objectContaining({
              lines: expect.arrayContaining([
                "-  de: Märchenhaftes Marburg",
                "+  de: Neue Fassung",
              ]),
            }),
          ],
        },
      ],
    });
    const initial = opsPackChanges.parse((await ops(app, "GET", "/versions/1/changes")).json);
    expect(initial.base).toBeNull();
    expect(initial.files.every((file) => file.change === "added")).toBe(true);
    expect(initial.files).toHaveLength(names.length);

    const published = await ops(app, "POST", "/versions/2/release", {});
    expect(published.status).toBe(200);
    expect(opsReloadOutcome.parse(published.json).ok).toBe(true);
    expect(await titleOn(app)).toBe("Neue Fassung");
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: hash });
    expect(texts(await stream.until("playerstatus")).join(" ")).toContain("Gockel");

    expect((await ops(app, "POST", "/versions/1/release", {})).status).toBe(200);
    expect(await titleOn(app)).toBe("Märchenhaftes Marburg");
    const listed = opsPackVersions.parse((await ops(app, "GET", "/versions")).json).versions;
    expect(listed.map((v) => [v.id, v.live, v.releasedAt !== null])).toEqual([
      [2, false, true],
      [1, true, true],
    ]);
    stream.close();

    const audit = await fetch(`${app.url}/api/ops/audit`, { headers: BEARER });
    const actions = auditPage.parse(await audit.json()).entries.map((e) => e.action);
    expect(actions.filter((a) => a.startsWith("pack."))).toEqual([
      "pack.release",
      "pack.release",
      "pack.import",
    ]);
  }, 60_000);

  it("refuses what is not a pack of this game, and keeps nothing of it", async () => {
    const app = await instance();
    await reloadFolder(app);
    const zip = (await ops(app, "GET", "/versions/1/zip")).bytes;
    const problem = async (body: Uint8Array) => {
      const answer = await ops(app, "POST", "/import", body);
      expect(answer.status).toBe(422);
      const outcome = opsPackImportOutcome.parse(answer.json);
      return outcome.ok ? "" : outcome.problems.map((p) => `${p.file}: ${p.message}`).join("; ");
    };
    // The same files again are the version they are, live as it is.
    const again = opsPackImportOutcome.parse((await ops(app, "POST", "/import", zip)).json);
    expect(again.ok && [again.version.id, again.version.live]).toEqual([1, true]);
    expect(await problem(strToU8("no zip at all"))).toMatch(/^zip: not a zip file/);
    expect(await problem(zipSync({ "../game.yaml": strToU8("id: x") }))).toMatch(
      /"\.\.\/game\.yaml" is not a path within the pack/,
    );
    expect(await problem(zipSync({ "README.md": strToU8("hi") }))).toBe(
      "zip: no game.yaml at the top of the pack's folder",
    );
    const files = unzipSync(zip);
    const yaml = strFromU8(files["marburg-1/game.yaml"] ?? new Uint8Array());
    files["marburg-1/game.yaml"] = strToU8(yaml.replace(/^id: marburg$/m, "id: kassel"));
    expect(await problem(zipSync(files))).toBe(
      'game.yaml: id is "kassel": this server plays "marburg"',
    );
    files["marburg-1/game.yaml"] = strToU8(yaml);
    files["marburg-1/stations/1-marktplatz/station.yaml"] = strToU8("id: [");
    expect(await problem(zipSync(files))).toMatch(/^stations\/1-marktplatz\/station\.yaml/);

    expect(opsPackVersions.parse((await ops(app, "GET", "/versions")).json).versions).toHaveLength(
      1,
    );
    expect((await ops(app, "POST", "/versions/9/release", {})).status).toBe(404);
    expect((await ops(app, "GET", "/versions/9/zip")).status).toBe(404);
    expect((await ops(app, "POST", "/versions/x/release", {})).status).toBe(400);
    expect((await ops(app, "POST", "/import", { zip: "json" })).status).toBe(415);
    const anonymous = await fetch(`${app.url}/api/ops/pack/versions`);
    expect(anonymous.status).toBe(401);
  }, 60_000);

  if (dialect.name === "PostgreSQL") {
    it("publishes on one instance, and the other runs the version within 2 s", async () => {
      const a = await instance();
      const b = await instance();
      await reloadFolder(a);
      const zip = (await ops(a, "GET", "/versions/1/zip")).bytes;
      const imported = opsPackImportOutcome.parse(
        (await ops(b, "POST", "/import", retitled(zip, "Auf beiden"))).json,
      );
      const id = imported.ok ? imported.version.id : 0;
      expect((await ops(b, "POST", `/versions/${id}/release`, {})).status).toBe(200);
      const took = await until(async () => (await titleOn(a)) === "Auf beiden", 2000);
      expect(took).toBeLessThan(2000);
      // The other instance wrote the version from the database into a folder of its own.
      const folder = await readFile(join(packDir.dir, "game.yaml"), "utf8");
      expect(folder).toContain("Märchenhaftes Marburg");

      expect((await ops(a, "POST", "/versions/1/release", {})).status).toBe(200);
      await until(async () => (await titleOn(b)) === "Märchenhaftes Marburg", 2000);
    }, 60_000);
  }
});
