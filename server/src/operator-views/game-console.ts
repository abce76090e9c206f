import { OpsReason } from "@wegmarke/protocol";
import type {
  OpsExportQuery,
  OpsAwardRequest,
  OpsHintRequest,
  OpsJumpRequest,
  OpsLineRequest,
  OpsThread,
  OpsMap,
  OpsNewsAudience,
  OpsOverview,
  OpsPlayersPage,
  OpsPlayersQuery,
} from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import type { GameActivity } from "../events/bus";
import type { GameMaster } from "../game/game-master";
import type { GameService } from "../game/game-service";
import { anonymousPlayerName } from "../game/scoreboard/display-names";
import { participantOf } from "../participants/participant";
import type { Repositories, StoreOf } from "../store/store";
import { PlayerDirectory } from "./directory";
import { readOverview } from "./figures";
import type { StreamNames } from "./stuck";
import { ThreadWatch } from "./thread-watch";
import type { ThreadWatchDeps } from "./thread-watch";
import type { SseSink } from "../events/stream-hub";
import type { PresenceBoard } from "./presence";

export type GameConsoleDeps = {
  store: StoreOf<Pick<Repositories, "figures" | "players">>;
  pack: ContentPack;
  clock: Clock;
  game: GameService;
  master: GameMaster;
  presence: PresenceBoard;
  /** The bus's wake-ups of a stream, for the pages that watch a chat. */
  subscribe: ThreadWatchDeps["subscribe"];
  /** The names of participants (a player's, or a team's) by stream. */
  names: StreamNames;
  /** After a host's line: the phones of the participant's players whose app is closed hear it. */
  onLine?: (stream: string, line: { stationId: number; from: string; text: string }) => void;
};

/** The console's feed opens with what happened this long ago and since. */
const RECENT_MS = 60 * 60 * 1000;
/** As many lines as the console's feed keeps. */
const RECENT_LIMIT = 100;
/** Where the pack's media are served (http/static.ts). */
const ASSETS_BASE = "/assets/webapp-data/";

/** What operators see of the running game and the one thing they change in a player's game. */
export class GameConsole {
  private readonly directory: PlayerDirectory;
  private readonly watches: ThreadWatch;

  constructor(private readonly deps: GameConsoleDeps) {
    this.directory = new PlayerDirectory(deps.store, deps.pack);
    this.watches = new ThreadWatch({ subscribe: deps.subscribe });
  }

  overview(): Promise<OpsOverview> {
    const { store, pack, clock, presence } = this.deps;
    const { names } = this.deps;
    return readOverview(store, pack, clock, presence.online(), presence.instances(), names);
  }

  players(query: OpsPlayersQuery): Promise<OpsPlayersPage> {
    return this.directory.page(query, this.deps.presence.onlinePlayers());
  }

  /** What participants did in the last hour, newest first (at most `limit`). */
  async recentActivity(limit = RECENT_LIMIT): Promise<GameActivity[]> {
    const since = new Date(this.deps.clock.now().getTime() - RECENT_MS).toISOString();
    const rows = await this.deps.store.repos.figures.recentActivity(since, limit);
    return rows.map((row) => ({ ...row, at: Date.parse(row.at) }));
  }

  /** The pack's base map and where its stations are. */
  map(): OpsMap {
    const { pack } = this.deps;
    return {
      map: pack.map ?? null,
      assetsBase: ASSETS_BASE,
      stations: pack.stations.map((station) => ({
        id: station.id,
        title: station.texts.de.title,
        latitude: station.latitude,
        longitude: station.longitude,
      })),
    };
  }

  exportCsv(query: OpsExportQuery): Promise<string> {
    return this.directory.export(query);
  }

  /** Whom news reach: every player, by the language they play in. */
  async newsAudience(): Promise<OpsNewsAudience> {
    const byLanguage = await this.deps.store.repos.figures.playersByLanguage();
    const count = (language: string) => byLanguage.get(language) ?? 0;
    return {
      players: [...byLanguage.values()].reduce((sum, n) => sum + n, 0),
      byLanguage: { de: count("de"), "de-formal": count("de-formal"), en: count("en") },
    };
  }

