import type { ContentPack, Station } from "../../content/model";
import { indexById } from "../../content/model";
import { localize } from "../../content/model";
import { ServiceError } from "../../errors";
import type { EventDraft } from "../../events/event-log";
import type { ScheduledRow } from "../../store/scheduled-message-repository";
import type { StationRun } from "../../store/station-run-columns";
import type { StoreOf } from "../../store/store";
import type { AgendaEntry } from "../../store/turn-outcome";
import { parseLaterGroup, reminderEntry } from "./agenda";
import { laterEvents } from "../turns/station-events";
import type { GameOutcome, GameRepositories, Turn, Turns } from "../turns/turns";

/** Streams served per pass; the scheduler comes back at once for the rest. */
const STREAMS_PER_PASS = 100;

/** What one stream's delivery gathers: the runs whose wait it sent, its events and reminders. */
type Delivery = {
  runs: Map<number, StationRun>;
  events: EventDraft[];
  agenda: AgendaEntry[];
  lines: DeliveredLine[];
};

/** A character's line that reached a stream later (a delayed message or a reminder). */
export type DeliveredLine = { stationId: number; from: string; text: string; reminder: boolean };

export type ScheduledDeliveryDeps = {
  store: StoreOf<GameRepositories>;
  pack: ContentPack;
  turns: Turns;
  /** A stream's lines, once committed: to its players' phones (push/). */
  onDelivered?: (stream: string, lines: DeliveredLine[]) => void;
};

/**
 * Delivers what the agenda holds once it is due: delayed messages (and the wait that follows
 * them) and idle reminders. Each stream's delivery is one turn, serialised with the
 * participant's own calls, so a delayed message never lands in the middle of an answer.
 */
export class ScheduledDelivery {
  /** Looked up on every call: a reloaded pack counts at once. */
  private get stations(): ReadonlyMap<number, Station> {
    return indexById(this.deps.pack.stations);
  }

  constructor(private readonly deps: ScheduledDeliveryDeps) {}

  async nextDue(): Promise<Date | undefined> {
    const dueAt = await this.deps.store.repos.scheduled.nextDue();
    return dueAt === undefined ? undefined : new Date(dueAt);
  }

  /** Delivers everything due at `now`; throws after trying every stream if some failed. */
  async deliverDue(now: Date): Promise<void> {
    const streams = await this.deps.store.repos.scheduled.dueStreams(
      now.toISOString(),
      STREAMS_PER_PASS,
    );
    const failures: unknown[] = [];
    for (const stream of streams) {
      try {
        let lines: DeliveredLine[] = [];
        await this.deps.turns.write(stream, (turn) => {
          // A turn tried again starts over: only the committed try's lines count.
          lines = [];
          return this.deliver(turn, lines);
        });
        if (lines.length > 0) this.deps.onDelivered?.(stream, lines);
      } catch (error) {
        // A stream that went away meanwhile took its agenda with it; nothing is lost.
        if (!(error instanceof ServiceError)) failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, "scheduled delivery failed");
  }

  private async deliver(turn: Turn, lines: DeliveredLine[]): Promise<GameOutcome> {
    const rows = await turn.repos.scheduled.claimDue(turn.stream, turn.at);
    const delivery: Delivery = { runs: new Map(), events: [], agenda: [], lines };
    for (const row of rows) {
      if (row.kind === "messages") await this.deliverMessages(turn, row, delivery);
      else await this.deliverReminder(turn, row, delivery);
    }
    const { events, agenda } = delivery;
    return { runs: [...delivery.runs.values()], events, agenda, delivered: rows.map((r) => r.id) };
  }

  /** The messages, and after the step's last ones what the station waits for. */
  private async deliverMessages(turn: Turn, row: ScheduledRow, delivery: Delivery): Promise<void> {
    const group = parseLaterGroup(row.payload ?? "null");
    const { awaiting, ...withoutWait } = group;
    const run = await this.runOf(turn, row.stationId, delivery);
    const station = this.stations.get(row.stationId);
    // Cancelling drops a station's rows, so the run is active; should it not be, the player
    // gets the messages but no input the server would refuse.
    const waits = awaiting !== undefined && run?.status === "active" && station !== undefined;
    delivery.events.push(...laterEvents(row.stationId, waits ? group : withoutWait, turn.at));
    for (const message of group.messages) {
      if (message.kind === "text") {
        delivery.lines.push({
          stationId: row.stationId,
          from: message.from,
          text: message.text,
          reminder: false,
        });
      }
    }
    if (!waits) return;
    delivery.runs.set(row.stationId, { ...run, awaiting, updatedAt: turn.at });
    const reminder = reminderEntry(station, awaiting, turn.at);
    if (reminder) delivery.agenda.push(reminder);
  }

  /** The station's reminder, if the player is still in the wait it was scheduled for. */
  private async deliverReminder(turn: Turn, row: ScheduledRow, delivery: Delivery): Promise<void> {
    const station = this.stations.get(row.stationId);
    const current = await turn.repos.participants.currentStation(turn.stream);
    const run = await this.runOf(turn, row.stationId, delivery);
    if (!station?.reminder || current !== row.stationId || run?.status !== "active") return;
    const { hint, text: said } = station.reminder;
    const offers = run.awaiting.buttons.some((button) => button.hint !== undefined);
    const localized = offers && hint ? hint : said;
    if (!localized) return;
    const from = localize(station.character, run.language);
    const text = localize(localized, run.language);
    delivery.events.push({
      type: "webtext",
      data: { StationID: station.id, Originator: from, Text: text, Timestamp: turn.at },
    });
    delivery.lines.push({ stationId: station.id, from, text, reminder: true });
  }

  /** The station's run as this delivery left it so far. */
  private async runOf(
    turn: Turn,
    stationId: number,
    delivery: Delivery,
  ): Promise<StationRun | undefined> {
    return (
      delivery.runs.get(stationId) ?? (await turn.repos.stationRuns.find(turn.stream, stationId))
    );
  }
}
