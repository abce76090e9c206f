import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import { compileInkFile } from "./ink-file";
import { isWebUrl, parseMediaPath } from "./media";
import { ContentError } from "./model";
import type { ContentPack, ContentProblem, Station } from "./model";
import { gameSchema, stationSchema } from "./schema";
import type { GameFile, StationFile } from "./schema";
import { parseYamlFile } from "./yaml-file";

/** A media file named by a station: its `image` or a script's `#content` line. */
type MediaUse = { file: string; line: number | undefined; ref: string; webAllowed: boolean };

/** One station folder as read, before the checks that span the whole pack. */
type StationDraft = {
  folder: string;
  yamlFile: string;
  config: StationFile | undefined;
  idLine: number | undefined;
  /** Set only when the folder itself has no problems. */
  station: Station | undefined;
  media: MediaUse[];
  problems: ContentProblem[];
};

/** Loads, compiles and checks a content pack; throws ContentError listing every problem. */
export async function loadContentPack(dir: string): Promise<ContentPack> {
  const root = path.resolve(dir);
  if (!(await isDirectory(root))) {
    throw new ContentError([{ file: ".", message: `folder not found: ${root}` }]);
  }
  const [game, folders] = await Promise.all([loadGame(root), listStationFolders(root)]);
  const drafts = await Promise.all(folders.names.map((f) => loadStation(root, f)));
  const problems = [
    ...game.problems,
    ...folders.problems,
    ...drafts.flatMap((d) => d.problems),
    ...duplicateIds(drafts),
    ...(await mediaProblems(root, drafts)),
  ];
  const stations = drafts.flatMap((d) => (d.station ? [d.station] : []));
  if (problems.length > 0 || !game.value) throw new ContentError(sortProblems(problems));
  return { ...game.value, stations: stations.sort((a, b) => a.id - b.id), dir: root };
}

async function loadGame(
  root: string,
): Promise<{ value: GameFile | undefined; problems: ContentProblem[] }> {
  const text = await readText(root, "game.yaml");
  if (typeof text !== "string") return { value: undefined, problems: [text] };
  const { value, problems } = parseYamlFile("game.yaml", text, gameSchema);
  return { value, problems };
}

async function listStationFolders(
  root: string,
): Promise<{ names: string[]; problems: ContentProblem[] }> {
  const entries = await readdir(path.join(root, "stations"), { withFileTypes: true }).catch(
    () => undefined,
  );
  if (!entries) return { names: [], problems: [{ file: "stations", message: "folder not found" }] };
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const problems = names.length === 0 ? [{ file: "stations", message: "no station folders" }] : [];
  return { names: names.sort(), problems };
}

async function loadStation(root: string, folder: string): Promise<StationDraft> {
  const rel = `stations/${folder}`;
  const yamlFile = `${rel}/station.yaml`;
  const text = await readText(root, yamlFile);
  const yaml = typeof text === "string" ? parseYamlFile(yamlFile, text, stationSchema) : undefined;
  const config = yaml?.value;
  const idLine = yaml?.lineOf(["id"]);
  const scripts = await loadScripts(root, rel);
  const image: MediaUse[] = config?.image
    ? [{ file: yamlFile, line: yaml?.lineOf(["image"]), ref: config.image, webAllowed: false }]
    : [];
  const problems = [
    ...(typeof text === "string" ? [] : [text]),
    ...(yaml?.problems ?? []),
    ...(config ? folderNameProblems(yamlFile, folder, config.id, idLine) : []),
    ...scripts.problems,
  ];
  const station =
    config && scripts.compiled && problems.length === 0
      ? { ...config, scripts: scripts.compiled, dir: path.join(root, rel) }
      : undefined;
  return {
    folder,
    yamlFile,
    config,
    idLine,
    station,
    media: [...image, ...scripts.media],
    problems,
  };
}

