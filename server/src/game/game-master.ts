import { GAME_MASTER_NAME, OpsReason, parseServerEvent } from "@wegmarke/protocol";
import type {
  Language,
  OpsRunState,
  OpsThread,
  OpsThreadLine,
  OpsWait,
  ServerEvent,
} from "@wegmarke/protocol";
import type { ContentPack, Station } from "../content/model";
import { indexById, localize } from "../content/model";
import { ServiceError } from "../errors";
import type { Awaiting } from "../engine/types";
import type { LogRow } from "../store/event-repository";
import type { StationRunStatus } from "../store/station-run-columns";
import type { Repositories, StoreOf } from "../store/store";
import { isTeamStream } from "../participants/participant";
import { readParticipantState, buildPlayerStatus } from "./player-status";
import { displayNames } from "./scoreboard/display-names";
import { stationKnots } from "./scripts/knots";
import { statusEvent } from "./turns/start";
import { closing, reopening } from "./turns/closing";
import { noteScheduled } from "./turns/turns";
import type { GameRepositories, Turns } from "./turns/turns";

/** A run's status as the game master's page names it. */
const runState: Record<StationRunStatus, OpsRunState> = {
  active: "running",
  done: "done",
  cancelled: "left",
  closed: "closed",
};

/** The newest lines of a chat the game master's page shows. */
export const THREAD_LINES = 500;

type ThreadRepositories = Pick<
  Repositories,
  | "participants"
  | "stationRuns"
  | "storyStates"
  | "events"
  | "players"
  | "teams"
  | "scheduled"
  | "pointAwards"
>;

export type GameMasterDeps = {
  store: StoreOf<ThreadRepositories>;
  pack: ContentPack;
  turns: Turns;
};

/** What a participant's chat and place are, as a host sees them (no player's name: the caller's). */
export type ParticipantThread = Omit<OpsThread, "player"> & { team: string | null };

/**
 * The game master's view of one participant's game and their word in it (decisions/055): the
 * chat as the app shows it, where the participant is, and a line written into the running
 * station as one of its characters, logged like every other line.
 */
export class GameMaster {
  constructor(private readonly deps: GameMasterDeps) {}

  /** The participant's chat (its newest `THREAD_LINES` lines) and running station. */
  async thread(stream: string, language: Language): Promise<ParticipantThread> {
    const { store, pack } = this.deps;
    const { repos } = store;
    const state = await readParticipantState(repos, stream);
    const rows = await repos.events.listAfter(stream, 0);
    const lines = rows.flatMap(threadLine).slice(-THREAD_LINES);
    const station = indexById(pack.stations).get(state.currentStation);
    const run = station && (await repos.stationRuns.find(stream, station.id));
    const team = isTeamStream(stream)
      ? ((await displayNames(repos, [stream])).get(stream) ?? null)
      : null;
    return {
      team,
      points: buildPlayerStatus(pack, state).TotalPoints,
      station:
        station && run?.status === "active"
          ? {
              id: station.id,
              title: station.texts.de.title,
              waits: waitsFor(run.awaiting),
              speakers: speakers(station, language, lines),
              hint: run.awaiting.buttons.find((button) => button.hint)?.hint ?? null,
              hintsUsed: run.hintsUsed,
              knots: stationKnots(station, run.language),
            }
          : null,
      waiting: await repos.scheduled.waiting(stream),
      awards: (await repos.pointAwards.listByStream(stream)).map((award) => ({
        points: award.points,
        reason: award.reason,
        by: award.operator,
        at: award.createdAt,
      })),
      titles: Object.fromEntries(pack.stations.map((s) => [String(s.id), s.texts.de.title])),
      runs: Object.fromEntries(
        state.runs.map((run) => [String(run.stationId), runState[run.status]]),
      ),
      lines,
    };
  }

  /**
   * Writes `text` into the participant's running station `stationId` as `from`: a `webtext`
   * of its log, sent to its open streams like a character's line. 409 when that station is not
   * the one running. Answers the line's time.
   */
  async speak(stream: string, stationId: number, from: string, text: string): Promise<string> {
    return this.deps.turns.run(stream, async (turn) => {
      await requireRunning(turn.repos, stream, stationId);
      turn.events.push({
        type: "webtext",
        data: { StationID: stationId, Originator: from, Text: text, Timestamp: turn.at },
      });
      return turn.at;
    });
  }

