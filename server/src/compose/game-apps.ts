import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { OpsGame } from "@wegmarke/protocol";
import type { AccountLimits } from "../security/limits";
import type { Clock, Timer } from "../clock";
import type { Config } from "../config";
import type { EventBus } from "../events/bus";
import { eraseGame, gameUploadDir, pastKeeping } from "../games/erasure";
import type { ErasedGame } from "../games/erasure";
import type { GameDispatch } from "../http/game-prefix-routes";
import type { MetricFamilies } from "../metrics/metrics";
import { passBelow } from "../http/hand-on";
import { PackLibrary } from "../packs/pack-library";
import type { WorkFolders } from "../packs/work-folders";
import type { GameRow } from "../store/game-repository";
import type { Store } from "../store/store";
import type { ProcessThreads } from "./process-threads";
import type { GameAppDeps } from "./game-served";

export type GameAppsDeps = {
  /** The installation's server: its configuration, database (its game's), clock and bus. */
  config: Config;
  store: Store;
  clock: Clock;
  timer: Timer;
  limits?: Partial<AccountLimits>;
  bus: EventBus;
  /** The process's script workers, content thread and photo process, which every game uses. */
  threads: ProcessThreads;
  /** The pack cache's folders of this process: every game's studio previews in it. */
  folders: WorkFolders;
  /** Where the other instances reach this one (the first game's server, once it listens). */
  address: () => string | undefined;
  /** The first game's metric families, which every game's series go into. */
  metrics: MetricFamilies;
  /** Checks a pack folder off the players' thread (the main server's content thread). */
  check: ConstructorParameters<typeof PackLibrary>[0]["check"];
  /** Builds a server (app.ts's `buildApp`, handed in by app.ts, which this cannot import). */
  build: (deps: GameAppDeps) => Promise<Built>;
  onError: (error: unknown, name: string) => void;
  /** The first game's title: its live pack's. */
  firstTitle: () => string;
  /** The erasure of archived games: after how long, and what it tells. */
  erasure: {
    /** How long an archived game's data is kept (security/limits.ts `archivedGameKeepMs`). */
    keepMs: number;
    /** Deletes the files of erased submissions from the blob store (the missions service). */
    deleteFiles: () => Promise<unknown>;
    erased: (game: ErasedGame) => void;
    failed: (error: unknown, name: string) => void;
  };
};

/** How long the games' host names are answered from memory before they are read again. */
const HOSTS_READ_MS = 10_000;

/** A game's server, and its retention sweep (app.ts's `buildApp` answers both). */
type Built = { app: FastifyInstance; sweepRetention: () => Promise<number> };

/** Why a game's address answers without its server. */
type Unserved = { status: 404 | 410 | 503; reason: string };

type Started = Built | Unserved;

/**
 * The installation's other games (decisions/054), each a server of its own built on its first
 * request, over the same database (the Store of its game), bus, clock and configuration as the
 * first game's, and handed the requests below `/g/<name>` with the path below it. A game
 * without a live version, archived or unknown is a 4xx that says so; one whose start failed is
 * tried again on the next request.
 */
export class GameApps implements GameDispatch {
  private readonly started = new Map<string, Promise<Started>>();
  private closed = false;
  /** The games with a host name of their own: host name -> game name, read every 10 s. */
  private hosts = new Map<string, string>();
  private hostsReadAt = Number.NEGATIVE_INFINITY;
  private readingHosts: Promise<void> | undefined;

  constructor(private readonly deps: GameAppsDeps) {}

  /**
   * The game served at the bare addresses of the host name `host`, if one is (decisions/054).
   * Answers from memory at once; the names are read again in the background every 10 s, so a
   * host name given on the command line serves its game within 10 s.
   */
  gameOfHost(host: string): string | undefined {
    if (this.deps.clock.now().getTime() - this.hostsReadAt > HOSTS_READ_MS) void this.readHosts();
    return this.hosts.get(host.toLowerCase());
  }

  /**
   * Reads the games' host names (at start, then as `gameOfHost` asks), and stops the servers
   * of games archived meanwhile, on another instance too.
   */
  readHosts(): Promise<void> {
    this.readingHosts ??= (async () => {
      try {
        const games = await this.deps.store.repos.games.list();
        for (const game of games) if (game.archivedAt !== null) await this.stop(game.name);
        this.hosts = new Map(
          games.flatMap((game) =>
            game.host === null || game.id === this.deps.store.game ? [] : [[game.host, game.name]],
          ),
        );
        this.hostsReadAt = this.deps.clock.now().getTime();
      } catch (error) {
        this.deps.onError(error, "(host names)");
      } finally {
        this.readingHosts = undefined;
      }
    })();
    return this.readingHosts;
  }

