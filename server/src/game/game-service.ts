import { ErrorReason } from "@wegmarke/protocol";
import type { Language, PositionRequest } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../content/model";
import { indexById } from "../content/model";
import type { EngineMission, Input, MissionKind, Verdict } from "../engine/types";
import { ParticipantChanged, ServiceError } from "../errors";
import type { GameActivity } from "../events/bus";
import type { EventDraft } from "../events/event-log";
import type { StreamSnapshot } from "../events/stream-hub";
import type { Store, StoreOf } from "../store/store";
import { isTeamStream } from "../participants/participant";
import type { Participant } from "../participants/participant";
import { buildPlayerStatus } from "./player-status";
import { checkTrigger, stationByCode } from "./station-access";
import type { ActivationVia } from "./station-access";
import type { ScriptRunner } from "./scripts/script-runner";
import type { EchoAuthor } from "./turns/station-events";
import { activation } from "./turns/activation";
import { StaleRun, answerStep, refusalOf } from "./turns/answer-step";
import { cancellation } from "./turns/cancellation";
import { restart } from "./turns/restart";
import { hintStep, jumpStep, verdictStep } from "./turns/host-step";
import type { GameRepositories, Turns, WrittenTurn } from "./turns/turns";

export type GameServiceDeps = {
  store: StoreOf<GameRepositories> & Pick<Store, "runs">;
  pack: ContentPack;
  scripts: ScriptRunner;
  turns: Turns;
  /** After commit: a station started, was done or cancelled (the operators' activity feed). */
  onActivity?: (activity: GameActivity) => void;
  /** The server's secret: station codes are derived from it (station-access.ts). */
  secret: Buffer;
  /** Throws 409 before the game's start and from its end on (game-clock.ts). */
  requireOpen?: () => Promise<void>;
};

/** The views that list no `secret` station: one of theirs must be found first. */
const HIDING_VIEWS: ReadonlySet<string> = new Set(["station", "main"]);

/** How an activation came, and where the device says it is (`near` stations need it). */
export type ActivationAccess = { via?: ActivationVia; position?: PositionRequest };

/**
 * The station lifecycle: activate, cancel, answers and buttons. Every call is one turn
 * (turns.ts): serialised per stream, it reads what it needs and returns its outcome (the files
 * of turns/), which the store writes in one go with the events it logs and the
 * messages due later.
 */
export class GameService {
  /** Looked up on every call: a reloaded pack counts at once. */
  private get stations(): ReadonlyMap<number, Station> {
    return indexById(this.deps.pack.stations);
  }

  constructor(private readonly deps: GameServiceDeps) {}

  /**
   * Starts a station in `language` (default: the player's last known one); a different current
   * station is cancelled first.
   */
  async activate(
    participant: Participant,
    stationId: number,
    language: Language = participant.language,
    access: ActivationAccess = {},
  ): Promise<void> {
    const station = this.stations.get(stationId);
    if (!station?.live) throw new ServiceError(404, ErrorReason.stationUnavailable);
    await this.deps.requireOpen?.();
    const via = access.via ?? "list";
    if (station.visible === "secret" && HIDING_VIEWS.has(station.view) && via !== "code") {
      await this.checkFound(participant.stream, station);
    }
    checkTrigger(station, via, access.position);
    // Every start is the same; it runs before the transaction, which then need not wait for it.
    const { stream } = participant;
    const result = await this.deps.scripts.start(stationId, language, stream);
    const written = await this.deps.turns.write(stream, (turn) =>
      activation(this.deps.pack, turn, station, language, result),
    );
    if (!written) return;
    const at = Date.parse(written.at);
    const { cancelled = [], scored } = written.outcome;
    const changes = cancelled.map((id): GameActivity => ({
      kind: "cancelled",
      stream,
      id,
      points: 0,
      at,
    }));
    changes.push({ kind: "activated", stream, id: stationId, points: 0, at });
    if (scored) changes.push({ kind: "done", stream, id: stationId, points: result.points, at });
    this.report(changes);
  }

