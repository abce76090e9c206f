import { createHash } from "node:crypto";
import { checkContentPack } from "../content/loader";
import { ContentError } from "../content/model";
import type { ContentPack, ContentProblem } from "../content/model";
import type { PackState, SignalBus } from "../events/bus";
import type { ScriptRunner } from "./scripts/script-runner";

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
  scripts: ScriptRunner;
  /** Tells the other instances of a reload. */
  bus: SignalBus;
  /** This instance's name: it does not act on its own `reload` signal twice. */
  instance: string;
  /** After each reload here, what it came to (the app logs it; the console shows the pack). */
  onReloaded: (outcome: ReloadOutcome) => void;
  /** A reload another instance asked for failed. */
  onError: (error: unknown) => void;
  /** Tests load packs of their own; the server loads the folder again with the loader. */
  load?: (dir: string) => Promise<ContentPack>;
  /** The folder to load; the pack's own by default. */
  dir?: string;
  /** ms since the epoch, for the time of the last reload. */
  now?: () => number;
};

/**
 * Loads the content pack again while the game runs (SIGHUP, file changes under `npm run dev`,
 * the operators' reload), here and, over the bus, on every other instance: checked first with
 * the same checks as `content:check` (the loader's), so an invalid pack is refused with its
 * problems and the running one stays. A valid pack replaces the old one at once: every service
 * reads the same pack object, and the script runner (its workers too) gets the new scripts. Runs
 * under a changed script are dealt with at their next input (game-service.ts). Reloads run one
 * after another.
 */
export class ContentReloader {
  private queue: Promise<unknown> = Promise.resolve();
  private current: string;
  private last: PackState["reload"];

  constructor(private readonly deps: ContentReloaderDeps) {
    this.current = packVersion(deps.pack);
  }

  /** The running pack's version: a hash of its contents. */
  get version(): string {
    return this.current;
  }

  /** The running pack's version and what the last reload came to (the operators see both). */
  state(): PackState {
    return { version: this.current, ...(this.last && { reload: this.last }) };
  }

  /** Every other instance's reload reloads this one's folder too. */
  subscribeSignals(bus: SignalBus): void {
    bus.on("reload", ({ instance }) => {
      if (instance !== this.deps.instance) this.reloadHere().catch(this.deps.onError);
    });
  }

  /** Reloads here, then tells the other instances to load their own folder again. */
  async reload(): Promise<ReloadOutcome> {
    const outcome = await this.reloadHere();
    this.deps.bus.broadcast("reload", { instance: this.deps.instance });
    return outcome;
  }

  private reloadHere(): Promise<ReloadOutcome> {
    const next = this.queue.then(async () => {
      const outcome = await this.reloadNow();
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

  private async reloadNow(): Promise<ReloadOutcome> {
    const { pack, scripts, load, dir = pack.dir } = this.deps;
    let loaded: ContentPack;
    let warnings: ContentProblem[] = [];
    if (load) {
      try {
        loaded = await load(dir);
      } catch (error) {
        if (error instanceof ContentError) return { ok: false, problems: error.problems };
        throw error;
      }
    } else {
      const check = await checkContentPack(dir);
      if (!check.pack) return { ok: false, problems: check.errors };
      loaded = check.pack;
      warnings = check.warnings;
    }
    // Players registered with the story id; another id is another game, not a new version.
    if (loaded.id !== pack.id) {
      const message = `id changed from "${pack.id}" to "${loaded.id}": another game needs a restart of the server`;
      return { ok: false, problems: [{ file: "game.yaml", message }] };
    }
    replacePack(pack, loaded);
    scripts.reload(pack);
    this.current = packVersion(pack);
    return { ok: true, version: this.current, warnings };
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
