import type { ExportSeparator } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import type { StationEventRow, StationRunRow } from "../store/figure-rows";
import type { Repositories, StoreOf } from "../store/store";
import { csvFile, duration, localTimes, secondsBetween, turn } from "./csv";

/** A player as the export lists them: the names the console shows, the stream they play on. */
export type ExportedPlayer = { id: number; name: string; team: string | null; stream: string };

const statusNames: Record<StationRunRow["status"], string> = {
  active: "running",
  done: "done",
  cancelled: "cancelled",
  closed: "closed",
};

/**
 * One row per player and station they (or their team) started: status, start and end in
 * `timeZone`, the time taken, points of the station's most, wrong answers, and the answers
 * given as the event log holds them (the player's echoed `webtext`, `|` between them; a
 * cancelled station's answers were retracted with it). A team's members share its runs and
 * answers, so each member's rows show the team's.
 */
export async function stationsCsv(
  store: StoreOf<Pick<Repositories, "figures">>,
  pack: ContentPack,
  players: readonly ExportedPlayer[],
  { separator, timeZone }: { separator: ExportSeparator; timeZone: string },
): Promise<string> {
  const { figures } = store.repos;
  const [runs, echoes] = await Promise.all([figures.stationRuns(), figures.answerEchoes()]);
  const runsOf = await groupByStream(runs);
  const answersOf = await answersByRun(echoes);
  const stations = new Map(pack.stations.map((s) => [s.id, s]));
  const local = localTimes(timeZone);
  const lines: string[][] = [
    [
      "player id",
      "name",
      "team",
      "station id",
      "station",
      "status",
      `started (${timeZone})`,
      `done (${timeZone})`,
      "time taken",
      "points",
      "max points",
      "wrong answers",
      "hints used",
      "answers given",
    ],
  ];
  for (const [index, player] of players.entries()) {
    if (index % 500 === 499) await turn();
    for (const run of runsOf.get(player.stream) ?? []) {
      const station = stations.get(run.stationId);
      const seconds = run.status === "done" ? secondsBetween(run.startedAt, run.doneAt) : null;
      lines.push([
        String(player.id),
        player.name,
        player.team ?? "",
        String(run.stationId),
        station?.texts.de.title ?? `#${run.stationId}`,
        statusNames[run.status],
        local(run.startedAt),
        local(run.doneAt),
        seconds === null ? "" : duration(seconds),
        String(run.points),
        station === undefined ? "" : String(station.points),
        String(run.wrongAnswers),
        String(run.hintsUsed),
        (answersOf.get(`${run.stream} ${run.stationId}`) ?? []).join(" | "),
      ]);
    }
  }
  return csvFile(lines, separator);
}

async function groupByStream(runs: StationRunRow[]): Promise<Map<string, StationRunRow[]>> {
  const byStream = new Map<string, StationRunRow[]>();
  for (const [index, run] of runs.entries()) {
    if (index % 5000 === 4999) await turn();
    const list = byStream.get(run.stream) ?? [];
    const { points, wrongAnswers, hintsUsed } = run;
    list.push({
      ...run,
      points: Number(points),
      wrongAnswers: Number(wrongAnswers),
      hintsUsed: Number(hintsUsed),
    });
    byStream.set(run.stream, list);
  }
  return byStream;
}

/** The texts of the players' echoes per run (`stream stationId`), oldest first. */
async function answersByRun(echoes: StationEventRow[]): Promise<Map<string, string[]>> {
  const byRun = new Map<string, string[]>();
  for (const [index, echo] of echoes.entries()) {
    if (index % 5000 === 4999) await turn();
    const data = JSON.parse(echo.payload) as { Originator?: unknown; Text?: unknown };
    if (data.Originator !== "user" || typeof data.Text !== "string") continue;
    const key = `${echo.stream} ${echo.stationId}`;
    const list = byRun.get(key) ?? [];
    list.push(data.Text);
    byRun.set(key, list);
  }
  return byRun;
}
