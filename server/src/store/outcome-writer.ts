import type { Repositories } from "./store";
import type { TurnOutcome } from "./turn-outcome";

/** The tables an outcome writes. */
export type OutcomeRepositories = Pick<
  Repositories,
  "stationRuns" | "events" | "scheduled" | "mediaProgress" | "participants"
>;

/**
 * Writes an outcome, all but its events (Turns.run logs those), with the repositories of the
 * turn's transaction, in the order the game made the changes.
 */
export async function writeOutcome(
  repos: OutcomeRepositories,
  stream: string,
  at: string,
  outcome: Omit<TurnOutcome<unknown>, "events">,
): Promise<void> {
  const { cancelled = [], dropped = [], cleared = [], remindersDropped = [] } = outcome;
  for (const stationId of cancelled) {
    await repos.stationRuns.cancel(stream, stationId, at);
    await repos.events.retractStation(stream, stationId);
  }
  for (const stationId of [...cancelled, ...cleared]) {
    await repos.scheduled.deleteStation(stream, stationId);
    await repos.mediaProgress.deleteStation(stream, stationId);
  }
  for (const stationId of dropped) await repos.stationRuns.remove(stream, stationId);
  for (const run of outcome.runs) await repos.stationRuns.save(run);
  if (outcome.currentStation !== undefined) {
    await repos.participants.setCurrentStation(stream, outcome.currentStation, at);
  }
  for (const stationId of remindersDropped) {
    await repos.scheduled.deleteStation(stream, stationId, "reminder");
  }
  for (const entry of outcome.agenda) await repos.scheduled.insert({ stream, ...entry });
  await repos.scheduled.deleteIds([...(outcome.delivered ?? [])]);
}
