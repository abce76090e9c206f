import path from "node:path";
import type { FolderDraft, LineOf, MediaUse } from "./drafts";
import { isWebUrl, parseMediaPath, undisplayableReason } from "./media";
import type { ContentProblem, CrestLevel, Station, Story } from "./model";
import { isFile } from "./pack-files";
import type { StationSummary, StorySummary } from "./schema";

/** The checks that need the whole pack: ids, media files, crest rows, story thresholds. */

export function duplicateIds<T, C>(drafts: FolderDraft<T, C>[]): ContentProblem[] {
  const firstFile = new Map<number, string>();
  return drafts.flatMap((d) => {
    if (d.id === undefined) return [];
    const first = firstFile.get(d.id);
    if (first === undefined) {
      firstFile.set(d.id, d.yamlFile);
      return [];
    }
    const message = `id ${d.id} is already used by ${first}`;
    return [{ file: d.yamlFile, line: d.lineOf(["id"]), message }];
  });
}

/** Two stations with the same `code:` would share one QR link. */
export function duplicateStationCodes(
  drafts: FolderDraft<Station, StationSummary>[],
): ContentProblem[] {
  const firstFile = new Map<string, string>();
  return drafts.flatMap((d) => {
    const code = d.summary?.code;
    if (code === undefined) return [];
    const first = firstFile.get(code);
    if (first === undefined) {
      firstFile.set(code, d.yamlFile);
      return [];
    }
    const message = `code ${code} is already used by ${first}`;
    return [{ file: d.yamlFile, line: d.lineOf(["code"]), message }];
  });
}

/** The pack's numbered folders by id, relative to the pack (`stations/3-kirche`). */
export type Folders = { stations: Map<number, string>; stories: Map<number, string> };

export function foldersById(
  stations: FolderDraft<Station, StationSummary>[],
  stories: FolderDraft<Story, StorySummary>[],
): Folders {
  const byId = (area: string, drafts: { id: number | undefined; folder: string }[]) => {
    const map = new Map<number, string>();
    for (const d of drafts) {
      // A yaml file too broken to give its id: its folder's name still says it.
      const id = d.id ?? Number(/^(\d+)-/.exec(d.folder)?.[1]);
      if (Number.isInteger(id) && !map.has(id)) map.set(id, `${area}/${d.folder}`);
    }
    return map;
  };
  return { stations: byId("stations", stations), stories: byId("stories", stories) };
}

/** Every local media file the pack names must exist in the folder its path names. */
export async function mediaProblems(
  root: string,
  folders: Folders,
  uses: MediaUse[],
): Promise<ContentProblem[]> {
  return (await Promise.all(uses.map((use) => checkMedia(root, folders, use)))).flat();
}

async function checkMedia(
  root: string,
  folders: Folders,
  use: MediaUse,
): Promise<ContentProblem[]> {
  const problem = (message: string) => [{ file: use.file, line: use.line, message }];
  if (isWebUrl(use.ref)) {
    return use.webAllowed ? [] : problem(`${use.ref}: must be a file of the pack`);
  }
  const media = parseMediaPath(use.ref);
  if (!media) {
    return problem(
      `${use.ref}: not a media path like stations/<id>/<file>, stories/<id>/<file>, points/<file>, intro/<file>, map/<file> or app/<file>`,
    );
  }
  // A `#content` line or a `content` text: the app shows it by its type.
  const reason = use.webAllowed ? undisplayableReason(use.ref) : undefined;
  if (reason !== undefined) return problem(`${use.ref}: ${reason}`);
  let folder: string | undefined = media.area;
  if (media.area === "stations" || media.area === "stories") {
    folder = folders[media.area].get(media.id);
    const what = media.area === "stations" ? "station" : "story";
    if (!folder) return problem(`${use.ref}: there is no ${what} ${media.id}`);
  }
  const file = path.join(root, folder, ...media.segments);
  return (await isFile(file)) ? [] : problem(`${use.ref}: file not found in ${folder}/`);
}

/**
 * How many of the folders' yaml files say `counts`, among those that could be read; a check
 * reports a count as too small only if it would be so even if every unread one said it too.
 */
type Count = { known: number; unread: number };

function countOf<S>(summaries: (S | undefined)[], counts: (summary: S) => boolean): Count {
  const known = summaries.filter((s) => s !== undefined && counts(s)).length;
  return { known, unread: summaries.filter((s) => s === undefined).length };
}

function countText({ known, unread }: Count, what: string, file: string): string {
  const text = `${known} live ${what}`;
  if (unread === 0) return text;
  const files = unread === 1 ? file : `${file} files`;
  return `${text} (${unread} more ${files} cannot be read)`;
}

/** A crest row for more finished stories than the pack has could never be shown. */
export function crestProblems(
  crest: CrestLevel[],
  stories: (StorySummary | undefined)[],
  lineOf: LineOf,
): ContentProblem[] {
  const count = countOf(stories, (s) => s.live);
  const text = countText(count, count.known === 1 ? "story" : "stories", "story.yaml");
  return crest
    .filter((level) => level.finishedStories > count.known + count.unread)
    .map((level) => ({
      file: "game.yaml",
      line: lineOf(["crest", String(level.finishedStories)]),
      message: `crest.${level.finishedStories}: the pack has only ${text}`,
    }));
}

/** A story that needs more stations with points than the pack offers could never be opened. */
export function requiredPointsProblems(
  stories: FolderDraft<Story, StorySummary>[],
  stations: (StationSummary | undefined)[],
): ContentProblem[] {
  const count = countOf(stations, (s) => s.live && s.points > 0);
  const text = countText(count, "stations award points", "station.yaml");
  return stories.flatMap((d) => {
    const required = d.summary?.requiredPoints;
    if (required === undefined || required <= count.known + count.unread) return [];
    const message = `requiredPoints ${required}: only ${text}`;
    return [{ file: d.yamlFile, line: d.lineOf(["requiredPoints"]), message }];
  });
}
