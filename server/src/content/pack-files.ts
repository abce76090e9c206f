import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ContentProblem } from "./model";

/** Reading a pack's files; every failure becomes a problem naming the file. */

/** The file's text, or a problem when it cannot be read. */
export async function readText(root: string, file: string): Promise<string | ContentProblem> {
  try {
    // Editors on Windows like to start files with a byte-order mark; neither parser wants it.
    return (await readFile(path.join(root, file), "utf8")).replace(/^\uFEFF/, "");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return { file, message: missing ? "file not found" : String(error) };
  }
}

/**
 * The sub-folders of `area` (`stations`, `stories`), sorted. A missing or empty `stations`
 * folder is a problem; a pack may have no stories.
 */
export async function listFolders(
  root: string,
  area: "stations" | "stories",
): Promise<{ names: string[]; problems: ContentProblem[] }> {
  const required = area === "stations";
  const entries = await readdir(path.join(root, area), { withFileTypes: true }).catch(
    () => undefined,
  );
  if (!entries) {
    return { names: [], problems: required ? [{ file: area, message: "folder not found" }] : [] };
  }
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const problems =
    required && names.length === 0 ? [{ file: area, message: "no station folders" }] : [];
  return { names: names.sort(), problems };
}

export async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

export async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}
