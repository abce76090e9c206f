import path from "node:path";
import type { FolderDraft, MediaUse } from "./drafts";
import { ContentError } from "./model";
import type { ContentPack, ContentProblem, Station, Story } from "./model";
import {
  crestProblems,
  duplicateIds,
  foldersById,
  mediaProblems,
  requiredPointsProblems,
} from "./pack-checks";
import { isDirectory, listFolders, readText } from "./pack-files";
import { gameSchema } from "./schema";
import type { GameFile } from "./schema";
import { loadStation } from "./station-folder";
import { loadStory } from "./story-folder";
import { parseYamlFile } from "./yaml-file";
import type { YamlFile } from "./yaml-file";

/** Loads, compiles and checks a content pack; throws ContentError listing every problem. */
export async function loadContentPack(dir: string): Promise<ContentPack> {
  const root = path.resolve(dir);
  if (!(await isDirectory(root))) {
    throw new ContentError([{ file: ".", message: `folder not found: ${root}` }]);
  }
  const [game, stationFolders, storyFolders] = await Promise.all([
    loadGame(root),
    listFolders(root, "stations"),
    listFolders(root, "stories"),
  ]);
  const [stationDrafts, storyDrafts] = await Promise.all([
    Promise.all(stationFolders.names.map((f) => loadStation(root, f))),
    Promise.all(storyFolders.names.map((f) => loadStory(root, f))),
  ]);
  const stations = values(stationDrafts);
  const stories = values(storyDrafts);
  const media = [...gameMedia(game), ...[...stationDrafts, ...storyDrafts].flatMap((d) => d.media)];
  const problems = [
    ...game.problems,
    ...stationFolders.problems,
    ...storyFolders.problems,
    ...[...stationDrafts, ...storyDrafts].flatMap((d) => d.problems),
    ...duplicateIds(stationDrafts),
    ...duplicateIds(storyDrafts),
    ...(await mediaProblems(root, foldersById(stationDrafts, storyDrafts), media)),
    // Counting stories or stations with points makes sense only when all of them loaded.
    ...(storyDrafts.every((d) => d.value)
      ? crestProblems(game.value?.crest ?? [], stories, game.lineOf)
      : []),
    ...(stationFolders.problems.length === 0 && stationDrafts.every((d) => d.value)
      ? requiredPointsProblems(storyDrafts, stations)
      : []),
  ];
  if (problems.length > 0 || !game.value) throw new ContentError(sortProblems(problems));
  const { crest = [], ...rest } = game.value;
  return { ...rest, crest, stations, stories, dir: root };
}

async function loadGame(root: string): Promise<YamlFile<GameFile>> {
  const text = await readText(root, "game.yaml");
  if (typeof text === "string") return parseYamlFile("game.yaml", text, gameSchema);
  return { value: undefined, problems: [text], lineOf: () => undefined, data: undefined };
}

/** The crest and intro images game.yaml names. */
function gameMedia({ value, lineOf }: YamlFile<GameFile>): MediaUse[] {
  const file = "game.yaml";
  const crest = (value?.crest ?? []).map((level) => {
    const line = lineOf(["crest", String(level.finishedStories), "image"]);
    return { file, line, ref: level.image, webAllowed: false };
  });
  const intro = (value?.intro ?? []).flatMap((step, i) =>
    step.image === undefined
      ? []
      : [{ file, line: lineOf(["intro", i, "image"]), ref: step.image, webAllowed: false }],
  );
  return [...crest, ...intro];
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
