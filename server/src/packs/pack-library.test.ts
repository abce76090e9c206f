import { randomBytes } from "node:crypto";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialects } from "../../test/support/dialects";
import type { TestDatabase } from "../../test/support/dialects";
import { tempDir } from "../../test/support/test-app";
import type { Clock } from "../clock";
import { repoRoot } from "../config";
import type { DatabaseConfig } from "../config";
import { openStore } from "../store/store";
import type { Store } from "../store/store";
import { PackLibrary } from "./pack-library";

const clock: Clock = { now: () => new Date("2026-11-26T10:00:00.000Z") };
/** A film of 2.5 MiB: stored in three chunks. */
const film = randomBytes(2.5 * 1024 * 1024);

describe.each(dialects)("the pack's versions on $name", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let dirs: { dir: string; remove(): Promise<void> }[];

  const folder = async (title: string): Promise<string> => {
    const made = await tempDir();
    dirs.push(made);
    await cp(resolve(repoRoot, "content/demo"), made.dir, { recursive: true });
    await writeFile(join(made.dir, "stations/1-marktplatz/film.mp4"), film);
    const game = join(made.dir, "game.yaml");
    const yaml = await readFile(game, "utf8");
    await writeFile(game, yaml.replace(/^title:\n {2}de: .*$/m, `title:\n  de: ${title}`));
    return made.dir;
  };
  /** A library with a cache of its own: an instance on another machine. */
  const instance = async (): Promise<PackLibrary> => {
    const cache = await tempDir();
    dirs.push(cache);
    return new PackLibrary({ store, cacheDir: cache.dir, clock });
  };

  beforeEach(async () => {
    dirs = [];
    database = await dialect.open();
    const config: DatabaseConfig =
      "dbFile" in database.where
        ? { kind: "sqlite", file: database.where.dbFile }
        : database.where.database;
    store = openStore(config);
    await store.migrate();
  });

  afterEach(async () => {
    await store.close();
    await database.done();
    for (const made of dirs) await made.remove();
  });

  it("stores a folder as a version, and the same files as the same version", async () => {
    const library = await instance();
    const dir = await folder("Erste Fassung");
    const first = await library.capture(dir, "folder", null);
    expect(first.created).toBe(true);
    expect(first.version.files.find((f) => f.path === "game.yaml")).toBeDefined();
    expect(first.version.files.some((f) => f.path.startsWith("."))).toBe(false);
    const again = await library.capture(dir, "folder", "anna");
    expect(again).toEqual({ created: false, version: first.version });

    await writeFile(join(dir, "stations/1-marktplatz/notiz.txt"), "neu");
    const changed = await library.capture(dir, "folder", null);
    expect(changed.created).toBe(true);
    expect(changed.version.digest).not.toBe(first.version.digest);
  });

  it("opens with the folder on a new install, and after a restart with the live version", async () => {
    const first = await folder("Erste Fassung");
    const opened = await (await instance()).open(first);
    expect(opened.ok && opened.pack.title.de).toBe("Erste Fassung");

    const second = await folder("Zweite Fassung");
    const taken = await (await instance()).takeFolder(second, "marburg");
    expect(taken.ok && taken.pack.title.de).toBe("Zweite Fassung");

    // A restart with the first folder, which was live before: the newer live version stays.
    const restarted = await (await instance()).open(first);
    expect(restarted.ok && restarted.pack.title.de).toBe("Zweite Fassung");
    // Files changed while the server was stopped are new, and go live.
    const third = await (await instance()).open(await folder("Dritte Fassung"));
    expect(third.ok && third.pack.title.de).toBe("Dritte Fassung");
    expect((await store.repos.packs.releases(10)).map((r) => r.version.source)).toEqual([
      "folder",
      "folder",
      "folder",
    ]);
  });

  it("refuses a folder with problems, or of another game, and keeps the live version", async () => {
    const library = await instance();
    await library.open(await folder("Erste Fassung"));
    const broken = await folder("Kaputt");
    await writeFile(join(broken, "stations/1-marktplatz/station.yaml"), "id: [");
    const refused = await library.takeFolder(broken, "marburg");
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems[0]?.file).toBe("stations/1-marktplatz/station.yaml");

    const other = await library.takeFolder(await folder("Anderes Spiel"), "kassel");
    expect(!other.ok && other.problems[0]?.message).toMatch(/^id changed from "kassel"/);
    const live = await library.live();
    expect(live && (await library.load(live)).ok && live.source).toBe("folder");
    const loaded = live && (await library.load(live));
    expect(loaded?.ok && loaded.pack.title.de).toBe("Erste Fassung");
  });

  it("writes a version's files on another instance from the database alone", async () => {
    const dir = await folder("Erste Fassung");
    const opened = await (await instance()).open(dir);
    if (!opened.ok) throw new Error("the demo pack must load");
    const other = await instance();
    const version = await other.byDigest(opened.version.digest);
    if (!version) throw new Error("the version must be stored");
    const copy = await other.folder(version);
    expect(copy).not.toBe(dir);
    // Buffer.equals: a deep comparison of 2.5 million bytes one by one would take seconds.
    expect((await readFile(join(copy, "stations/1-marktplatz/film.mp4"))).equals(film)).toBe(true);
    for (const file of ["game.yaml", "stations/1-marktplatz/script.de.ink"]) {
      expect(await readFile(join(copy, file), "utf8")).toBe(
        await readFile(join(dir, file), "utf8"),
      );
    }
    const loaded = await other.load(version);
    expect(loaded.ok && loaded.pack.stations.length).toBe(opened.pack.stations.length);
  });

  it("writes no file of a stored version outside its folder", async () => {
    const bytes = Buffer.from("boo");
    const { version } = await store.transaction((repos) =>
      repos.packs.save({
        digest: "e".repeat(64),
        files: [{ path: "../../escaped.txt", hash: "a".repeat(64), bytes }],
        source: "import",
        author: null,
        createdAt: clock.now().toISOString(),
      }),
    );
    await expect((await instance()).folder(version)).rejects.toThrow(/not a path within the pack/);
  });
});
