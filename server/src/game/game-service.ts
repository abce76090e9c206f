import { ErrorReason } from "@wegmarke/protocol";
import type { Language, PlayerStatus } from "@wegmarke/protocol";
import { z } from "zod";
import type { Clock } from "../clock";
import type { ContentPack, Station } from "../content/model";
import type { Awaiting, Input, StepResult } from "../engine/types";
import { ServiceError } from "../errors";
import type { EventBus } from "../events/bus";
import { appendEvents } from "../events/event-log";
import type { EventDraft } from "../events/event-log";
import type { StreamSnapshot } from "../events/stream-hub";
import type { StationRunRow } from "../store/station-run-repository";
import type { StationRunStatus } from "../store/schema";
import type { Repositories, Store } from "../store/store";
import { KeyedQueue } from "./keyed-queue";
import { isTeamStream } from "./participant";
import type { Participant } from "./participant";
import { buildPlayerStatus } from "./player-status";
import type { ScriptCatalog } from "./script-catalog";
import { stepEvents } from "./station-events";

/** Reason of the 409 for activating a station the participant has finished. */
const STATION_DONE = "station done";
/**
 * Reason of the 409 for a call whose stream went away while it waited: the player joined a
 * team (or created one) in between, so a retry resolves to the new stream.
 */
const PARTICIPANT_CHANGED = "participant changed";

export type GameServiceDeps = {
  store: Store;
  pack: ContentPack;
  scripts: ScriptCatalog;
  clock: Clock;
  bus: EventBus;
};

/** Awaiting as saved in a run; written by this service only, parsed to keep types honest. */
const awaitingSchema = z.object({
  answer: z.boolean(),
  buttons: z.array(z.object({ target: z.string(), text: z.string() })),
});

/** One call's work inside its transaction: the repositories, the time, the events to log. */
type Turn = { repos: Repositories; stream: string; at: string; events: EventDraft[] };

/**
 * The station lifecycle: activate, cancel, answers and buttons. Every call runs serialised
 * per stream and in one transaction that saves the state and logs the events it caused;
 * the bus wakes the participant's streams after commit.
 */
export class GameService {
  private readonly queue = new KeyedQueue();
  private readonly stations: Map<number, Station>;

  constructor(private readonly deps: GameServiceDeps) {
    this.stations = new Map(deps.pack.stations.map((s) => [s.id, s]));
  }

  /** Starts a station; a different current station is cancelled first. */
  async activate(participant: Participant, stationId: number): Promise<void> {
    if (!this.stations.get(stationId)?.live) {
      throw new ServiceError(404, ErrorReason.stationUnavailable);
    }
    return this.turn(participant, async (turn) => {
      const run = await turn.repos.stationRuns.find(turn.stream, stationId);
      if (run?.status === "done") throw new ServiceError(409, STATION_DONE);
      const current = await turn.repos.participants.currentStation(turn.stream);
      if (current === stationId) return;
      if (current !== 0) await this.abandon(turn, current);

      const language = participant.language;
      const result = this.deps.scripts.get(stationId, language).start();
      await this.saveRun(turn, stationId, language, result, "active");
      await turn.repos.participants.setCurrentStation(turn.stream, stationId, turn.at);
      await this.pushStatus(turn);
      await this.proceed(turn, stationId, language, result);
    });
  }

  /** Throws the station's conversation away; a later activation starts it afresh. */
  async cancel(participant: Participant, stationId: number): Promise<void> {
    if (!this.stations.has(stationId)) throw new ServiceError(404, ErrorReason.stationUnavailable);
    return this.turn(participant, async (turn) => {
      const current = await turn.repos.participants.currentStation(turn.stream);
      // Cancelling what is not running changes nothing: the client's view was merely stale.
      if (current !== stationId) return;
      await this.abandon(turn, stationId);
      await this.pushStatus(turn);
    });
  }

  answer(participant: Participant, stationId: number, text: string): Promise<void> {
    return this.respond(participant, stationId, { kind: "answer", text });
  }

  pressButton(participant: Participant, stationId: number, target: string): Promise<void> {
    return this.respond(participant, stationId, { kind: "button", target });
  }

  /** Throws the 406 of the event stream when `lastEventId` lies beyond the stream's end. */
  async checkLastEventId(participant: Participant, lastEventId: number): Promise<void> {
    const lastSeq = (await this.deps.store.repos.streams.lastSeq(participant.stream)) ?? 0;
    if (lastEventId > lastSeq) throw new ServiceError(406, ErrorReason.invalidLastEventId);
  }