  /**
   * A `secret` station of the station and main views (which list it nowhere) opens from the
   * list only once found (docs/content-authoring.md, "Visibility"): a recommendation naming it reached the participant, or they played it
   * before (its code, which reveals it, included). Else 403 `station not found yet`.
   */
  private async checkFound(stream: string, station: Station): Promise<void> {
    const { repos } = this.deps.store;
    if (await repos.stationRuns.find(stream, station.id)) return;
    if (await repos.events.hasRecommendation(stream, station.name)) return;
    throw new ServiceError(403, ErrorReason.stationNotFound);
  }

  /**
   * Opens the station of a QR link's code: activates it (a done one only answers its id, so the
   * app shows it). Undefined for a code no live station has (the route counts it as a guess).
   */
  async openByCode(
    participant: Participant,
    code: string,
    language: Language = participant.language,
    position?: PositionRequest,
  ): Promise<number | undefined> {
    const { secret, pack } = this.deps;
    const station = stationByCode(secret, pack.id, pack.stations, code);
    if (!station?.live) return undefined;
    try {
      await this.activate(participant, station.id, language, { via: "code", position });
    } catch (error) {
      if (!(error instanceof ServiceError && error.reason === ErrorReason.stationDone)) throw error;
    }
    return station.id;
  }

  /**
   * Throws the station's conversation away; a later activation starts it afresh. False when the
   * station was not the running one (nothing changed).
   */
  async cancel(participant: Participant, stationId: number): Promise<boolean> {
    if (!this.stations.has(stationId)) throw new ServiceError(404, ErrorReason.stationUnavailable);
    const written = await this.deps.turns.write(participant.stream, (turn) =>
      cancellation(this.deps.pack, turn, stationId),
    );
    if (!written) return false;
    const at = Date.parse(written.at);
    this.report([{ kind: "cancelled", stream: participant.stream, id: stationId, points: 0, at }]);
    return true;
  }

  /** `author`: in a team, the member who answers (the echo names them). */
  answer(
    participant: Participant,
    stationId: number,
    text: string,
    author?: EchoAuthor,
  ): Promise<void> {
    return this.respond(participant, stationId, { kind: "answer", text }, author);
  }

  pressButton(
    participant: Participant,
    stationId: number,
    target: string,
    author?: EchoAuthor,
  ): Promise<void> {
    return this.respond(participant, stationId, { kind: "button", target }, author);
  }

  /** The mission the station waits for, if any; 409 outside the game's time (uploads start then). */
  async awaitedMission(stream: string, stationId: number): Promise<EngineMission | undefined> {
    await this.deps.requireOpen?.();
    const state = await this.deps.store.runs.load(stream, stationId);
    const run = state?.currentStation === stationId ? state.run : undefined;
    return run?.status === "active" ? run.awaiting.mission : undefined;
  }

  /**
   * A submission for the mission of kind `kind` the station waits for (decisions/039), with
   * the stream locked: `record` stores it and gives its events for the thread, and the verdict
   * when it needs no host (`#auto`), which the dialogue then takes in the same transaction.
   * 409 `no mission expected` when the station no longer waits for it.
   */
  async submit(
    stream: string,
    stationId: number,
    kind: MissionKind,
    record: (
      repos: GameRepositories,
      at: string,
      mission: EngineMission,
    ) => Promise<{ events: EventDraft[]; verdict?: Verdict }>,
  ): Promise<void> {
    const written = await this.deps.turns.write(stream, async (turn) => {
      const state = await turn.repos.participants.find(stream);
      const run = await turn.repos.stationRuns.find(stream, stationId);
      const mission = run?.status === "active" ? run.awaiting.mission : undefined;
      if (state.currentStation !== stationId || mission?.kind !== kind) {
        throw new ServiceError(409, ErrorReason.noMissionExpected);
      }
      const { events, verdict } = await record(turn.repos, turn.at, mission);
      if (verdict) return verdictStep(this.deps, turn, stationId, verdict, events);
      turn.events.push(...events);
      return undefined;
    });
    this.reportScored(stream, stationId, written);
  }

