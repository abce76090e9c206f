// The pack's versions, releases and the studio's draft of two games on one database
// (decisions/054): each game sees its own, and the contents are stored once for both.
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminQuery, createTestSchema } from "../../test/support/postgres";
import type { DatabaseConfig } from "../config";
import type { NewPackVersion } from "./pack-repository";
import { openStore } from "./store";
import type { Store } from "./store";

const AT = "2026-11-29T10:00:00.000Z";
const LATER = "2026-11-29T11:00:00.000Z";

/** A fresh database of each dialect, how many rows a table of it has, and what removes it. */
type Fresh = {
  config: DatabaseConfig;
  rows(table: string, order: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
};

const databases: [string, () => Promise<Fresh>][] = [
  [
    "SQLite",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "wegmarke-pack-games-"));
      const file = join(dir, "db.sqlite");
      return {
        config: { kind: "sqlite", file },
        rows: async (table, order) => {
          const db = new SqliteDatabase(file, { readonly: true });
          try {
            const query = `select * from ${table} order by ${order}`;
            return db.prepare(query).all() as Record<string, unknown>[];
          } finally {
            db.close();
          }
        },
        drop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const schema = await createTestSchema();
      return {
        config: schema.database,
        rows: (table, order) =>
          adminQuery(`select * from ${schema.name}.${table} order by ${order}`),
        drop: schema.drop,
      };
    },
  ],
];

const content = (text: string) => {
  const bytes = Buffer.from(text);
  return { hash: createHash("sha256").update(bytes).digest("hex"), bytes };
};

const GAME_YAML = content("id: marburg\n");
const STATION_YAML = content("id: 1\n");
const OTHER_YAML = content("id: harbour\n");

/** A version of `files`; the same files give the same digest, as pack-snapshot.ts makes it. */
const version = (digest: string, files: { path: string; text: string }[]): NewPackVersion => ({
  digest,
  files: files.map(({ path, text }) => ({ path, ...content(text) })),
  source: "folder",
  author: null,
  createdAt: AT,
});

const PACK = version("same-files", [
  { path: "game.yaml", text: "id: marburg\n" },
  { path: "stations/1-markt/station.yaml", text: "id: 1\n" },
]);
const HARBOUR_PACK = version("harbour-files", [{ path: "game.yaml", text: "id: harbour\n" }]);