  /** The current status and the logged events after `lastEventId`, read consistently. */
  streamSnapshot(participant: Participant, lastEventId: number): Promise<StreamSnapshot> {
    return this.deps.store.transaction(async (repos) => {
      const lastSeq = await repos.streams.lastSeq(participant.stream);
      // Moved to a team (or deleted) since the token was checked: failing ends the stream,
      // and the client's reconnect finds the new one.
      if (lastSeq === undefined) throw new Error(`stream ${participant.stream} is gone`);
      const status = await this.statusOf(repos, participant.stream);
      const logged = await repos.events.listAfter(participant.stream, lastEventId);
      // The status just sent supersedes every logged one.
      const backlog = logged.filter((row) => row.type !== "playerstatus");
      return { status, backlog, lastSeq };
    });
  }

  private respond(participant: Participant, stationId: number, input: Input): Promise<void> {
    const refusal =
      input.kind === "answer" ? ErrorReason.noAnswerExpected : ErrorReason.noButtonExpected;
    return this.turn(participant, async (turn) => {
      const run = await this.currentRun(turn, stationId);
      const awaiting = run && parseAwaiting(run.awaiting);
      const expected = input.kind === "answer" ? awaiting?.answer : awaiting?.buttons.length;
      if (!run || !expected) throw new ServiceError(409, refusal);

      const result = this.deps.scripts.get(stationId, run.language).step(run.inkState, input);
      if (!result.accepted) {
        throw input.kind === "answer"
          ? new ServiceError(409, refusal)
          : new ServiceError(400, ErrorReason.unknownButton);
      }
      await this.saveRun(turn, stationId, run.language, result, "active");
      await this.proceed(turn, stationId, run.language, result);
    });
  }

  /** Logs what a step produced; when the script ended, finishes the station. */
  private async proceed(
    turn: Turn,
    stationId: number,
    language: Language,
    result: StepResult,
  ): Promise<void> {
    turn.events.push(...stepEvents(stationId, result, turn.at));
    if (!result.done) return;
    await this.saveRun(turn, stationId, language, result, "done");
    await turn.repos.participants.setCurrentStation(turn.stream, 0, turn.at);
    await this.pushStatus(turn);
  }

  /** Cancels a running station: its run ends and its logged conversation is retracted. */
  private async abandon(turn: Turn, stationId: number): Promise<void> {
    await turn.repos.stationRuns.setStatus(turn.stream, stationId, "cancelled", turn.at);
    await turn.repos.events.retractStation(turn.stream, stationId);
    await turn.repos.participants.setCurrentStation(turn.stream, 0, turn.at);
  }

  private async currentRun(turn: Turn, stationId: number): Promise<StationRunRow | undefined> {
    const current = await turn.repos.participants.currentStation(turn.stream);
    if (current !== stationId) return undefined;
    const run = await turn.repos.stationRuns.find(turn.stream, stationId);
    return run?.status === "active" ? run : undefined;
  }

  private saveRun(
    turn: Turn,
    stationId: number,
    language: Language,
    result: StepResult,
    status: StationRunStatus,
  ): Promise<void> {
    return turn.repos.stationRuns.save({
      stream: turn.stream,
      stationId,
      status,
      inkState: result.state,
      awaiting: JSON.stringify(result.awaiting),
      points: result.points,
      language,
      updatedAt: turn.at,
    });
  }

  private async pushStatus(turn: Turn): Promise<void> {
    turn.events.push({ type: "playerstatus", data: await this.statusOf(turn.repos, turn.stream) });
  }

  private async statusOf(repos: Repositories, stream: string): Promise<PlayerStatus> {
    const current = await repos.participants.currentStation(stream);
    const runs = await repos.stationRuns.listByStream(stream);
    return buildPlayerStatus(this.deps.pack, current, runs, isTeamStream(stream));
  }

  /** Runs one call: serialised per stream, one transaction, a wake-up after commit. */
  private async turn(participant: Participant, work: (turn: Turn) => Promise<void>): Promise<void> {
    const { stream } = participant;
    const logged = await this.queue.run(stream, () =>
      this.deps.store.transaction(async (repos) => {
        if ((await repos.streams.lastSeq(stream)) === undefined) {
          throw new ServiceError(409, PARTICIPANT_CHANGED);
        }
        const turn: Turn = { repos, stream, at: this.deps.clock.now().toISOString(), events: [] };
        await work(turn);
        if (turn.events.length === 0) return false;
        await appendEvents(repos, stream, turn.events, turn.at);
        return true;
      }),
    );
    if (logged) this.deps.bus.notify(stream);
  }
}

function parseAwaiting(json: string): Awaiting {
  return awaitingSchema.parse(JSON.parse(json));
}
