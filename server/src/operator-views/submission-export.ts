import type { Readable } from "node:stream";
import type { OpsSubmissionsExportQuery } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { indexById } from "../content/model";
import { displayNames } from "../game/scoreboard/display-names";
import type { NameRepositories } from "../game/scoreboard/display-names";
import { zipStream } from "../lib/zip-stream";
import { fileExtension } from "../missions/media-check";
import type { BlobStore } from "../store/blob-store";
import type { Repositories, StoreOf } from "../store/store";
import type { Submission } from "../store/submission-repository";
import { csvFile, localTimes } from "./csv";

export type SubmissionExportDeps = {
  store: StoreOf<Pick<Repositories, "submissions"> & NameRepositories>;
  blobs: BlobStore;
  pack: ContentPack;
};

const HEADER = [
  "id",
  "participant",
  "sent by",
  "station",
  "task",
  "kind",
  "state",
  "points",
  "sent",
  "judged",
  "judged by",
  "line",
  "file",
];

/** A folder or file name of the zip: no slash, no control character, not too long. */
function safeName(text: string): string {
  const name = text
    .replace(/[\p{Cc}/\\:*?"<>|]/gu, "_")
    .trim()
    .slice(0, 80);
  return name === "" || name === "." || name === ".." ? "_" : name;
}

/**
 * Every submission as a zip (decisions/039): a folder per participant (a team or a player
 * alone), in it one per station, the files as they are kept, and `index.csv` with a row each
 * (who, which task, the verdict, the file's place). Streamed: one file's chunks at a time,
 * waiting while the download lags.
 */
export function submissionsZip(
  deps: SubmissionExportDeps,
  { separator, timeZone }: OpsSubmissionsExportQuery,
): Readable {
  return zipStream(async (zip) => {
    const { store, pack } = deps;
    const rows = await store.repos.submissions.all();
    const names = await displayNames(store.repos, [...new Set(rows.map((row) => row.stream))]);
    const stations = indexById(pack.stations);
    const time = localTimes(timeZone);
    const lines: string[][] = [
      HEADER.map((column) =>
        column === "sent" || column === "judged" ? `${column} (${timeZone})` : column,
      ),
    ];
    /** Adds a submission's file below `folder`; its path, or undefined when it is kept no more. */
    const addFile = async (row: Submission, folder: string): Promise<string | undefined> => {
      const stored = await deps.blobs.get(`${row.files}file`);
      if (!stored) return undefined;
      const path = `${folder}/${row.id}-${row.state}.${fileExtension(stored.type)}`;
      // Photos and recordings are compressed already: stored as they are.
      await zip.add(path, stored.body as AsyncIterable<Buffer>, 0);
      return path;
    };
    for (const row of rows) {
      const participant = names.get(row.stream) ?? row.stream;
      const station = stations.get(row.stationId)?.texts.de.title ?? `#${row.stationId}`;
      const path = await addFile(row, `${safeName(participant)}/${safeName(station)}`);
      lines.push([
        String(row.id),
        participant,
        row.sender ?? "",
        station,
        row.task,
        row.kind,
        row.state,
        row.state === "approved" ? String(row.points) : "",
        time(row.createdAt),
        time(row.judgedAt),
        row.judgedBy ?? (row.state === "approved" && row.judgedAt !== null ? "auto" : ""),
        row.line ?? "",
        path ?? "",
      ]);
    }
    await zip.add("index.csv", [new TextEncoder().encode(csvFile(lines, separator))]);
  });
}