function folderNameProblems(
  file: string,
  folder: string,
  id: number,
  line: number | undefined,
): ContentProblem[] {
  if (folder.startsWith(`${id}-`)) return [];
  return [{ file, line, message: `id ${id}: the folder's name must start with "${id}-"` }];
}

const SCRIPT_FILE = /^script\.(.+)\.ink$/;

/** Compiles every `script.<lang>.ink` of a station folder; `compiled` needs at least `de`. */
async function loadScripts(
  root: string,
  rel: string,
): Promise<{
  compiled: Station["scripts"] | undefined;
  media: MediaUse[];
  problems: ContentProblem[];
}> {
  const names = (await readdir(path.join(root, rel))).filter((n) => SCRIPT_FILE.test(n));
  const compiled: Partial<Record<Language, string>> = {};
  const media: MediaUse[] = [];
  const problems: ContentProblem[] = [];
  for (const name of names.sort()) {
    const file = `${rel}/${name}`;
    const lang = languages.find((l) => name === `script.${l}.ink`);
    if (!lang) {
      problems.push({ file, message: `unknown language: use one of ${languages.join(", ")}` });
      continue;
    }
    const text = await readText(root, file);
    if (typeof text !== "string") {
      problems.push(text);
      continue;
    }
    const ink = compileInkFile(file, text);
    problems.push(...ink.problems);
    media.push(...ink.contentRefs.map((r) => ({ file, ...r, webAllowed: true })));
    if (ink.json !== undefined) compiled[lang] = ink.json;
  }
  if (!names.includes("script.de.ink")) {
    problems.push({ file: `${rel}/script.de.ink`, message: "missing: every station needs one" });
  }
  const { de } = compiled;
  return { compiled: de === undefined ? undefined : { ...compiled, de }, media, problems };
}

function duplicateIds(drafts: StationDraft[]): ContentProblem[] {
  const firstFile = new Map<number, string>();
  return drafts.flatMap((d) => {
    if (!d.config) return [];
    const first = firstFile.get(d.config.id);
    if (first === undefined) {
      firstFile.set(d.config.id, d.yamlFile);
      return [];
    }
    const message = `id ${d.config.id} is already used by ${first}`;
    return [{ file: d.yamlFile, line: d.idLine, message }];
  });
}

/** Every local media file a station names must exist in the folder of the station it names. */
async function mediaProblems(root: string, drafts: StationDraft[]): Promise<ContentProblem[]> {
  const folders = new Map<number, string>();
  for (const d of drafts) {
    if (d.config && !folders.has(d.config.id)) folders.set(d.config.id, `stations/${d.folder}`);
  }
  const checks = drafts.flatMap((d) => d.media.map((use) => checkMedia(root, folders, use)));
  return (await Promise.all(checks)).flat();
}

async function checkMedia(
  root: string,
  folders: Map<number, string>,
  use: MediaUse,
): Promise<ContentProblem[]> {
  const problem = (message: string) => [{ file: use.file, line: use.line, message }];
  if (isWebUrl(use.ref)) {
    return use.webAllowed ? [] : problem(`${use.ref}: must be a file in a station folder`);
  }
  const media = parseMediaPath(use.ref);
  if (!media) return problem(`${use.ref}: not a media path like stations/<id>/<file>`);
  const folder = folders.get(media.stationId);
  if (!folder) return problem(`${use.ref}: there is no station ${media.stationId}`);
  const file = path.join(root, folder, ...media.segments);
  return (await isFile(file)) ? [] : problem(`${use.ref}: file not found in ${folder}/`);
}

/** The file's text, or a problem when it cannot be read. */
async function readText(root: string, file: string): Promise<string | ContentProblem> {
  try {
    // Editors on Windows like to start files with a byte-order mark; neither parser wants it.
    return (await readFile(path.join(root, file), "utf8")).replace(/^\uFEFF/, "");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return { file, message: missing ? "file not found" : String(error) };
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}

function sortProblems(problems: ContentProblem[]): ContentProblem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
}
