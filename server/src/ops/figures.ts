import type { OpsOverview, OpsStationStats } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import type { Store } from "../store/store";

/** What is open now: counted by the instances (ops/presence.ts). */
export type Online = { streams: number; players: number };

/** The console's overview: players, teams, open streams, the station funnel and the stories. */
export async function readOverview(
  store: Store,
  pack: ContentPack,
  clock: Clock,
  online: Online,
): Promise<OpsOverview> {
  const { figures } = store.repos;
  const [counts, stationRows, opened] = await Promise.all([
    figures.counts(),
    figures.stations(),
    figures.storiesOpened(),
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
        done: 0,
        cancelled: 0,
        averageSecondsToDone: null,
        wrongAnswers: 0,
        maxPoints: station.points,
      },
    ]),
  );
  for (const row of stationRows) {
    // Runs of a station the pack no longer has are history, not part of the funnel.
    const stats = stations.get(row.stationId);
    if (!stats) continue;
    stats.activated += row.runs;
    stats.wrongAnswers += row.wrongAnswers;
    if (row.status === "active") stats.running += row.runs;
    else if (row.status === "cancelled") stats.cancelled += row.runs;
    else {
      stats.done += row.runs;
      stats.averageSecondsToDone =
        row.averageSecondsToDone === null ? null : Math.round(row.averageSecondsToDone);
    }
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
  };
}