describe.each(databases)("two games' packs on %s", (_name, fresh) => {
  let database: Fresh;
  let store: Store;
  let harbour: Store;

  beforeEach(async () => {
    database = await fresh();
    store = openStore(database.config);
    await store.migrate();
    const game = await store.repos.games.create({ name: "harbour", createdAt: AT });
    if (game === undefined) throw new Error("game 2 was not created");
    expect(game).toBe(2);
    harbour = store.forGame(game);
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const count = async (table: string) => (await database.rows(table, "1")).length;

  it("stores the same files in two games as two versions, their contents once", async () => {
    const first = await store.transaction((repos) => repos.packs.save(PACK));
    const second = await harbour.transaction((repos) => repos.packs.save(PACK));
    expect(first.created).toBe(true);
    expect(second.created).toBe(true);
    expect(second.version.id).not.toBe(first.version.id);
    expect(second.version).toEqual({ ...first.version, id: second.version.id });

    // The same files again are the version each game has.
    const again = await harbour.transaction((repos) => repos.packs.save(PACK));
    expect(again).toEqual({ version: second.version, created: false });
    const listed = await harbour.transaction((repos) =>
      repos.packs.saveListed({ ...PACK, files: first.version.files }),
    );
    expect(listed).toEqual({ version: second.version, created: false });

    expect(await store.repos.packs.byDigest(PACK.digest)).toEqual(first.version);
    expect(await harbour.repos.packs.byDigest(PACK.digest)).toEqual(second.version);
    expect(await store.repos.packs.versions(10)).toEqual([first.version]);
    expect(await harbour.repos.packs.versions(10)).toEqual([second.version]);
    expect(await harbour.repos.packs.before(second.version.id)).toBeUndefined();

    expect(await count("pack_versions")).toBe(2);
    expect(await count("pack_blobs")).toBe(2);
    expect(await count("pack_blob_chunks")).toBe(2);
    const gameYaml = first.version.files.find((file) => file.path === "game.yaml");
    expect(gameYaml?.hash).toBe(GAME_YAML.hash);
    expect(await harbour.repos.packs.blobSize(GAME_YAML.hash)).toBe(GAME_YAML.bytes.byteLength);
    const chunks: Uint8Array[] = [];
    for await (const chunk of harbour.repos.packs.chunks(STATION_YAML.hash)) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe("id: 1\n");
  });

  it("numbers each game's versions from 1, whatever the installation's ids", async () => {
    const first = (await store.transaction((repos) => repos.packs.save(PACK))).version;
    const harbourFirst = (await harbour.transaction((repos) => repos.packs.save(PACK))).version;
    const harbourSecond = (await harbour.transaction((repos) => repos.packs.save(HARBOUR_PACK)))
      .version;
    expect([first, harbourFirst, harbourSecond].map(({ id, number }) => [id, number])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
    ]);
    await harbour.transaction((repos) => repos.packs.release(harbourSecond.id, LATER, null));
    expect((await harbour.repos.packs.live())?.number).toBe(2);
    expect((await harbour.repos.packs.versions(10)).map((version) => version.number)).toEqual([
      2, 1,
    ]);
    expect((await harbour.repos.packs.byId(harbourFirst.id))?.number).toBe(1);
  });

  it("makes each game's live version the newest of its own releases", async () => {
    const first = (await store.transaction((repos) => repos.packs.save(PACK))).version;
    await store.repos.packs.release(first.id, AT, null);
    expect(await harbour.repos.packs.live()).toBeUndefined();
    expect(await harbour.repos.packs.releases(10)).toEqual([]);
    expect(await harbour.repos.packs.wasReleased(first.id)).toBe(false);

    const own = (await harbour.transaction((repos) => repos.packs.save(HARBOUR_PACK))).version;
    const same = (await harbour.transaction((repos) => repos.packs.save(PACK))).version;
    await harbour.repos.packs.release(own.id, AT, "lena");
    await harbour.repos.packs.release(same.id, LATER, "lena");

    expect(await store.repos.packs.live()).toEqual(first);
    expect(await harbour.repos.packs.live()).toEqual(same);
    expect((await store.repos.packs.releases(10)).map((r) => r.version.id)).toEqual([first.id]);
    expect((await harbour.repos.packs.releases(10)).map((r) => r.version.id)).toEqual([
      same.id,
      own.id,
    ]);
    expect(await store.repos.packs.wasReleased(same.id)).toBe(false);
    expect(await harbour.repos.packs.wasReleased(own.id)).toBe(true);
    const last = await harbour.repos.packs.lastReleases([first.id, own.id, same.id]);
    expect([...last.keys()].sort((a, b) => a - b)).toEqual([own.id, same.id]);
    expect(await store.repos.packs.lastReleases([first.id, own.id])).toEqual(
      new Map([[first.id, { releasedAt: AT, releasedBy: null }]]),
    );
    expect(await harbour.repos.packs.before(same.id)).toEqual(own);
    expect((await database.rows("pack_releases", "id")).map((row) => Number(row.game_id))).toEqual([
      1, 2, 2,
    ]);
  });

  it("does not let a game read or release another game's version", async () => {
    const first = (await store.transaction((repos) => repos.packs.save(PACK))).version;
    await store.repos.packs.release(first.id, AT, null);

    expect(await harbour.repos.packs.byId(first.id)).toBeUndefined();
    await expect(harbour.repos.packs.release(first.id, LATER, "mallory")).rejects.toThrow(
      /not of game 2/,
    );
    expect(await harbour.repos.packs.live()).toBeUndefined();
    expect(await store.repos.packs.releases(10)).toHaveLength(1);
    expect(await count("pack_releases")).toBe(1);
  });

  it("keeps each game's draft, its files and its discard its own", async () => {
    const first = (await store.transaction((repos) => repos.packs.save(PACK))).version;
    const own = (await harbour.transaction((repos) => repos.packs.save(HARBOUR_PACK))).version;
    await store.repos.packs.saveBlob(OTHER_YAML.hash, OTHER_YAML.bytes);
    const change = (hash: string | null, by: string) => ({
      path: "game.yaml",
      hash,
      updatedAt: AT,
      updatedBy: by,
    });

    expect(await harbour.repos.drafts.base()).toBeUndefined();
    expect(await store.repos.drafts.start(first.id)).toBe(first.id);
    expect(await harbour.repos.drafts.base()).toBeUndefined();
    expect(await harbour.repos.drafts.start(own.id)).toBe(own.id);
    expect(await store.repos.drafts.base()).toBe(first.id);

    // The same path in both drafts: neither write replaces the other's.
    expect(await store.repos.drafts.write(change(OTHER_YAML.hash, "anna"), undefined)).toBe(true);
    expect(await harbour.repos.drafts.write(change(null, "lena"), undefined)).toBe(true);
    expect(await harbour.repos.drafts.write(change(null, "lena"), OTHER_YAML.hash)).toBe(false);
    expect(await harbour.repos.drafts.revert("game.yaml", OTHER_YAML.hash)).toBe(false);
    expect(await store.repos.drafts.files()).toEqual([
      { ...change(OTHER_YAML.hash, "anna"), size: OTHER_YAML.bytes.byteLength },
    ]);
    expect(await harbour.repos.drafts.file("game.yaml")).toEqual({
      ...change(null, "lena"),
      size: 0,
    });
    expect(await database.rows("pack_drafts", "id")).toEqual([
      { id: 1, game_id: 1, base_version_id: first.id },
      { id: 2, game_id: 2, base_version_id: own.id },
    ]);

    // A publish of one game settles and moves its own draft only.
    await harbour.repos.drafts.settle([{ path: "game.yaml", hash: OTHER_YAML.hash }]);
    expect(await store.repos.drafts.files()).toHaveLength(1);
    const later = (await store.transaction((repos) => repos.packs.save(HARBOUR_PACK))).version;
    await store.repos.drafts.rebase(later.id);
    expect(await store.repos.drafts.base()).toBe(later.id);
    expect(await harbour.repos.drafts.base()).toBe(own.id);

    await harbour.repos.drafts.discard();
    expect(await harbour.repos.drafts.base()).toBeUndefined();
    expect(await harbour.repos.drafts.files()).toEqual([]);
    expect(await store.repos.drafts.base()).toBe(later.id);
    expect(await store.repos.drafts.file("game.yaml")).toMatchObject({ hash: OTHER_YAML.hash });

    await store.repos.drafts.discard();
    expect(await store.repos.drafts.base()).toBeUndefined();
    expect(await count("pack_draft_files")).toBe(0);
  });
});
