import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { PRUNE_AFTER_MS } from "./cache-prune";

/** The folders of work under way: an import's trial, a draft's check or a medium's upload, a preview. */
const UNOWNED = ["imports", "drafts"];
const PREVIEWS = "previews";
/** Where each running process that uses the cache has its record. */
const INSTANCES = "instances";
/** In a preview's folder: the record of the process that runs it. */
const OWNER_FILE = ".instance";
/** How often a running process marks its record as alive, and sweeps. */
const HEARTBEAT_MS = 10 * 60_000;

/** A running process that uses the cache, as its record says. */
type Instance = { host: string; pid: number; start?: string | undefined };

/**
 * The work folders of an instance's pack cache (PACK_CACHE_DIR) and the processes that use
 * them. Two processes may share the cache (two instances on one machine with the same
 * DATA_DIR, the tests): each keeps a record in `instances/` (host, process id and the process's
 * start), marked every 10 minutes, and marks the previews it runs as its own. A sweep (at
 * start-up, then every 10 minutes) removes the records of processes that no longer run (gone
 * from this host, or unmarked for an hour), the previews of those processes, and the folders of
 * imports and drafts older than an hour; at start-up, when no other process runs on the cache,
 * every folder of work left by a stopped one. Closing removes this process's previews and record.
 */
export class WorkFolders {
  private readonly heartbeat: NodeJS.Timeout;

  private constructor(
    private readonly cacheDir: string,
    private readonly token: string,
    private readonly self: Instance,
    onError: (error: unknown) => void,
  ) {
    this.heartbeat = setInterval(() => {
      this.mark()
        .then(() => this.sweep(false))
        .catch(onError);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Records this process as a user of `cacheDir` and removes what stopped ones left. */
  static async open(cacheDir: string, onError: (error: unknown) => void): Promise<WorkFolders> {
    const self = { host: hostname(), pid: process.pid, start: await processStart(process.pid) };
    const folders = new WorkFolders(cacheDir, randomUUID(), self, onError);
    await folders.mark();
    await folders.sweep(true).catch(onError);
    return folders;
  }

  /** Where a new preview's folder goes, made and marked as this process's. */
  async preview(id: string): Promise<string> {
    const dir = path.join(this.cacheDir, PREVIEWS, id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, OWNER_FILE), this.token);
    return dir;
  }

  /**
   * Removes what no running process uses; `starting`: this process has nothing under way yet,
   * so the folders of imports and drafts go too when no other process runs. How many went.
   */
  async sweep(starting: boolean): Promise<number> {
    const now = Date.now();
    const others = await this.otherInstances(now);
    const unowned = async (dir: string) =>
      (starting && others.size === 0) || now - (await lastChange(dir)) >= PRUNE_AFTER_MS;
    let removed = 0;
    for (const kind of UNOWNED) {
      for (const dir of await entries(path.join(this.cacheDir, kind))) {
        if (!(await unowned(dir))) continue;
        await rm(dir, { recursive: true, force: true });
        removed++;
      }
    }
    for (const dir of await entries(path.join(this.cacheDir, PREVIEWS))) {
      const owner = await readFile(path.join(dir, OWNER_FILE), "utf8").catch(() => undefined);
      const used =
        owner === undefined ? !(await unowned(dir)) : owner === this.token || others.has(owner);
      if (used) continue;
      await rm(dir, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  /** Removes this process's previews (those a shutdown did not end) and its record. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const dir of await entries(path.join(this.cacheDir, PREVIEWS))) {
      const owner = await readFile(path.join(dir, OWNER_FILE), "utf8").catch(() => undefined);
      if (owner === this.token) await rm(dir, { recursive: true, force: true });
    }
    await rm(this.record(this.token), { force: true });
  }

  private record(token: string): string {
    return path.join(this.cacheDir, INSTANCES, `${token}.json`);
  }

  /** Writes this process's record, or marks it as alive. */
  private async mark(): Promise<void> {
    const file = this.record(this.token);
    const now = new Date();
    const touched = await utimes(file, now, now).then(
      () => true,
      () => false,
    );
    if (touched) return;
    await mkdir(path.dirname(file), { recursive: true });
    // Written whole under another name first: a sweep never reads half a record.
    const part = `${file}.${process.pid}.tmp`;
    await writeFile(part, JSON.stringify(this.self));
    await rename(part, file);
  }

  /**
   * The tokens of the other processes that run on the cache; the records of those that no
   * longer run go.
   */
  private async otherInstances(now: number): Promise<Set<string>> {
    const running = new Set<string>();
    for (const file of await entries(path.join(this.cacheDir, INSTANCES))) {
      const name = path.basename(file);
      if (!name.endsWith(".json")) {
        // A record half written by a process that stopped.
        if (now - (await mtime(file)) >= PRUNE_AFTER_MS) await rm(file, { force: true });
        continue;
      }
      const token = name.slice(0, -".json".length);
      if (token === this.token) continue;
      const changed = await mtime(file);
      const instance = await readFile(file, "utf8")
        .then((text) => JSON.parse(text) as Instance)
        .catch(() => undefined);
      if (now - changed < PRUNE_AFTER_MS && (!instance || (await this.runs(instance)))) {
        running.add(token);
      } else {
        await rm(file, { force: true });
      }
    }
    return running;
  }

  /**
   * Whether the process of a record (marked within the hour) still runs: on this host, the
   * process of that id runs and started when the record says (not a later one given the same
   * id, as a restarted container's server often is); on another host, its mark tells.
   */
  private async runs(instance: Instance): Promise<boolean> {
    if (instance.host !== this.self.host) return true;
    if (this.self.start !== undefined) return (await processStart(instance.pid)) === instance.start;
    // Without /proc (not Linux): a process of that id runs.
    try {
      process.kill(instance.pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  }
}

/**
 * When process `pid` started, in clock ticks since boot (Linux's `/proc`): the same for the
 * threads of one process, another for a later process of the same id; undefined when it does
 * not run, or without /proc.
 */
async function processStart(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  // Field 22; the fields after the command's name (in parentheses) start at field 3.
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/** The entries of `dir` as paths; none when it is missing. */
async function entries(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.map((name) => path.join(dir, name));
}

/**
 * When the folder `dir` or one of its entries last changed (ms): an upload written into it,
 * or a folder of an import being unpacked, changes with each part.
 */
async function lastChange(dir: string): Promise<number> {
  const times = await Promise.all([dir, ...(await entries(dir))].map(mtime));
  return Math.max(...times);
}

/** When `file` last changed (ms); now when it is gone. */
async function mtime(file: string): Promise<number> {
  const info = await stat(file).catch(() => undefined);
  return info?.mtimeMs ?? Date.now();
}
