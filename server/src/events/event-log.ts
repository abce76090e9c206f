import type { ServerEventMap, ServerEventType } from "@wegmarke/protocol";
import type { LogRow } from "../store/event-repository";
import type { Repositories } from "../store/store";

/** An event about to be logged: its type and data, before the log gives it an id. */
export type EventDraft = {
  [K in ServerEventType]: { type: K; data: ServerEventMap[K] };
}[ServerEventType];

/**
 * Appends events to a stream's log inside the caller's transaction, numbering them after the
 * stream's last id. Returns the rows as streams send them.
 */
export async function appendEvents(
  repos: Repositories,
  stream: string,
  drafts: EventDraft[],
  createdAt: string,
): Promise<LogRow[]> {
  const last = await repos.streams.advance(stream, drafts.length);
  const first = last - drafts.length + 1;
  const rows = drafts.map((draft, i) => ({
    stream,
    seq: first + i,
    type: draft.type,
    stationId: stationOf(draft),
    payload: JSON.stringify(draft.data),
    createdAt,
    retracted: 0,
  }));
  await repos.events.insert(rows);
  return rows.map(({ seq, type, payload }) => ({ seq, type, payload }));
}

/** The station an event belongs to: cancelling the station retracts it. */
export function stationOf(draft: EventDraft): number | null {
  return "StationID" in draft.data ? draft.data.StationID : null;
}
