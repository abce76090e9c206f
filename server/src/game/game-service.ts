// Over 300 lines: the station lifecycle's calls share one turn structure and its helpers.
import { ErrorReason } from "@wegmarke/protocol";
import type { Language, PositionRequest } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../content/model";
import { SCRIPT_CHANGED, indexById, localize } from "../content/model";
import type { Awaiting, Input, StepResult } from "../engine/types";
import { ParticipantChanged, ServiceError } from "../errors";
import type { GameActivity } from "../events/bus";
import type { StreamSnapshot } from "../events/stream-hub";
import type { StationRunStatus } from "../store/schema";
import type { Store } from "../store/store";
import { agendaOf, parseAwaiting, scheduleStep } from "./agenda";
import { numberEvents } from "../events/event-log";
import type { EventDraft } from "../events/event-log";
import { isTeamStream } from "../participants/participant";
import type { Participant } from "../participants/participant";
import { buildPlayerStatus, readParticipantState, readPlayerStatus } from "./player-status";
import { scriptVersion } from "./script-runner";
import { checkTrigger, stationByCode } from "./station-access";
import type { ActivationVia } from "./station-access";
import type { ScriptRunner } from "./script-runner";
import { planStep } from "./station-events";
import type { EchoAuthor } from "./station-events";
import type { RunOutcome, Turn, Turns } from "./turns";

export type GameServiceDeps = {
  store: Store;
  pack: ContentPack;
  scripts: ScriptRunner;
  turns: Turns;
  /** After commit: a station started, was done or cancelled (the operators' activity feed). */
  onActivity?: (activity: GameActivity) => void;
  /** The server's secret: station codes are derived from it (station-access.ts). */
  secret: Buffer;
};

/** How an activation came, and where the device says it is (`near` stations need it). */
export type ActivationAccess = { via?: ActivationVia; position?: PositionRequest };

