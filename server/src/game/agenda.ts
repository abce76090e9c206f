import { z } from "zod";
import type { Station } from "../content/model";
import { awaitingSchema, engineMessageSchema } from "../engine/types";
import type { Awaiting } from "../engine/types";
import { waitsForPlayer } from "./station-events";
import type { LaterGroup, StepPlan } from "./station-events";
import type { ScheduledKind } from "../store/schema";
import { noteScheduled } from "./turns";
import type { Turn } from "./turns";

/**
 * What the game puts on the scheduler's agenda (the `scheduled_messages` table): a script's
 * delayed messages and a station's idle reminder. Rows are written in the turn that caused them,
 * so they commit with the rest of it or not at all.
 */

/** A stored group, parsed on delivery: written by this module only, parsed to keep types honest. */
const laterGroupSchema = z.object({
  dueInMs: z.number(),
  messages: z.array(engineMessageSchema),
  awaiting: awaitingSchema.optional(),
});

export function parseAwaiting(json: string): Awaiting {
  return awaitingSchema.parse(JSON.parse(json));
}

export function parseLaterGroup(json: string): LaterGroup {
  return laterGroupSchema.parse(JSON.parse(json));
}

/** A row the station puts on the agenda. */
export type AgendaRow = { kind: ScheduledKind; dueAt: string; payload: string | null };

/**
 * What a step of `station` puts on the agenda at `at`: its delayed message groups, each its
 * delay after the step, and (unless the script ended) the station's reminder when the step
 * waits for the player now. `wakeAt` is the earliest of them.
 */
export function agendaOf(
  station: Station,
  plan: Pick<StepPlan, "later" | "awaitingNow">,
  done: boolean,
  at: string,
): { rows: AgendaRow[]; wakeAt?: string } {
  const rows: AgendaRow[] = plan.later.map((group) => ({
    kind: "messages",
    dueAt: after(at, group.dueInMs),
    payload: JSON.stringify(group),
  }));
  const reminder = done ? undefined : reminderRow(station, plan.awaitingNow, at);
  if (reminder) rows.push(reminder);
  const wakeAt = rows.reduce<string | undefined>(
    (earliest, row) => (earliest === undefined || row.dueAt < earliest ? row.dueAt : earliest),
    undefined,
  );
  return wakeAt === undefined ? { rows } : { rows, wakeAt };
}

/** Puts a step's agenda (see agendaOf) into the turn. */
export async function scheduleStep(
  turn: Turn,
  station: Station,
  plan: Pick<StepPlan, "later" | "awaitingNow">,
  done: boolean,
): Promise<void> {
  for (const row of agendaOf(station, plan, done, turn.at).rows)
    await insertRow(turn, station, row);
}

async function insertRow(turn: Turn, station: Station, row: AgendaRow): Promise<void> {
  await turn.repos.scheduled.insert({ stream: turn.stream, stationId: station.id, ...row });
  noteScheduled(turn, row.dueAt);
}

/** The station's reminder row, when it has one and `awaiting` waits for the player. */
function reminderRow(station: Station, awaiting: Awaiting, at: string): AgendaRow | undefined {
  if (!station.reminder || !waitsForPlayer(awaiting)) return undefined;
  return { kind: "reminder", dueAt: after(at, station.reminder.afterMs), payload: null };
}

/** The station just started waiting for the player: its reminder (if it has one) is due later. */
export async function scheduleReminder(
  turn: Turn,
  station: Station,
  awaiting: Awaiting,
): Promise<void> {
  const row = reminderRow(station, awaiting, turn.at);
  if (row) await insertRow(turn, station, row);
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