  /** A player's chat as their app (their team's) shows it, and where they are. */
  async thread(playerId: number): Promise<OpsThread> {
    const player = await this.findPlayer(playerId);
    const participant = participantOf(player);
    const { team, ...thread } = await this.deps.master.thread(
      participant.stream,
      participant.language,
    );
    const name = player.firstName ?? anonymousPlayerName(player.id);
    return { player: { id: player.id, name, team }, ...thread };
  }

  /**
   * A host's line in the player's running station (their team's): 404 for no such player or
   * station, 409 when it is not the one running.
   */
  async speak(playerId: number, { stationId, from, text }: OpsLineRequest): Promise<void> {
    const player = await this.findPlayer(playerId);
    if (!this.deps.pack.stations.some((station) => station.id === stationId)) {
      throw new ServiceError(404, OpsReason.stationNotFound);
    }
    const { stream } = participantOf(player);
    await this.deps.master.speak(stream, stationId, from, text);
    this.deps.onLine?.(stream, { stationId, from, text });
  }

  /**
   * Opens a watch of the player's chat (their team's): "changed" whenever it grows. Returns the
   * function that closes it; 404 for no such player.
   */
  async watch(playerId: number, open: () => SseSink): Promise<() => void> {
    const { stream } = participantOf(await this.findPlayer(playerId));
    return this.watches.connect(stream, open());
  }

  /** Ends every open watch (the server stops). */
  closeWatches(): void {
    this.watches.closeAll();
  }

  /** The next of the script's later lines in the player's running station, now. */
  async deliverNow(playerId: number, stationId: number): Promise<void> {
    const player = await this.findPlayer(playerId);
    await this.deps.master.deliverNow(participantOf(player).stream, stationId);
  }

  /**
   * The riddle's next hint in the player's running station (their team's): 404 for no such
   * player or station, 409 when it is not running or offers no hint.
   */
  async hint(playerId: number, { stationId, free }: OpsHintRequest): Promise<void> {
    const player = await this.findPlayer(playerId);
    if (!this.deps.pack.stations.some((station) => station.id === stationId)) {
      throw new ServiceError(404, OpsReason.stationNotFound);
    }
    await this.deps.game.hint(participantOf(player).stream, stationId, free);
  }

  /**
   * The player's running station (their team's) goes on at `knot` of its script: 404 for no
   * such player or station, 409 when it is not running, 400 for a knot its script has not.
   */
  async jump(playerId: number, { stationId, knot }: OpsJumpRequest): Promise<void> {
    const player = await this.findPlayer(playerId);
    if (!this.deps.pack.stations.some((station) => station.id === stationId)) {
      throw new ServiceError(404, OpsReason.stationNotFound);
    }
    await this.deps.game.jump(participantOf(player).stream, stationId, knot);
  }

  /** Awards the player (their team) `points`, or takes them below 0, for `reason`. 404: no player. */
  async award(playerId: number, { points, reason }: OpsAwardRequest, operator: string | null) {
    const player = await this.findPlayer(playerId);
    await this.deps.master.award(participantOf(player).stream, points, reason, operator);
  }

  /** Closes (`open` false) or reopens a station for the player (their team). 404: no such one. */
  async setOpen(playerId: number, stationId: number, open: boolean): Promise<void> {
    const player = await this.findPlayer(playerId);
    const station = this.deps.pack.stations.find((candidate) => candidate.id === stationId);
    if (!station) throw new ServiceError(404, OpsReason.stationNotFound);
    const { stream } = participantOf(player);
    await (open
      ? this.deps.master.reopen(stream, station)
      : this.deps.master.close(stream, station));
  }

  private async findPlayer(playerId: number) {
    const player = await this.deps.store.repos.players.find(playerId);
    if (!player) throw new ServiceError(404, OpsReason.playerNotFound);
    return player;
  }

  /**
   * Frees a stuck player: the station they (or their team) run is cancelled as if they had
   * left it. 404 for no such player or station, 409 when it is not the one running.
   */
  async cancel(playerId: number, stationId: number): Promise<void> {
    const player = await this.findPlayer(playerId);
    if (!this.deps.pack.stations.some((station) => station.id === stationId)) {
      throw new ServiceError(404, OpsReason.stationNotFound);
    }
    const cancelled = await this.deps.game.cancel(participantOf(player), stationId);
    if (!cancelled) throw new ServiceError(409, OpsReason.stationNotRunning);
  }
}
