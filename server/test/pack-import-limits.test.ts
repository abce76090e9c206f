import { cp, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createDeflateRaw } from "node:zlib";
import { opsDraftCheck, opsDraftSaveOutcome, opsPackImportOutcome } from "@wegmarke/protocol";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { claimingZip, handZip } from "./support/hand-zip";
import { opsCall } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * What the studio's zip import and draft take in, and what they refuse with a reason (422)
 * before it could hold up the server or break its later calls: zips that claim more than they
 * hold, names no pack can have, a file where a folder is.
 */

const TOKEN = "pack-import-limits-token-".padEnd(48, "z");
const BEARER = { authorization: `Bearer ${TOKEN}` };
const ops = (app: TestApp, method: string, path: string, body?: unknown) =>
  opsCall(app, TOKEN, method, path, body);

/** `size` zeros, deflated as a stream (never `size` bytes at once). */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 1 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += block.length) {
    const part = block.subarray(0, Math.min(block.length, size - written));
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

describe.each(dialects)("the import's and the draft's limits on $name", (dialect) => {
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

  /** An instance whose live version is the demo folder. */
  async function instance(): Promise<TestApp> {
    const pack = await loadContentPack(packDir.dir);
    const app = await startApp({ ...database.where, pack, config: { operatorToken: TOKEN } });
    apps.push(app);
    expect((await ops(app, "POST", "/content/reload", {})).status).toBe(200);
    return app;
  }

  const post = (app: TestApp, zip: Uint8Array) =>
    fetch(`${app.url}/api/ops/pack/import`, {
      method: "POST",
      headers: { ...BEARER, "content-type": "application/zip" },
      body: zip,
    });

  /** The import's refusal of `zip`: its status and problems as one line. */
  async function refusal(app: TestApp, zip: Uint8Array): Promise<[number, string]> {
    const response = await post(app, zip);
    const outcome = opsPackImportOutcome.parse(await response.json());
    const problems = outcome.ok ? [] : outcome.problems;
    return [response.status, problems.map((p) => `${p.file}: ${p.message}`).join("; ")];
  }

  /** The live version's files, in a folder of the zip as the export makes it. */
  async function exportedFiles(app: TestApp): Promise<Record<string, Uint8Array>> {
    const exported = await fetch(`${app.url}/api/ops/pack/versions/1/zip`, { headers: BEARER });
    expect(exported.status).toBe(200);
    return unzipSync(new Uint8Array(await exported.arrayBuffer()));
  }

  it("refuses a zip that claims 60 million entries at once, while the server answers", async () => {
    const app = await instance();
    const zip = claimingZip(60_000_000);
    expect(zip.length).toBeLessThan(100);
    const [refused, health] = await Promise.all([
      refusal(app, zip),
      fetch(`${app.url}/healthz`).then((response) => response.status),
    ]);
    expect(refused).toEqual([
      422,
      "zip: the zip says it has 60000000 entries; a pack may have at most 5000 files",
    ]);
    expect(health).toBe(200);
    // Fewer entries than the limit, but more than its bytes can hold.
    expect(await refusal(app, claimingZip(4000))).toEqual([
      422,
      "zip: the zip says it has 4000 entries, more than its 98 bytes can hold",
    ]);
  });

  it("refuses more than 1 GB unpacked, declared or not, before writing it", async () => {
    const app = await instance();
    const zeros = 1100 * 1024 * 1024;
    const game = await readFile(resolve(packDir.dir, "game.yaml"));
    const honest = handZip([
      { name: "game.yaml", bytes: game },
      {
        name: "media/zeros.bin",
        bytes: new Uint8Array(),
        claims: zeros,
        deflated: await deflatedZeros(zeros),
      },
    ]);
    expect(await refusal(app, honest)).toEqual([422, "zip: more than 1 GB unpacked"]);
    // A header that claims less than its entry holds stops the unpacking where it passes.
    const lying = handZip([
      { name: "game.yaml", bytes: game },
      { name: "media/zeros.bin", bytes: new Uint8Array(1024 * 1024), claims: 1024 },
    ]);
    const [status, reason] = await refusal(app, lying);
    expect([status, reason]).toEqual([
      422,
      expect.stringMatching(/^zip: "media\/zeros\.bin" cannot be unpacked \(too many bytes/),
    ]);
  });

  it("refuses names no pack can have, a name twice and a file where a folder is", async () => {
    const app = await instance();
    const files = await exportedFiles(app);
    const station = "marburg-1/stations/1-marktplatz/station.yaml";
    const entries = Object.entries(files).map(([name, bytes]) => ({ name, bytes }));
    const yaml = strToU8("id: x");
    const cases: [string, Uint8Array, string][] = [
      [
        "a NUL in a name",
        handZip([...entries, { name: "marburg-1/intro/a\u0000b.md", bytes: yaml }]),
        'zip: "marburg-1/intro/a\\u0000b.md": a name with a control character',
      ],
      [
        "a name longer than a file system takes",
        handZip([...entries, { name: `marburg-1/intro/${"ä".repeat(200)}.md`, bytes: yaml }]),
        `zip: "marburg-1/intro/${"ä".repeat(200)}.md" is not a path within the pack`,
      ],
      [
        "a file and a folder of one name",
        handZip([...entries, { name: `${station}/x`, bytes: yaml }]),
        `zip: "${station}/x": "${station}" is a file, no folder`,
      ],
      [
        "a name twice",
        handZip([...entries, { name: station, bytes: yaml }]),
        `zip: "${station}" is in the zip twice`,
      ],
      [
        "a folder's entry of a file's name",
        handZip([...entries, { name: `${station}/`, bytes: new Uint8Array() }]),
        `zip: "${station}": a file and a folder of this name`,
      ],
    ];
    for (const [what, zip, reason] of cases) {
      expect(await refusal(app, zip), what).toEqual([422, reason]);
    }
    // Only the demo's own version is stored, and the same files still import.
    const again = await refusal(app, zipSync(files));
    expect(again[0]).toBe(200);
  });

  it("refuses a draft file where a folder is, or in a folder that is a file", async () => {
    const app = await instance();
    const save = (path: string) =>
      ops(app, "PUT", "/pack/draft/file", { path, text: "notes", replaces: null });
    const inFile = await save("game.yaml/x.yaml");
    expect([inFile.status, inFile.text]).toEqual([
      422,
      '"game.yaml/x.yaml": "game.yaml" is a file of the pack, no folder',
    ]);
    expect((await save("notes.md/a.md")).status).toBe(200);
    const onFolder = await save("notes.md");
    expect([onFolder.status, onFolder.text]).toEqual([
      422,
      '"notes.md": the pack has a folder of this name',
    ]);
    const png = await readFile(resolve(repoRoot, "content/demo/intro/1.png"));
    const medium = await fetch(`${app.url}/api/ops/pack/draft/media?path=intro/1.png/neu.png`, {
      method: "PUT",
      headers: { ...BEARER, "content-type": "image/png" },
      body: png,
    });
    expect([medium.status, await medium.text()]).toEqual([
      422,
      '"intro/1.png/neu.png": "intro/1.png" is a file of the pack, no folder',
    ]);
    // The draft still checks: nothing of the refused saves is in it.
    const check = await ops(app, "POST", "/pack/draft/check", {});
    expect(check.status).toBe(200);
    expect(opsDraftCheck.parse(check.json).errors).toBe(0);
  });

  it("stores a medium of several chunks as it came, and refuses one past its limit", async () => {
    const app = await instance();
    const upload = (path: string, bytes: Buffer) =>
      fetch(`${app.url}/api/ops/pack/draft/media?${new URLSearchParams({ path })}`, {
        method: "PUT",
        headers: { ...BEARER, "content-type": "video/mp4" },
        body: bytes,
      });
    for (const size of [2 * 1024 * 1024, 2.5 * 1024 * 1024]) {
      const film = Buffer.alloc(size, size % 251);
      film.write("ftypisom", 4, "latin1");
      const path = `stations/1-marktplatz/film-${size}.mp4`;
      const stored = await upload(path, film);
      expect(stored.status).toBe(200);
      expect(opsDraftSaveOutcome.parse(await stored.json())).toMatchObject({
        ok: true,
        file: { path, size },
      });
      const back = await fetch(`${app.url}/api/ops/pack/draft/media?path=${path}`, {
        headers: BEARER,
      });
      expect(Buffer.from(await back.arrayBuffer()).equals(film)).toBe(true);
    }
    const huge = Buffer.alloc(201 * 1024 * 1024);
    const refused = await upload("stations/1-marktplatz/riesig.mp4", huge);
    expect([refused.status, await refused.text()]).toEqual([
      413,
      "a video may have at most 200 MB; this one has 201.0 MB",
    ]);
  });
});
