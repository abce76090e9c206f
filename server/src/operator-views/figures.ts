import type { OpsInstance, OpsOverview, OpsStationStats } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import type { Repositories, StoreOf } from "../store/store";
import { readStuck } from "./stuck";
import type { StreamNames } from "./stuck";

/** What is open now: counted by the instances (operator-views/presence.ts). */
export type Online = { streams: number; players: number };

/**
 * A station run with no input and no message for this long counts as idle, not running: its
 * player closed the app, or gave up without cancelling.
 */
export const IDLE_AFTER_MS = 30 * 60 * 1000;

/**
 * The console's overview: players, teams, open streams, the station funnel, the stories and
 * the instances of the deployment.
 */
export async function readOverview(
  store: StoreOf<Pick<Repositories, "figures">>,
  pack: ContentPack,
  clock: Clock,
  online: Online,
  instances: OpsInstance[],
  names: StreamNames,
): Promise<OpsOverview> {
  const { figures } = store.repos;
  const activeSince = new Date(clock.now().getTime() - IDLE_AFTER_MS).toISOString();
  const [counts, stationRows, opened, stuck] = await Promise.all([
    figures.counts(),
    figures.stations(activeSince),
    figures.storiesOpened(),
    readStuck(store, pack, names),
  ]);
  const stations = new Map<number, OpsStationStats>(
    pack.stations.map((station) => [
      station.id,
      {
        id: station.id,
        name: station.name,
        title: station.texts.de.title,
        activated: 0,
        running: 0,
        idle: 0,
        done: 0,
        cancelled: 0,
        averageSecondsToDone: null,
        wrongAnswers: 0,
        hintsUsed: 0,
        maxPoints: station.points,
      },
    ]),
  );
  for (const row of stationRows) {
    // Runs of a station the pack no longer has are history, not part of the funnel.
    const stats = stations.get(row.stationId);
    if (!stats) continue;
    const { runs, running, idle, done, cancelled, wrongAnswers, hintsUsed } = row;
    Object.assign(stats, { activated: runs, running, idle, done, cancelled, wrongAnswers });
    stats.hintsUsed = hintsUsed;
    const { averageSecondsToDone } = row;
    stats.averageSecondsToDone =
      averageSecondsToDone === null ? null : Math.round(averageSecondsToDone);
  }
  return {
    at: clock.now().toISOString(),
    players: { total: counts.players, registered: counts.registered, online: online.players },
    teams: counts.teams,
    streams: online.streams,
    stations: [...stations.values()],
    stories: (pack.stories ?? []).map((story) => ({
      id: story.id,
      title: story.headline.de,
      opened: opened.get(story.id) ?? 0,
    })),
    instances,
    stuck,
  };
}