/**
 * The station lifecycle: activate, cancel, answers and buttons. Every call is one turn
 * (turns.ts): serialised per stream, one transaction that saves the state, logs the events it
 * caused and schedules the messages due later.
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
    checkTrigger(station, access.via ?? "list", access.position);
    // Every start is the same; it runs before the transaction, which then need not wait for it.
    const result = await this.deps.scripts.start(stationId, language);
    let changes: GameActivity[] = [];
    await this.deps.turns.run(participant.stream, async (turn) => {
      changes = [];
      const run = await turn.repos.stationRuns.find(turn.stream, stationId);
      if (run?.status === "done") throw new ServiceError(409, ErrorReason.stationDone);
      const current = await turn.repos.participants.currentStation(turn.stream);
      if (current === stationId) return;
      const at = Date.parse(turn.at);
      if (current !== 0) {
        await this.abandon(turn, current);
        changes.push({ kind: "cancelled", stream: turn.stream, id: current, points: 0, at });
      }

      await turn.repos.participants.setCurrentStation(turn.stream, stationId, turn.at);
      await this.proceed(turn, station, language, result, { restart: false });
      changes.push({ kind: "activated", stream: turn.stream, id: stationId, points: 0, at });
      if (result.done) {
        changes.push({
          kind: "done",
          stream: turn.stream,
          id: stationId,
          points: result.points,
          at,
        });
      }
    });
    this.report(changes);
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
    let cancelledAt: string | undefined;
    await this.deps.turns.run(participant.stream, async (turn) => {
      cancelledAt = undefined;
      const current = await turn.repos.participants.currentStation(turn.stream);
      // Cancelling what is not running changes nothing: the client's view was merely stale.
      if (current !== stationId) return;
      await this.abandon(turn, stationId);
      await this.pushStatus(turn);
      cancelledAt = turn.at;
    });
    if (cancelledAt === undefined) return false;
    const at = Date.parse(cancelledAt);
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
    try {
      const done = await this.step(participant, stationId, input, author);
      if (done) this.report([done]);
    } catch (error) {
      if (!(error instanceof StaleRun)) throw error;
      const refusal =
        input.kind === "answer" ? ErrorReason.noAnswerExpected : ErrorReason.noButtonExpected;
      await this.restart(participant, stationId, refusal);
    }
  }

  /** The step; the station's `done` activity when it finished the station. */
  private async step(
    participant: Participant,
    stationId: number,
    input: Input,
    author: EchoAuthor | undefined,
  ): Promise<GameActivity | undefined> {
    const { stream } = participant;
    let done: GameActivity | undefined;
    await this.deps.turns.step(stream, async (at, runs): Promise<RunOutcome> => {
      done = undefined;
      const state = await runs.load(stream, stationId);
      if (!state) throw new ParticipantChanged();
      const run = state.currentStation === stationId ? state.run : undefined;
      const station = this.stations.get(stationId);
      const awaiting = run?.status === "active" ? parseAwaiting(run.awaiting) : undefined;
      const expected = input.kind === "answer" ? awaiting?.answer : awaiting?.buttons.length;
      const refusal =
        input.kind === "answer" ? ErrorReason.noAnswerExpected : ErrorReason.noButtonExpected;
      if (!run || !station || !expected) throw new ServiceError(409, refusal);

      const version = scriptVersion(station, run.language);
      const result = await this.stepRun(stationId, run, version, input);
      if (!result.accepted) {
        throw input.kind === "answer"
          ? new ServiceError(409, refusal)
          : new ServiceError(400, ErrorReason.unknownButton);
      }
      const plan = planStep(station.id, result, at, author);
      const agenda = agendaOf(station, plan, result.done, at);
      if (result.done) {
        done = { kind: "done", stream, id: stationId, points: result.points, at: Date.parse(at) };
      }
      const drafts: EventDraft[] = [...plan.now];
      if (result.done) drafts.push(await this.statusAfterFinishing(stream, stationId, result));
      const events = numberEvents(drafts, state.lastSeq);
      return {
        write: {
          stream,
          version: state.version,
          at,
          stationId,
          run: {
            status: result.done ? "done" : "active",
            inkState: result.state,
            awaiting: JSON.stringify(plan.awaitingNow),
            points: result.points,
            scriptVersion: version,
            wrong: result.wrong === true,
          },
          leave: result.done,
          lastSeq: state.lastSeq + events.length,
          events,
          dropReminder: station.reminder !== undefined,
          agenda: agenda.rows,
        },
        ...(agenda.wakeAt !== undefined && { wakeAt: agenda.wakeAt }),
        scored: result.done,
      };
    });
    return done;
  }

  /**
   * One step of a run. A run saved under another version of the script (the pack was reloaded,
   * or the server restarted with changed files) goes on if its state still fits the script,
   * else StaleRun.
   */
  private async stepRun(
    stationId: number,
    run: { language: Language; inkState: string; scriptVersion: string | null },
    version: string,
    input: Input,
  ): Promise<StepResult> {
    const { scripts } = this.deps;
    if (run.scriptVersion === version) {
      return scripts.step(stationId, run.language, run.inkState, input);
    }
    const result = await scripts.resume(stationId, run.language, run.inkState, input);
    if (!result) throw new StaleRun();
    return result;
  }

  /**
   * Starts a running station afresh because its script changed beyond what its saved state
   * fits: a notice in the chat, then the script from its beginning. The input that found the
   * run stale is used up by that; its delayed messages, reminder and media progress go.
   */
  private restart(participant: Participant, stationId: number, refusal: string): Promise<void> {
    return this.deps.turns.run(participant.stream, async (turn) => {
      const station = this.stations.get(stationId);
      const run = await turn.repos.stationRuns.find(turn.stream, stationId);
      const current = await turn.repos.participants.currentStation(turn.stream);
      if (!station || !run || current !== stationId || run.status !== "active") {
        throw new ServiceError(409, refusal);
      }
      const { language } = run;
      // Another call restarted it meanwhile: this input belonged to the old conversation.
      if (run.scriptVersion === scriptVersion(station, language)) return;
      const result = await this.deps.scripts.start(stationId, language);
      await turn.repos.scheduled.deleteStation(turn.stream, stationId);
      await turn.repos.mediaProgress.deleteStation(turn.stream, stationId);
      const texts = this.deps.pack.texts.scriptChanged;
      const text = texts ? localize(texts, language) : SCRIPT_CHANGED[language];
      turn.events.push({
        type: "webtext",
        data: {
          StationID: stationId,
          Originator: localize(station.character, language),
          Text: text,
          Timestamp: turn.at,
        },
      });
      const { startedAt, wrongAnswers } = run;
      await this.proceed(turn, station, language, result, {
        restart: true,
        startedAt,
        wrongAnswers,
      });
    });
  }

  /** The status once the station is done with `result`'s points and no longer current. */
  private async statusAfterFinishing(
    stream: string,
    stationId: number,
    result: StepResult,
  ): Promise<EventDraft> {
    const state = await readParticipantState(this.deps.store.repos, stream);
    const done = { stationId, status: "done" as const, points: result.points };
    const runs = [...state.runs.filter((run) => run.stationId !== stationId), done];
    const data = buildPlayerStatus(this.deps.pack, { ...state, currentStation: 0, runs });
    return { type: "playerstatus", data };
  }

  /**
   * Saves the run after a step from the script's beginning (`origin`: a new start, or the
   * restart of a run whose script changed), logs what is due now and schedules the rest; when
   * the script ended, the station is done at once, even if some of its messages come later.
   */
  private async proceed(
    turn: Turn,
    station: Station,
    language: Language,
    result: StepResult,
    origin: RunOrigin,
  ): Promise<void> {
    const plan = planStep(station.id, result, turn.at);
    const save = (status: StationRunStatus) =>
      this.saveRun(turn, { station, language, result, status, awaiting: plan.awaitingNow, origin });
    await save("active");
    // A new start shows the station as running; a restart's status stays as it was.
    if (!origin.restart) await this.pushStatus(turn);
    turn.events.push(...plan.now);
    await scheduleStep(turn, station, plan, result.done);
    if (!result.done) return;
    await save("done");
    await turn.repos.participants.setCurrentStation(turn.stream, 0, turn.at);
    await this.pushStatus(turn);
    turn.scored = true;
  }

  /**
   * Cancels a running station: its run ends, its logged conversation is retracted, its delayed
   * messages, reminder and media progress are dropped.
   */
  private async abandon(turn: Turn, stationId: number): Promise<void> {
    await turn.repos.stationRuns.cancel(turn.stream, stationId, turn.at);
    await turn.repos.events.retractStation(turn.stream, stationId);
    await turn.repos.scheduled.deleteStation(turn.stream, stationId);
    await turn.repos.mediaProgress.deleteStation(turn.stream, stationId);
    await turn.repos.participants.setCurrentStation(turn.stream, 0, turn.at);
  }

  private saveRun(
    turn: Turn,
    { station, language, result, status, awaiting, origin }: RunSave,
  ): Promise<void> {
    return turn.repos.stationRuns.save({
      stream: turn.stream,
      stationId: station.id,
      status,
      inkState: result.state,
      awaiting: JSON.stringify(awaiting),
      points: result.points,
      language,
      scriptVersion: scriptVersion(station, language),
      updatedAt: turn.at,
      startedAt: origin.restart ? origin.startedAt : turn.at,
      doneAt: status === "done" ? turn.at : null,
      wrongAnswers: origin.restart ? origin.wrongAnswers : 0,
    });
  }

  private report(changes: readonly GameActivity[]): void {
    for (const change of changes) this.deps.onActivity?.(change);
  }

  private async pushStatus(turn: Turn): Promise<void> {
    const status = await readPlayerStatus(turn.repos, this.deps.pack, turn.stream);
    turn.events.push({ type: "playerstatus", data: status });
  }
}

/**
 * How a run begins: a new start, or the restart of a run whose script changed, which keeps
 * that run's start and count of wrong answers.
 */
type RunOrigin =
  { restart: false } | { restart: true; startedAt: string | null; wrongAnswers: number };

type RunSave = {
  station: Station;
  language: Language;
  result: StepResult;
  status: StationRunStatus;
  awaiting: Awaiting;
  origin: RunOrigin;
};

/** The saved state of a run does not fit its station's changed script. */
class StaleRun extends Error {
  constructor() {
    super("the run's saved state does not fit the changed script");
    this.name = "StaleRun";
  }
}
