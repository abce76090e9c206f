import { z } from "zod";
import type { Station } from "../content/model";
import type { Awaiting } from "../engine/types";
import { waitsForPlayer } from "./station-events";
import type { LaterGroup } from "./station-events";
import { noteScheduled } from "./turns";
import type { Turn } from "./turns";

/**
 * What the game puts on the scheduler's agenda (the `scheduled_messages` table): a script's
 * delayed messages and a station's idle reminder. Rows are written in the turn that caused them,
 * so they commit with the rest of it or not at all.
 */

const extras = { recommendation: z.string().optional(), delayMs: z.number().optional() };
const awaitingSchema = z.object({
  answer: z.boolean(),
  buttons: z.array(z.object({ target: z.string(), text: z.string() })),
});
/** A stored group, parsed on delivery: written by this module only, parsed to keep types honest. */
const laterGroupSchema = z.object({
  dueInMs: z.number(),
  messages: z.array(
    z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("text"), from: z.string(), text: z.string(), ...extras }),
      z.object({
        kind: z.literal("content"),
        from: z.string(),
        contentRef: z.string(),
        seenRatio: z.number().optional(),
        ...extras,
      }),
    ]),
  ),
  awaiting: awaitingSchema.optional(),
});

export function parseAwaiting(json: string): Awaiting {
  return awaitingSchema.parse(JSON.parse(json));
}

export function parseLaterGroup(json: string): LaterGroup {
  return laterGroupSchema.parse(JSON.parse(json));
}

/** Schedules a step's delayed messages, each group its delay after the turn. */
export async function scheduleMessages(
  turn: Turn,
  stationId: number,
  groups: LaterGroup[],
): Promise<void> {
  for (const group of groups) {
    const dueAt = after(turn.at, group.dueInMs);
    await turn.repos.scheduled.insert({
      stream: turn.stream,
      stationId,
      kind: "messages",
      dueAt,
      payload: JSON.stringify(group),
    });
    noteScheduled(turn, dueAt);
  }
}

/** The station just started waiting for the player: its reminder (if it has one) is due later. */
export async function scheduleReminder(
  turn: Turn,
  station: Station,
  awaiting: Awaiting,
): Promise<void> {
  if (!station.reminder || !waitsForPlayer(awaiting)) return;
  const dueAt = after(turn.at, station.reminder.afterMs);
  await turn.repos.scheduled.insert({
    stream: turn.stream,
    stationId: station.id,
    kind: "reminder",
    dueAt,
    payload: null,
  });
  noteScheduled(turn, dueAt);
}

/** The player answered or tapped: the wait is over, and so is its reminder. */
export async function dropReminder(turn: Turn, station: Station): Promise<void> {
  if (!station.reminder) return;
  await turn.repos.scheduled.deleteStation(turn.stream, station.id, "reminder");
}

/** The player is busy with the station (playing its media): the reminder waits afresh. */
export async function postponeReminder(turn: Turn, station: Station): Promise<void> {
  if (!station.reminder) return;
  const dueAt = after(turn.at, station.reminder.afterMs);
  await turn.repos.scheduled.postpone(turn.stream, station.id, "reminder", dueAt);
}

function after(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}
