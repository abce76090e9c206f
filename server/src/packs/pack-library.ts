import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { copyFile, link, mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Clock } from "../clock";
import { checkContentPack } from "../content/loader";
import type { PackCheck } from "../content/loader";
import { ContentError } from "../content/model";
import type { ContentPack, ContentProblem } from "../content/model";
import { snapshotFolder } from "../content/pack-snapshot";
import type { OpsPackChanges, OpsPackVersion } from "@wegmarke/protocol";
import { pruneCache } from "./cache-prune";
import { unzipPack, zipPack } from "./pack-archive";
import { packChanges } from "./pack-changes";
import { storeUnpacked } from "./pack-import";
import type { PackStore } from "./pack-import";
import { receiveFile } from "./upload-file";
import type { PackVersion } from "../store/pack-repository";

export type PackLibraryDeps = {
  store: PackStore;
  /** Where this instance keeps the versions' files on its disk (PACK_CACHE_DIR). */
  cacheDir: string;
  clock: Clock;
  /**
   * Loads and checks a pack folder as `content:check` does; the server runs it on the content
   * thread (packs/content-thread.ts), tests and the command line in this one.
   */
  check?: (dir: string) => Promise<PackCheck>;
};

/** A version loaded and checked as `content:check` checks it, or the problems that refuse it. */
export type LoadedVersion =
  | { ok: true; version: PackVersion; pack: ContentPack; warnings: ContentProblem[] }
  | { ok: false; version?: PackVersion; problems: ContentProblem[] };

/**
 * The content pack's versions (decisions/032): a folder's files become a version in the
 * database, with every file's content stored once; a release makes a version live. Each
 * instance writes the versions it runs into its cache folder and loads them from there with the
 * loader, so instances on one PostgreSQL need no shared file system and run the same files.
 */
export class PackLibrary {
  constructor(private readonly deps: PackLibraryDeps) {}

  /** Stores the files of the folder `dir` as a version; the same files are the same version. */
  async capture(
    dir: string,
    source: string,
    author: string | null,
  ): Promise<{ version: PackVersion; created: boolean }> {
    const { files, digest } = await snapshotFolder(dir);
    const createdAt = this.deps.clock.now().toISOString();
    return this.deps.store.transaction((repos) =>
      repos.packs.save({ digest, files, source, author, createdAt }),
    );
  }

  /** The live version: the newest release's. */
  live(): Promise<PackVersion | undefined> {
    return this.deps.store.repos.packs.live();
  }

  byDigest(digest: string): Promise<PackVersion | undefined> {
    return this.deps.store.repos.packs.byDigest(digest);
  }

  /** Makes `version` the live one, recording who did it (null: the server itself). */
  release(version: PackVersion, by: string | null): Promise<void> {
    return this.deps.store.repos.packs.release(version.id, this.deps.clock.now().toISOString(), by);
  }

  /**
   * What the server starts with: the files of `contentDir` when no version of them was ever
   * live (a new install, or files changed while it was stopped), released once they pass the
   * checks; else the live version, which may be newer than the folder.
   */
  async open(contentDir: string): Promise<LoadedVersion> {
    const folder = await this.captureChecked(contentDir);
    if (!folder.ok) return folder;
    const packs = this.deps.store.repos.packs;
    const live = await packs.live();
    const started =
      live && (await packs.wasReleased(folder.version.id))
        ? await this.load(live)
        : await this.load(folder.version);
    if (!started.ok) return started;
    if (started.version.id !== live?.id) await this.release(started.version, null);
    // What earlier runs wrote for other versions is not needed by this one.
    await pruneCache(this.deps.cacheDir, started.version.digest, this.deps.clock.now().getTime());
    return started;
  }

  /**
   * Takes the files of `contentDir` as the live version (SIGHUP, saved files under `npm run
   * dev`): stored, loaded from this instance's cache and checked, then released. A version with
   * problems, or of another game than `storyId`, is stored but not released: the live one stays.
   */
  async takeFolder(contentDir: string, storyId: string): Promise<LoadedVersion> {
    const folder = await this.captureChecked(contentDir);
    if (!folder.ok) return folder;
    return this.publish(folder.version, storyId, null);
  }