  /**
   * Awards the participant `points` (takes them, below 0) for `reason`: their total and the
   * scoreboard count them at once, and their open apps get the new status.
   */
  async award(stream: string, points: number, reason: string, operator: string | null) {
    await this.deps.turns.write(stream, async (turn) => {
      const { repos, at } = turn;
      await repos.pointAwards.add({ stream, points, reason, operator, createdAt: at });
      const status = statusEvent(this.deps.pack, await readParticipantState(repos, stream));
      return { runs: [], events: [status], agenda: [], scored: true };
    });
  }

  /** Closes `station` for the participant (turns/closing.ts); 409 when done or closed already. */
  async close(stream: string, station: Station): Promise<void> {
    await this.deps.turns.write(stream, (turn) => closing(this.deps.pack, turn, station));
  }

  /** Opens a closed or done `station` again for the participant; 409 for one that is open. */
  async reopen(stream: string, station: Station): Promise<void> {
    await this.deps.turns.write(stream, (turn) => reopening(this.deps.pack, turn, station));
  }

  /**
   * Makes the next of the script's later lines (`#delay`) of the participant's station
   * `stationId` (running, or finished with lines to come) due now: the scheduler delivers it as
   * if its time had come. 409 when no line of it waits.
   */
  async deliverNow(stream: string, stationId: number): Promise<void> {
    await this.deps.turns.run(stream, async (turn) => {
      if (!(await turn.repos.scheduled.bringForward(stream, stationId, turn.at))) {
        throw new ServiceError(409, OpsReason.nothingWaiting);
      }
      noteScheduled(turn, turn.at);
    });
  }
}

async function requireRunning(
  repos: GameRepositories,
  stream: string,
  stationId: number,
): Promise<void> {
  const current = await repos.participants.currentStation(stream);
  const run = current === stationId ? await repos.stationRuns.find(stream, stationId) : undefined;
  if (run?.status !== "active") throw new ServiceError(409, OpsReason.stationNotRunning);
}

/**
 * A logged event as a line of the chat; none for what the app does not show as one, or for a
 * row this version cannot read (logged by an older one).
 */
function threadLine(row: LogRow): OpsThreadLine[] {
  let event: ServerEvent;
  try {
    event = parseServerEvent(row.seq, row.type, row.payload);
  } catch {
    return [];
  }
  const base = { id: row.seq };
  switch (event.type) {
    case "webtext":
    case "webtext-recommendation": {
      const { StationID, Originator, Text, Timestamp, Name } = event.data;
      const name = Name === undefined ? {} : { name: Name };
      return [
        {
          ...base,
          stationId: StationID,
          from: Originator,
          kind: "text",
          text: Text,
          at: Timestamp,
          ...name,
        },
      ];
    }
    case "webcontent":
    case "webcontent-recommendation": {
      const { StationID, Originator, ContentRef, Timestamp } = event.data;
      return [
        {
          ...base,
          stationId: StationID,
          from: Originator,
          kind: "media",
          text: ContentRef,
          at: Timestamp,
        },
      ];
    }
    case "submission": {
      const { StationID, Kind, State, Name, Timestamp } = event.data;
      const name = Name === undefined ? {} : { name: Name };
      return [
        {
          ...base,
          stationId: StationID,
          from: "user",
          kind: "mission",
          text: `${Kind}: ${State}`,
          at: Timestamp,
          ...name,
        },
      ];
    }
    default:
      return [];
  }
}

/**
 * What the running station waits for now: an answer, a tap, a mission; null for nothing. A
 * hint's button beside a question does not make it a tap.
 */
function waitsFor(awaiting: Awaiting): OpsWait | null {
  if (awaiting.mission) return "mission";
  if (awaiting.answer) return "answer";
  return awaiting.buttons.length > 0 ? "button" : null;
}

/** The station's character, everyone who spoke in its thread, and the game master. */
function speakers(station: Station, language: Language, lines: OpsThreadLine[]): string[] {
  const names = new Set([localize(station.character, language)]);
  for (const line of lines) {
    if (line.stationId === station.id && line.from !== "user") names.add(line.from);
  }
  names.add(GAME_MASTER_NAME);
  return [...names];
}
