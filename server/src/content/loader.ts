import path from "node:path";
import { isMediaFile, languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { FolderDraft, LineOf, MediaUse } from "./drafts";
import { isWebUrl } from "./media";
import { ContentError } from "./model";
import type { ContentPack, ContentProblem, Station, Story } from "./model";
import {
  crestProblems,
  duplicateIds,
  duplicateStationCodes,
  foldersById,
  mediaProblems,
  requiredPointsProblems,
} from "./pack-checks";
import { isDirectory, linkProblems, listFolders, readText } from "./pack-files";
import { recommendationWarnings, sameNameWarnings, translationWarnings } from "./pack-warnings";
import { gameSchema, gameSummarySchema } from "./schema";
import type { GameFile, GameSummary } from "./schema";
import { loadStation } from "./station-folder";
import { placeWarnings } from "./station-places";
import { loadStory } from "./story-folder";
import { parseYamlFile } from "./yaml-file";
import type { YamlFile } from "./yaml-file";

/**
 * What checking a pack found. `errors` refuse the pack (`pack` is then undefined); `warnings`
 * (a missing translation, a recommendation that most likely misses its station) do not.
 */
export type PackCheck = {
  pack: ContentPack | undefined;
  errors: ContentProblem[];
  warnings: ContentProblem[];
};

/** Loads, compiles and checks a content pack; throws ContentError listing every error. */
export async function loadContentPack(dir: string): Promise<ContentPack> {
  const { pack, errors } = await checkContentPack(dir);
  if (!pack) throw new ContentError(errors);
  return pack;
}

/**
 * Loads, compiles and checks a content pack, finding everything at once: each file is read
 * and checked even when others have problems, and the checks across the pack count with every
 * file that could be read.
 */
export async function checkContentPack(dir: string): Promise<PackCheck> {
  const root = path.resolve(dir);
  if (!(await isDirectory(root))) {
    const errors = [{ file: ".", message: `folder not found: ${root}` }];
    return { pack: undefined, errors, warnings: [] };
  }
  const [game, stationFolders, storyFolders, links] = await Promise.all([
    loadGame(root),
    listFolders(root, "stations"),
    listFolders(root, "stories"),
    linkProblems(root),
  ]);
  const [stationDrafts, storyDrafts] = await Promise.all([
    Promise.all(stationFolders.names.map((f) => loadStation(root, f))),
    Promise.all(storyFolders.names.map((f) => loadStory(root, f))),
  ]);
  const stations = values(stationDrafts);
  const stories = values(storyDrafts);
  const stationSummaries = stationDrafts.map((d) => d.summary);
  const gameSummary = gameSummarySchema.safeParse(game.data).data ?? {};
  const media = [
    ...gameMedia(gameSummary, game.lineOf),
    ...[...stationDrafts, ...storyDrafts].flatMap((d) => d.media),
  ];
  const found = [
    ...links,
    ...game.problems,
    ...stationFolders.problems,
    ...storyFolders.problems,
    ...[...stationDrafts, ...storyDrafts].flatMap((d) => d.problems),
    ...duplicateIds(stationDrafts),
    ...duplicateIds(storyDrafts),
    ...duplicateStationCodes(stationDrafts),
    ...(await mediaProblems(root, foldersById(stationDrafts, storyDrafts), media)),
    ...crestProblems(
      gameSummary.crest ?? [],
      storyDrafts.map((d) => d.summary),
      game.lineOf,
    ),
    // Without station folders every story would be reported; that folder's problem says it.
    ...(stationFolders.problems.length === 0
      ? requiredPointsProblems(storyDrafts, stationSummaries)
      : []),
  ];
  const errors = sortProblems([...found, ...unsentMedia(media, found)]);
  const declared = declaredLanguages(gameSummary);
  const warnings = sortProblems([
    ...translationWarnings([...stationDrafts, ...storyDrafts], declared),
    ...recommendationWarnings(stationDrafts),
    ...stationDrafts.flatMap((d) => d.warnings),
    ...sameNameWarnings(stationDrafts, declared),
    ...placeWarnings(stationDrafts, gameSummary.map?.image?.bounds),
  ]);
  if (errors.length > 0 || !game.value) return { pack: undefined, errors, warnings };
  return { pack: packOf(game.value, stations, stories, root), errors, warnings };
}

/** The pack the server runs, with the languages it is written in (declaredLanguages). */
function packOf(game: GameFile, stations: Station[], stories: Story[], dir: string): ContentPack {
  const { crest = [], ...rest } = game;
  return { ...rest, languages: declaredLanguages(game), crest, stations, stories, dir };
}

/** The languages game.yaml lists, or else those its title is given in and the default one. */
export function declaredLanguages({
  languages: listed,
  title,
  defaultLanguage,
}: GameSummary): Language[] {
  return (
    listed ?? languages.filter((l) => (title !== undefined && l in title) || l === defaultLanguage)
  );
}

async function loadGame(root: string): Promise<YamlFile<GameFile>> {
  const text = await readText(root, "game.yaml");
  if (typeof text === "string") return parseYamlFile("game.yaml", text, gameSchema);
  return { value: undefined, problems: [text], lineOf: () => undefined, data: undefined };
}

/** The crest, intro and map images and the app's icon game.yaml names. */
function gameMedia(
  { crest: rows = [], intro = [], map, app }: GameSummary,
  lineOf: LineOf,
): MediaUse[] {
  const file = "game.yaml";
  const crest = rows.map((level) => {
    const line = lineOf(["crest", String(level.finishedStories), "image"]);
    return { file, line, ref: level.image, webAllowed: false };
  });
  const steps = intro.flatMap((step, i) =>
    step.image === undefined
      ? []
      : [{ file, line: lineOf(["intro", i, "image"]), ref: step.image, webAllowed: false }],
  );
  const mapImage =
    map?.image === undefined
      ? []
      : [{ file, line: lineOf(["map", "image", "path"]), ref: map.image.path, webAllowed: false }];
  const icon =
    app?.icon === undefined
      ? []
      : [{ file, line: lineOf(["app", "icon"]), ref: app.icon, webAllowed: false }];
  return [...crest, ...steps, ...mapImage, ...icon];
}

/**
 * Images and audio named outside a message (crest, intro, map, a station's or story's image)
 * that the server would not send, being no image, mp3, mp4 or webm file; a message's content
 * is checked as the app shows it (pack-checks.ts), and a use with a problem already is left
 * alone.
 */
function unsentMedia(uses: MediaUse[], found: ContentProblem[]): ContentProblem[] {
  const reported = (use: MediaUse) =>
    found.some((p) => p.file === use.file && p.line === use.line && p.message.startsWith(use.ref));
  return uses
    .filter((use) => !use.webAllowed && !isWebUrl(use.ref) && !isMediaFile(use.ref))
    .filter((use) => !reported(use))
    .map((use) => ({
      file: use.file,
      line: use.line,
      message: `${use.ref}: the server sends only images (jpg, png, gif, webp, avif, svg), mp3, mp4 and webm`,
    }));
}

/** The folders that loaded without problems, sorted by id. */
function values<T extends Station | Story>(drafts: FolderDraft<T>[]): T[] {
  return drafts.flatMap((d) => (d.value ? [d.value] : [])).sort((a, b) => a.id - b.id);
}

function sortProblems(problems: ContentProblem[]): ContentProblem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
}