  /**
   * A host's verdict on the mission the station waits for: `claim` runs first in the same
   * transaction (it throws to refuse: another host was first) and gives the events the thread
   * shows before the dialogue's step.
   */
  async judge(
    stream: string,
    stationId: number,
    verdict: Verdict,
    claim: (repos: GameRepositories, at: string) => Promise<EventDraft[]>,
  ): Promise<void> {
    const written = await this.deps.turns.write(stream, async (turn) =>
      verdictStep(this.deps, turn, stationId, verdict, await claim(turn.repos, turn.at)),
    );
    this.reportScored(stream, stationId, written);
  }

  /** A host gives the riddle's next hint in the running station: at its cost, or `free`. */
  async hint(stream: string, stationId: number, free: boolean): Promise<void> {
    const written = await this.deps.turns.write(stream, (turn) =>
      hintStep(this.deps, turn, stationId, { kind: "hint", free }),
    );
    this.reportScored(stream, stationId, written);
  }

  /** A host continues the running station's dialogue at `knot` of its script. */
  async jump(stream: string, stationId: number, knot: string): Promise<void> {
    const written = await this.deps.turns.write(stream, (turn) =>
      jumpStep(this.deps, turn, stationId, { kind: "jump", knot }),
    );
    this.reportScored(stream, stationId, written);
  }

  private reportScored(stream: string, stationId: number, written?: WrittenTurn): void {
    if (!written?.outcome.scored) return;
    const at = Date.parse(written.at);
    const points = written.outcome.runs[0]?.points ?? 0;
    this.report([{ kind: "done", stream, id: stationId, points, at }]);
  }

  /**
   * Throws the 406 of the event stream when `lastEventId` lies beyond the stream's end, and
   * ParticipantChanged when the stream is gone (the player joined a team meanwhile).
   */
  async checkLastEventId(participant: Participant, lastEventId: number): Promise<void> {
    const lastSeq = await this.deps.store.repos.streams.lastSeq(participant.stream);
    if (lastSeq === undefined) throw new ParticipantChanged();
    if (lastEventId > lastSeq) throw new ServiceError(406, ErrorReason.invalidLastEventId);
  }

  /** The current status and the logged events after `lastEventId`, read consistently. */
  async streamSnapshot(participant: Participant, lastEventId: number): Promise<StreamSnapshot> {
    const { stream } = participant;
    const state = await this.deps.store.runs.snapshot(stream, lastEventId);
    // Moved to a team (or deleted) since the token was checked: failing ends the stream,
    // and the client's reconnect finds the new one.
    if (!state) throw new Error(`stream ${stream} is gone`);
    const status = buildPlayerStatus(this.deps.pack, { ...state, hasTeam: isTeamStream(stream) });
    // The status just sent supersedes every logged one.
    const backlog = state.backlog.filter((row) => row.type !== "playerstatus");
    const backlogUntil = backlog.at(-1)?.seq ?? lastEventId;
    return { status: { ...status, BacklogUntil: backlogUntil }, backlog, lastSeq: state.lastSeq };
  }

  /**
   * An answer or a tap: the answer path (decisions/012-live-path.md). The stream's state is read
   * without a lock and the outcome written only if nothing changed it meanwhile (turns.ts). A run
   * whose saved state no longer fits its changed script starts the station again.
   */
  private async respond(
    participant: Participant,
    stationId: number,
    input: Input,
    author: EchoAuthor | undefined,
  ): Promise<void> {
    await this.deps.requireOpen?.();
    const { stream } = participant;
    const answer = { stationId, input, author };
    try {
      const { at, outcome } = await this.deps.turns.step(stream, (at, runs) =>
        answerStep(this.deps, stream, answer, at, runs),
      );
      const { points } = outcome.runs[0];
      if (outcome.scored) {
        this.report([{ kind: "done", stream, id: stationId, points, at: Date.parse(at) }]);
      }
    } catch (error) {
      if (!(error instanceof StaleRun)) throw error;
      await this.deps.turns.write(stream, (turn) =>
        restart(this.deps, turn, stationId, refusalOf(input)),
      );
    }
  }

  private report(changes: readonly GameActivity[]): void {
    for (const change of changes) this.deps.onActivity?.(change);
  }
}