  async dispatch(
    name: string,
    url: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const started = await this.start(name);
    if ("app" in started) {
      passBelow(request, url);
      started.app.routing(request, response);
      return;
    }
    response.writeHead(started.status, {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end(started.reason);
  }

  /**
   * Runs the retention sweep of every game that is not archived (each started for it, when it
   * did not run yet): its accounts past the rule and its players' old submissions go; then
   * erases the archived games kept long enough. Answers how many accounts were erased.
   */
  async sweepRetention(): Promise<number> {
    let erased = 0;
    const games = await this.deps.store.repos.games.list();
    for (const game of games) {
      if (game.id === this.deps.store.game || game.archivedAt !== null) continue;
      const started = await this.start(game.name);
      if ("app" in started) erased += await started.sweepRetention();
    }
    await this.eraseEnded(games);
    return erased;
  }

  /**
   * Erases the data of each archived game past `erasure.keepMs` (games/erasure.ts), told once:
   * an erased game has no rows left. A failure is told and tried again at the next sweep.
   */
  private async eraseEnded(games: GameRow[]): Promise<void> {
    const { store, clock, config, erasure } = this.deps;
    for (const game of pastKeeping(games, clock.now(), erasure.keepMs)) {
      try {
        await this.stop(game.name);
        const erased = await eraseGame({ store, uploadDir: config.uploadDir }, game);
        if (erased.rows > 0) erasure.erased(erased);
      } catch (error) {
        erasure.failed(error, game.name);
      }
    }
    await erasure.deleteFiles();
  }

  /**
   * The games that play (not archived), the first first, as the console lists them: those of
   * `visible` ("every": all).
   */
  async list(visible: ReadonlySet<number> | "every"): Promise<OpsGame[]> {
    const { store, firstTitle } = this.deps;
    const games = await store.repos.games.list();
    return games
      .filter((game) => game.archivedAt === null && (visible === "every" || visible.has(game.id)))
      .map((game) => {
        const first = game.id === store.game;
        return {
          name: game.name,
          title: game.title ?? (first ? firstTitle() : game.name),
          first,
          app: first ? "/webapp/" : `/g/${game.name}/webapp/`,
        };
      });
  }

  /** Stops the server of the game `name` if it runs here: archived, its addresses answer 410. */
  async stop(name: string): Promise<void> {
    const starting = this.started.get(name);
    if (!starting) return;
    this.started.delete(name);
    const started = await starting;
    if ("app" in started) await started.app.close();
  }

  /** Stops every game's server (the installation's server closes). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.started.values()];
    this.started.clear();
    await Promise.all(
      all.map(async (starting) => {
        const started = await starting;
        if ("app" in started) await started.app.close();
      }),
    );
  }

  private start(name: string): Promise<Started> {
    const known = this.started.get(name);
    if (known) return known;
    const starting = this.startNow(name).catch((error: unknown): Started => {
      this.deps.onError(error, name);
      return { status: 503, reason: `the game "${name}" could not start: try again shortly` };
    });
    this.started.set(name, starting);
    // Only a running server is kept: the game may be made, published, unarchived or start
    // meanwhile.
    void starting.then((started) => {
      if (!("app" in started) && this.started.get(name) === starting) this.started.delete(name);
    });
    return starting;
  }

  private async startNow(name: string): Promise<Started> {
    if (this.closed) return { status: 503, reason: "the server is shutting down" };
    const { config, store, clock, timer, limits, bus, threads, folders, address, check, build } =
      this.deps;
    const row = await store.repos.games.named(name);
    if (!row || row.id === store.game || row.archivedAt !== null) {
      if (row?.archivedAt) return { status: 410, reason: `the game "${name}" has ended` };
      // The first game is served at the bare addresses (`/webapp/`), and only there.
      return { status: 404, reason: `no game "${name}"` };
    }
    const gameStore = store.forGame(row.id);
    const library = new PackLibrary({
      store: gameStore,
      cacheDir: config.packCacheDir,
      clock,
      check,
    });
    const version = await library.live();
    if (!version) {
      return { status: 404, reason: `the game "${name}" has no published version yet` };
    }
    const loaded = await library.load(version);
    if (!loaded.ok) throw new Error(`the live version of "${name}" does not load`);
    const base = `/g/${row.name}`;
    const built = await build({
      config: {
        ...config,
        publicUrl: `${config.publicUrl}${base}`,
        uploadDir: gameUploadDir(config.uploadDir, row.id),
      },
      pack: loaded.pack,
      packVersion: loaded.version,
      store: gameStore,
      clock,
      timer,
      ...(limits && { limits }),
      game: {
        ...{ id: row.id, name: row.name, base, bus: bus.forGame(row.id) },
        ...{ address, metrics: this.deps.metrics },
      },
      threads,
      folders,
    });
    await built.app.ready();
    if (this.closed) {
      await built.app.close();
      return { status: 503, reason: "the server is shutting down" };
    }
    return built;
  }
}