  /**
   * Makes `version` live (publish, roll back) once it loads here without problems and is of
   * the game `storyId`: players registered with the story id, so another id needs a restart.
   */
  async publish(version: PackVersion, storyId: string, by: string | null): Promise<LoadedVersion> {
    const loaded = await this.load(version);
    if (!loaded.ok) return loaded;
    if (loaded.pack.id !== storyId) {
      const message = `id changed from "${storyId}" to "${loaded.pack.id}": another game needs a restart of the server`;
      return { ok: false, version, problems: [{ file: "game.yaml", message }] };
    }
    if ((await this.live())?.id !== version.id) await this.release(version, by);
    return loaded;
  }

  /**
   * Stores the pack zipped in the request body `body` as a version, once it passes the checks
   * and is of the game `storyId`; a zip with problems leaves nothing behind. It is not made
   * live. The body is written to a file as it arrives (413 past `limit` bytes), unpacked there
   * on a thread of its own (pack-archive.ts) and stored a chunk at a time: no file of it is
   * held in memory whole.
   */
  async importZip(
    upload: { body: Readable; declared?: number; limit: number },
    author: string | null,
    storyId: string,
  ): Promise<LoadedVersion> {
    const work = path.join(this.deps.cacheDir, "imports", randomUUID());
    const trial = path.join(work, "pack");
    try {
      await mkdir(work, { recursive: true });
      const zip = path.join(work, "upload.zip");
      const tooLarge = `a zipped pack may have at most ${upload.limit / 1024 / 1024} MB`;
      await receiveFile(upload.body, zip, upload.limit, tooLarge, upload.declared);
      const unpacked = await unzipPack(zip, trial);
      if (!unpacked.ok) return unpacked;
      const check = await this.check(trial);
      if (!check.pack) return { ok: false, problems: check.errors };
      if (check.pack.id !== storyId) {
        const message = `id is "${check.pack.id}": this server plays "${storyId}"`;
        return { ok: false, problems: [{ file: "game.yaml", message }] };
      }
      const made = { author, createdAt: this.deps.clock.now().toISOString() };
      const version = await storeUnpacked(this.deps.store, trial, unpacked.files, made);
      return { ok: true, version, pack: check.pack, warnings: check.warnings };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** A zip of `version`'s files in a folder named after the game and the version. */
  async zip(version: PackVersion, storyId: string): Promise<Uint8Array> {
    const dir = await this.folder(version);
    const files = await Promise.all(
      version.files.map(async (file) => ({
        path: file.path,
        bytes: await readFile(path.join(dir, ...safeParts(file.path))),
      })),
    );
    return zipPack(`${storyId}-${version.id}`, files);
  }

  byId(id: number): Promise<PackVersion | undefined> {
    return this.deps.store.repos.packs.byId(id);
  }

  /** What differs from the version stored before `version`: files, and a text's lines. */
  async changes(version: PackVersion): Promise<OpsPackChanges> {
    const base = await this.deps.store.repos.packs.before(version.id);
    const dirs = {
      before: base === undefined ? "" : await this.folder(base),
      after: await this.folder(version),
    };
    const files = await packChanges(base?.files ?? [], version.files, (side, file) =>
      readFile(path.join(dirs[side], ...safeParts(file.path)), "utf8"),
    );
    const [number, baseNumber] = [version.number, base?.number ?? null];
    return { version: version.id, base: base?.id ?? null, number, baseNumber, files };
  }

  /** The newest versions first, as the console lists them. */
  async versions(limit: number): Promise<OpsPackVersion[]> {
    return this.listed(await this.deps.store.repos.packs.versions(limit));
  }

  /** `versions` as the console lists them: with their last release and whether live. */
  async listed(versions: PackVersion[]): Promise<OpsPackVersion[]> {
    const packs = this.deps.store.repos.packs;
    const live = await packs.live();
    const released = await packs.lastReleases(versions.map((version) => version.id));
    return versions.map(({ id, number, digest, author, createdAt, ...version }) => ({
      ...{ id, number, digest, author, createdAt },
      source: sourceOf(version.source),
      files: version.files.length,
      bytes: version.files.reduce((sum, file) => sum + file.size, 0),
      releasedAt: released.get(id)?.releasedAt ?? null,
      releasedBy: released.get(id)?.releasedBy ?? null,
      live: id === live?.id,
    }));
  }

  /** Loads `version` from this instance's copy of its files, with the loader's checks. */
  async load(version: PackVersion): Promise<LoadedVersion> {
    const check = await this.check(await this.folder(version));
    return check.pack
      ? { ok: true, version, pack: check.pack, warnings: check.warnings }
      : { ok: false, version, problems: check.errors };
  }

  /** Loads and checks the pack folder `dir` as `content:check` does (on the content thread). */
  check(dir: string): Promise<PackCheck> {
    return (this.deps.check ?? checkContentPack)(dir);
  }

  private async captureChecked(
    dir: string,
  ): Promise<{ ok: true; version: PackVersion } | { ok: false; problems: ContentProblem[] }> {
    try {
      return { ok: true, version: (await this.capture(dir, "folder", null)).version };
    } catch (error) {
      if (error instanceof ContentError) return { ok: false, problems: error.problems };
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      if (missing) return { ok: false, problems: [{ file: ".", message: "folder not found" }] };
      throw error;
    }
  }

  /**
   * The folder with `version`'s files on this instance's disk, written once from the database:
   * each file a link to its content in `blobs/`, the folder renamed into place when whole, so
   * a process that stops half-way leaves no half a version behind.
   */
  async folder(version: Pick<PackVersion, "digest" | "files">): Promise<string> {
    const dir = path.join(this.deps.cacheDir, "versions", version.digest);
    if (await exists(dir)) return dir;
    const building = `${dir}.${randomUUID()}.tmp`;
    try {
      for (const file of version.files) {
        const target = path.join(building, ...safeParts(file.path));
        await mkdir(path.dirname(target), { recursive: true });
        const blob = await this.blobFile(file.hash);
        await link(blob, target).catch(() => copyFile(blob, target));
      }
      await rename(building, dir).catch(async (error: unknown) => {
        // Another process of this machine wrote the same version first.
        if (!(await exists(dir))) throw error;
      });
    } finally {
      await rm(building, { recursive: true, force: true });
    }
    return dir;
  }

  /** A content's file in this instance's cache, written from the database once. */
  async blobFile(hash: string): Promise<string> {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`pack blob ${hash}: not a content hash`);
    const file = path.join(this.deps.cacheDir, "blobs", hash);
    if (await exists(file)) return file;
    await mkdir(path.dirname(file), { recursive: true });
    const writing = `${file}.${randomUUID()}.tmp`;
    try {
      const chunks = this.deps.store.repos.packs.chunks(hash);
      await pipeline(Readable.from(chunks), createWriteStream(writing));
      await rename(writing, file);
    } finally {
      await rm(writing, { force: true });
    }
    return file;
  }
}

/** How the console names a version beside its number: the start of its digest. */
export function versionLabel(version: { digest: string }): string {
  return version.digest.slice(0, 12);
}

function sourceOf(source: string): OpsPackVersion["source"] {
  return source === "import" || source === "studio" ? source : "folder";
}

/** A stored path's parts; one that could leave the folder or hide in it is refused. */
function safeParts(file: string): string[] {
  const parts = file.split("/");
  if (parts.some((part) => part === "" || part.startsWith(".") || part.includes("\\"))) {
    throw new Error(`pack file ${JSON.stringify(file)}: not a path within the pack`);
  }
  return parts;
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined)) !== undefined;
}
