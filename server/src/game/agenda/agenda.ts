import { z } from "zod";
import type { Station } from "../../content/model";
import { awaitingSchema, engineMessageSchema } from "../../engine/types";
import type { Awaiting } from "../../engine/types";
import { waitsForPlayer } from "../turns/station-events";
import type { LaterGroup, StepPlan } from "../turns/station-events";
import type { AgendaEntry } from "../../store/turn-outcome";
import type { Turn } from "../turns/turns";

/**
 * What the game puts on the scheduler's agenda (the `scheduled_messages` table): a script's
 * delayed messages and a station's idle reminder. Entries go into the outcome of the turn that
 * caused them, so they commit with the rest of it or not at all.
 */

/** A stored group, parsed on delivery: written by this module only, parsed to keep types honest. */
const laterGroupSchema = z.object({
  dueInMs: z.number(),
  messages: z.array(engineMessageSchema),
  awaiting: awaitingSchema.optional(),
  newQuestion: z.literal(true).optional(),
  next: z.string().optional(),
});

export function parseLaterGroup(json: string): LaterGroup {
  return laterGroupSchema.parse(JSON.parse(json));
}

/**
 * What a step of `station` puts on the agenda at `at`: its delayed message groups, each its
 * delay after the step, and (unless the script ended) the station's reminder when the step
 * waits for the player now.
 */
export function agendaOf(
  station: Station,
  plan: Pick<StepPlan, "later" | "awaitingNow">,
  done: boolean,
  at: string,
): AgendaEntry[] {
  const entries: AgendaEntry[] = plan.later.map((group) => ({
    stationId: station.id,
    kind: "messages",
    dueAt: after(at, group.dueInMs),
    payload: JSON.stringify(group),
  }));
  const reminder = done ? undefined : reminderEntry(station, plan.awaitingNow, at);
  if (reminder) entries.push(reminder);
  return entries;
}

/** The station's reminder, when it has one and `awaiting` waits for the player. */
export function reminderEntry(
  station: Station,
  awaiting: Awaiting,
  at: string,
): AgendaEntry | undefined {
  if (!station.reminder || !waitsForPlayer(awaiting)) return undefined;
  const dueAt = after(at, station.reminder.afterMs);
  return { stationId: station.id, kind: "reminder", dueAt, payload: null };
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
