import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Language, OpsPreviewOutcome, OpsPreviewRequest } from "@wegmarke/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { PackCheck } from "../content/loader";
import type { ContentPack, ContentProblem, Station } from "../content/model";
import { ServiceError } from "../errors";
import { groupProblems } from "./check-groups";
import type { PackDrafts } from "./pack-drafts";

/** A preview nobody called for this long ends, and its game with it. */
export const PREVIEW_IDLE_MS = 30 * 60_000;

/** A running preview game: it answers the raw requests given to it. */
export type PreviewApp = {
  routing(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
};

export type PreviewGamesDeps = {
  /** Another game's path (`/g/<name>`) before its previews' (decisions/054); "" for the first. */
  base?: string;
  drafts: PackDrafts;
  /** Loads and checks a pack folder as `content:check` does (the content thread). */
  check: (dir: string) => Promise<PackCheck>;
  /**
   * Makes the folder of the preview `id`, where it keeps its files (below PACK_CACHE_DIR,
   * marked as this process's: packs/work-folders.ts).
   */
  folder: (id: string) => Promise<string>;
  /**
   * Starts a game of `pack` whose player app calls go below `base`, keeping its database in
   * `dataDir` (app.ts: a server of its own, never listening).
   */
  start: (pack: ContentPack, base: string, dataDir: string, fast: boolean) => Promise<PreviewApp>;
  log: FastifyBaseLogger;
  /** The address of another instance that runs the preview `id` (its presence report). */
  elsewhere?: (id: string) => string | undefined;
  /** A preview started or ended here: the other instances hear of it (presence). */
  changed?: () => void;
  now?: () => number;
};

/** How long a call for a preview another instance started waits for its report. */
const LOCATE_MS = 2_000;

/** Where the preview starts a station's script, if not at its beginning. */
type Start = OpsPreviewRequest["start"];

/** How a preview plays: at the desk, quicker, from a knot. */
export type PreviewMode = { desk: boolean; fast: boolean; start?: Start };

type Running = {
  id: string;
  /** What it plays: the draft's files, the mode and where it starts. */
  key: string;
  digest: string;
  desk: boolean;
  fast: boolean;
  languages: Language[];
  app: PreviewApp;
  dir: string;
  usedAt: number;
};

/**
 * The player app's paths a preview answers: the app, its settings and media, the game's API
 * (and the SMS outbox where SMS_PROVIDER=outbox keeps them).
 */
const PREVIEW_PATHS =
  /^\/(webapp(\/|$)|api\/(game|account|dev|submissions)\/|assets\/webapp-data\/)/;

/**
 * The studio's preview (decisions/036): the draft played in a game of its own, by the real
 * player app, below `/preview/<id>/`. Its players live in its own SQLite file, so they never
 * reach the game's figures, exports or scoreboard, and nothing is left when it ends: at the
 * next preview of another draft, after 30 idle minutes, or with the server. One runs per
 * instance, shared by the authors who open it; each plays as a player of their own.
 */
export class PreviewGames {
  private running: Running | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly idle: NodeJS.Timeout;

  constructor(private readonly deps: PreviewGamesDeps) {
    this.idle = setInterval(() => void this.endIdle(), 60_000);
    this.idle.unref();
  }

  /**
   * A preview of the draft as it is now: the running one when it plays the same files in the
   * same mode, else a new one (the old one ends); the check's problems when it cannot play.
   */
  open(mode: PreviewMode): Promise<OpsPreviewOutcome> {
    const next = this.queue.then(() => this.openNow(mode));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Hands a request to the preview `id` with its path below it (a 404 for a path that is not
   * the player app's); false when it does not run here.
   */
  dispatch(id: string, url: string, request: IncomingMessage, response: ServerResponse): boolean {
    const running = this.running;
    if (running?.id !== id) return false;
    if (!PREVIEW_PATHS.test(url)) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      response.end("not found");
      return true;
    }
    running.usedAt = this.now();
    request.url = url;
    running.app.routing(request, response);
    return true;
  }

  private get base(): string {
    return this.deps.base ?? "";
  }

  /** The preview that runs here, if one does. */
  get current(): string | undefined {
    return this.running?.id;
  }

  /**
   * The address of the instance that runs the preview `id` when it is another one: its report
   * may come up to a second after the preview started, so this waits up to 2 s for it.
   */
  async locate(id: string): Promise<string | undefined> {
    const { elsewhere } = this.deps;
    if (!elsewhere) return undefined;
    const started = this.now();
    for (;;) {
      const address = elsewhere(id);
      if (address !== undefined || this.now() - started >= LOCATE_MS) return address;
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  /** Ends the preview, if one runs (the server's shutdown). */
  async close(): Promise<void> {
    clearInterval(this.idle);
    await this.queue;
    await this.end();
  }

  private async openNow({ desk, fast, start }: PreviewMode): Promise<OpsPreviewOutcome> {
    const id = randomBytes(12).toString("base64url");
    const dir = await this.deps.folder(id);
    const packDir = path.join(dir, "pack");
    try {
      const digest = await this.deps.drafts.stage(packDir);
      const key = JSON.stringify([digest, desk, fast, start ?? null]);
      const running = this.running;
      if (running?.key === key) {
        await rm(dir, { recursive: true, force: true });
        running.usedAt = this.now();
        return outcomeOf(running, this.base);
      }
      const moved = start ? await startAt(packDir, start) : [];
      if (fast) await hurry(packDir);
      const check = await this.deps.check(packDir);
      if (!check.pack) {
        const [errors, warnings] = [check.errors, check.warnings].map((list) =>
          list.map((problem) => asWritten(problem, moved)),
        );
        const problems = await groupProblems(packDir, errors ?? [], warnings ?? []);
        await rm(dir, { recursive: true, force: true });
        return { ok: false, check: problems };
      }
      const dataDir = path.join(dir, "data");
      await mkdir(dataDir, { recursive: true });
      const pack = desk ? deskPack(check.pack) : check.pack;
      const app = await this.deps.start(pack, `${this.base}/preview/${id}`, dataDir, fast);
      await this.end();
      const languages = check.pack.languages ?? [check.pack.defaultLanguage];
      this.running = { id, key, digest, desk, fast, languages, app, dir, usedAt: this.now() };
      this.deps.changed?.();
      this.deps.log.info({ preview: id, digest: digest.slice(0, 12), desk, fast }, "preview");
      return outcomeOf(this.running, this.base);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  private async endIdle(): Promise<void> {
    const running = this.running;
    if (running === undefined || this.now() - running.usedAt < PREVIEW_IDLE_MS) return;
    const next = this.queue.then(() => (this.running === running ? this.end() : undefined));
    this.queue = next.catch((error: unknown) => this.deps.log.error({ err: error }, "preview"));
    await this.queue;
  }

  private async end(): Promise<void> {
    const running = this.running;
    if (running === undefined) return;
    this.running = undefined;
    this.deps.changed?.();
    try {
      await running.app.close();
    } finally {
      await rm(running.dir, { recursive: true, force: true });
    }
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

function outcomeOf(running: Running, base: string): OpsPreviewOutcome {
  return {
    ok: true,
    path: `${base}/preview/${running.id}/webapp/`,
    digest: running.digest.slice(0, 12),
    desk: running.desk,
    fast: running.fast,
    languages: running.languages,
  };
}

/**
 * The pack as a desk plays it: every station starts from the list, without GPS or a QR code,
 * and secret ones are listed.
 */
export function deskPack(pack: ContentPack): ContentPack {
  return {
    ...pack,
    stations: pack.stations.map((station) => {
      const atDesk: Station = {
        ...station,
        visible: station.visible === "secret" ? "shown" : station.visible,
      };
      delete atDesk.trigger;
      delete atDesk.radius;
      return atDesk;
    }),
  };
}

/**
 * Makes the script `start.file` in `packDir` start at `start.knot`: a divert before its first
 * line. The file is a link to the stored blob, so it is written anew, never through the link.
 * Answers the file changed.
 */
async function startAt(packDir: string, start: NonNullable<Start>): Promise<string[]> {
  const file = path.join(packDir, ...start.file.split("/"));
  const text = await readFile(file, "utf8").catch(() => {
    throw new ServiceError(404, "no such script in the draft");
  });
  await rm(file);
  await writeFile(file, `-> ${start.knot}\n${text}`);
  return [start.file];
}

/** A problem of a script that starts at a knot, on the line the author wrote. */
function asWritten(problem: ContentProblem, moved: string[]): ContentProblem {
  const { line } = problem;
  return line !== undefined && line > 1 && moved.includes(problem.file)
    ? { ...problem, line: line - 1 }
    : problem;
}

/** A duration as authors write it (`30s`, `10m`, `2h`), in a `#delay:` tag or a reminder. */
const DELAY_TAG = /(#\s*delay\s*:\s*)(\d+)\s*([smh])\b/gi;
const REMINDER_AFTER = /^(\s+after\s*:\s*)(\d+)\s*([smh])\s*$/gim;

/** A duration a preview plays quicker: hours as minutes, minutes as seconds, seconds as 1 s. */
export function quicker(amount: number, unit: string): string {
  const lower = unit.toLowerCase();
  if (lower === "h") return `${amount}m`;
  if (lower === "m") return `${amount}s`;
  return `${Math.min(amount, 1)}s`;
}

/** A script's or a station.yaml's text with its delays quicker (`quicker`). */
export function hurried(text: string): string {
  const faster = (_: string, head: string, amount: string, unit: string) =>
    `${head}${quicker(Number(amount), unit)}`;
  return text.replace(DELAY_TAG, faster).replace(REMINDER_AFTER, faster);
}

/** Makes the delays of every station in `packDir` quicker, each file written anew. */
async function hurry(packDir: string): Promise<void> {
  const stations = path.join(packDir, "stations");
  const files = await readdir(stations, { recursive: true }).catch(() => []);
  for (const name of files.filter((file) => /(\.ink|station\.yaml)$/.test(file))) {
    const file = path.join(stations, name);
    const text = await readFile(file, "utf8");
    const quick = hurried(text);
    if (quick === text) continue;
    await rm(file);
    await writeFile(file, quick);
  }
}
