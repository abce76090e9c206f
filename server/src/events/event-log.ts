import type { ServerEventMap, ServerEventType } from "@wegmarke/protocol";
import type { LogRow } from "../store/event-repository";
import type { Repositories } from "../store/store";

/** What appending to a stream's log writes: its counter and its rows. */
export type EventLogRepositories = Pick<Repositories, "streams" | "events">;

/** An event about to be logged: its type and data, before the log gives it an id. */
export type EventDraft = {
  [K in ServerEventType]: { type: K; data: ServerEventMap[K] };
}[ServerEventType];

/**
 * Appends events to a stream's log inside the caller's transaction, numbering them after the
 * stream's last id. Returns the rows as streams send them.
 */
export async function appendEvents(
  repos: EventLogRepositories,
  stream: string,
  drafts: EventDraft[],
  createdAt: string,
): Promise<LogRow[]> {
  const last = await repos.streams.advance(stream, drafts.length);
  const events = numberEvents(drafts, last - drafts.length);
  await repos.events.insert(events.map((event) => ({ ...event, stream, createdAt, retracted: 0 })));
  return events.map(({ seq, type, payload }) => ({ seq, type, payload }));
}

/** A logged event's row without its stream and time. */
export type NumberedEvent = {
  seq: number;
  type: string;
  stationId: number | null;
  payload: string;
};

/** The drafts as rows of the log, numbered after `lastSeq`. */
export function numberEvents(drafts: EventDraft[], lastSeq: number): NumberedEvent[] {
  return drafts.map((draft, i) => ({
    seq: lastSeq + 1 + i,
    type: draft.type,
    // The station an event belongs to: cancelling the station retracts it.
    stationId: "StationID" in draft.data ? draft.data.StationID : null,
    payload: JSON.stringify(draft.data),
  }));
}
