import { readFile } from "node:fs/promises";
import path from "node:path";
import type { OpsCheckGroup, OpsCheckProblem, OpsDraftCheck } from "@wegmarke/protocol";
import { parse } from "yaml";
import type { ContentProblem } from "../content/model";

type Folder = { kind: "station" | "story"; folder: string; yaml: string };

/** The station's or story's folder a problem's file lies in, if any. */
function folderOf(file: string): Folder | undefined {
  const [top, name] = file.split("/");
  if (name === undefined) return undefined;
  if (top === "stations")
    return { kind: "station", folder: `stations/${name}`, yaml: "station.yaml" };
  if (top === "stories") return { kind: "story", folder: `stories/${name}`, yaml: "story.yaml" };
  return undefined;
}

/** A language's text from a yaml map of languages: German first, else the first given. */
function textOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return null;
  const texts = value as Record<string, unknown>;
  const text = texts.de ?? Object.values(texts)[0];
  return typeof text === "string" ? text : null;
}

/** The number and title a station's or story's yaml gives, as far as it can be read. */
async function nameOf(
  dir: string,
  folder: Folder,
): Promise<{ id: number | null; title: string | null }> {
  try {
    const data: unknown = parse(await readFile(path.join(dir, folder.folder, folder.yaml), "utf8"));
    if (typeof data !== "object" || data === null) return { id: null, title: null };
    const yaml = data as Record<string, unknown>;
    const id = Number.isSafeInteger(yaml.id) ? (yaml.id as number) : null;
    const texts = yaml.texts as Record<string, { title?: unknown }> | undefined;
    const title =
      folder.kind === "station"
        ? textOf(texts && Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v?.title])))
        : textOf(yaml.headline);
    return { id, title };
  } catch {
    return { id: null, title: null };
  }
}

/**
 * The check's problems by where an author fixes them: the game's files first, then each
 * station and story by number, each problem with its file and line.
 */
export async function groupProblems(
  dir: string,
  errors: ContentProblem[],
  warnings: ContentProblem[],
): Promise<OpsDraftCheck> {
  const groups = new Map<string, OpsCheckGroup>();
  const add = async (problem: OpsCheckProblem) => {
    const folder = folderOf(problem.file);
    const key = folder?.folder ?? "";
    let group = groups.get(key);
    if (!group) {
      group = folder
        ? { kind: folder.kind, folder: folder.folder, ...(await nameOf(dir, folder)), problems: [] }
        : { kind: "game", folder: null, id: null, title: null, problems: [] };
      groups.set(key, group);
    }
    group.problems.push(problem);
  };
  for (const problem of errors) await add({ ...problem, severity: "error" });
  for (const problem of warnings) await add({ ...problem, severity: "warning" });
  const order = { game: 0, station: 1, story: 2 };
  const sorted = [...groups.values()].sort(
    (a, b) =>
      order[a.kind] - order[b.kind] ||
      (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER) ||
      (a.folder ?? "").localeCompare(b.folder ?? ""),
  );
  return {
    ok: errors.length === 0,
    errors: errors.length,
    warnings: warnings.length,
    groups: sorted,
  };
}
