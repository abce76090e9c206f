import type { ServerEventMap, ServerEventType } from "@wegmarke/protocol";
import type { Repositories } from "../store/store";

/** An event about to be logged: its type and data, before the log gives it an id. */
export type EventDraft = {
  [K in ServerEventType]: { type: K; data: ServerEventMap[K] };
}[ServerEventType];

/**
 * Appends events to a stream's log inside the caller's transaction, numbering them after the
 * stream's last id. Returns the new last id.
 */
export async function appendEvents(
  repos: Repositories,
  stream: string,
  drafts: EventDraft[],
  createdAt: string,
): Promise<number> {
  const last = await repos.streams.advance(stream, drafts.length);
  const first = last - drafts.length + 1;
  await repos.events.insert(
    drafts.map((draft, i) => ({
      stream,
      seq: first + i,
      type: draft.type,
      stationId: "StationID" in draft.data ? draft.data.StationID : null,
      payload: JSON.stringify(draft.data),
      createdAt,
      retracted: 0,
    })),
  );
  return last;
}
