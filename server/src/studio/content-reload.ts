import { createHash } from "node:crypto";
import type { ContentPack, ContentProblem } from "../content/model";
import type { PackState, SignalBus } from "../events/bus";
import { versionLabel } from "../packs/pack-library";
import type { LoadedVersion, PackLibrary } from "../packs/pack-library";
import type { PackVersion } from "../store/pack-repository";

/**
 * What a reload did: the new pack's version with what `content:check` warns of (missing
 * translations...), or the problems that kept the old pack.
 */
export type ReloadOutcome =
  | { ok: true; version: string; warnings: ContentProblem[] }
  | { ok: false; problems: ContentProblem[] };

export type ContentReloaderDeps = {
  /** The pack the server runs: a reload replaces its contents in place. */
  pack: ContentPack;
  /** The game's scripts (game/scripts/): a reload hands them the new pack. */
  scripts: { reload(pack: ContentPack): void };
  /** Tells the other instances of a reload. */
  bus: SignalBus;
  /** This instance's name: it does not act on its own `reload` signal twice. */
  instance: string;
  /** After each reload here, what it came to (the app logs it; the console shows the pack). */
  onReloaded: (outcome: ReloadOutcome) => void;
  /** A reload another instance asked for failed. */
  onError: (error: unknown) => void;
  /** The pack's versions: a reload stores the folder's files as one and runs it. */
  library: PackLibrary;
  /** The folder a reload takes (CONTENT_DIR). */
  dir: string;
  /** The stored version the server started with; tests start with packs of their own. */
  version?: PackVersion;
  /** ms since the epoch, for the time of the last reload. */
  now?: () => number;
};

/**
 * Loads the content pack again while the game runs (SIGHUP, file changes under `npm run dev`,
 * the operators' reload), here and, over the bus, on every other instance: the folder's files
 * become a version (packs/pack-library.ts), checked with the same checks as `content:check`
 * (the loader's), so an invalid pack is refused with its problems and the running one stays. A
 * valid one is released, and every other instance loads that version from the database, not
 * its own folder. It replaces the old pack at once: every service reads the same pack object,
 * and the script runner (its workers too) gets the new scripts. Runs under a changed script are
 * dealt with at their next input (game-service.ts). Reloads run one after another.
 */
export class ContentReloader {
  private queue: Promise<unknown> = Promise.resolve();
  private current: string;
  private last: PackState["reload"];

  constructor(private readonly deps: ContentReloaderDeps) {
    this.current = deps.version ? versionLabel(deps.version) : packVersion(deps.pack);
  }

  /** The running pack's version: its files' digest, short (a hash of its contents in tests). */
  get version(): string {
    return this.current;
  }

  /** The game this server plays (the running pack's id): a version of another is refused. */
  get storyId(): string {
    return this.deps.pack.id;
  }

  /** The running pack's version and what the last reload came to (the operators see both). */
  state(): PackState {
    return { version: this.current, ...(this.last && { reload: this.last }) };
  }

  /** Another instance's release runs here too: the version it names, from the database. */
  subscribeSignals(bus: SignalBus): void {
    bus.on("reload", ({ instance, version }) => {
      if (instance === this.deps.instance) return;
      this.reloadHere(async () => {
        const released = await this.deps.library.byDigest(version);
        if (!released) throw new Error(`content reload: no pack version ${version}`);
        return this.deps.library.load(released);
      }).catch(this.deps.onError);
    });
  }

  /** Takes the folder's files as the live version here, then on the other instances. */
  reload(): Promise<ReloadOutcome> {
    return this.publish(() => this.deps.library.takeFolder(this.deps.dir, this.deps.pack.id));
  }

  /**
   * Makes the stored version `id` live here, then on the other instances (publish, roll back);
   * undefined when there is no such version.
   */
  async release(id: number, by: string | null): Promise<ReloadOutcome | undefined> {
    const { library, pack } = this.deps;
    const version = await library.byId(id);
    if (!version) return undefined;
    return this.publish(() => library.publish(version, pack.id, by));
  }

  /**
   * Makes `loaded` live here, then on the other instances: a version of this game that this
   * instance loaded and checked just now from its copy of the files (the studio's publish, whose
   * check refused another game's id), not loaded again.
   */
  releaseLoaded(loaded: LoadedVersion & { ok: true }, by: string | null): Promise<ReloadOutcome> {
    const { library } = this.deps;
    return this.publish(async () => {
      if ((await library.live())?.id !== loaded.version.id)
        await library.release(loaded.version, by);
      return loaded;
    });
  }

  private async publish(load: () => Promise<LoadedVersion>): Promise<ReloadOutcome> {
    let released: string | undefined;
    const outcome = await this.reloadHere(async () => {
      const loaded = await load();
      if (loaded.ok) released = loaded.version.digest;
      return loaded;
    });
    if (released !== undefined) {
      this.deps.bus.broadcast("reload", { instance: this.deps.instance, version: released });
    }
    return outcome;
  }

  private reloadHere(load: () => Promise<LoadedVersion>): Promise<ReloadOutcome> {
    const next = this.queue.then(async () => {
      const outcome = await this.replaceWith(await load());
      const at = (this.deps.now ?? Date.now)();
      this.last = { at, ok: outcome.ok, problems: outcome.ok ? 0 : outcome.problems.length };
      return outcome;
    });
    this.queue = next.catch(() => undefined);
    return next.then((outcome) => {
      this.deps.onReloaded(outcome);
      return outcome;
    });
  }

  private replaceWith(loaded: LoadedVersion): ReloadOutcome {
    if (!loaded.ok) return { ok: false, problems: loaded.problems };
    const { pack, scripts } = this.deps;
    replacePack(pack, loaded.pack);
    scripts.reload(pack);
    this.current = versionLabel(loaded.version);
    return { ok: true, version: this.current, warnings: loaded.warnings };
  }
}

/** Makes `live` the same as `next`, keeping the object every service holds. */
function replacePack(live: ContentPack, next: ContentPack): void {
  // Fields the new pack lacks (an optional one removed from game.yaml) must not linger.
  for (const key of Object.keys(live)) Reflect.deleteProperty(live, key);
  Object.assign(live, next);
}

/** A short hash of everything the pack holds but its folder. */
export function packVersion(pack: ContentPack): string {
  // Folders are where the pack lies, not what it says.
  const json = JSON.stringify(pack, (key, value: unknown) => (key === "dir" ? undefined : value));
  return createHash("sha256").update(json).digest("base64url").slice(0, 12);
}
