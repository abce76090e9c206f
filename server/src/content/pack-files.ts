import { readdir, readFile, readlink, realpath, stat } from "node:fs/promises";
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

/** Whether `file` (a real path) is `root` or below it. */
function within(root: string, file: string): boolean {
  return file === root || file.startsWith(root + path.sep);
}

/**
 * Every symbolic link of the pack that leads out of it or nowhere: a problem naming the link.
 * A link within the pack is no problem. Hidden entries (`.git`, an editor's `.#lock`) are
 * neither walked nor reported: nothing in them is read or served.
 */
export async function linkProblems(root: string): Promise<ContentProblem[]> {
  const realRoot = await realpath(root);
  const problems: ContentProblem[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(dir, entry.name);
        if (entry.name.startsWith(".")) return;
        if (entry.isDirectory()) return walk(full);
        if (!entry.isSymbolicLink()) return;
        const target = await readlink(full);
        const real = await realpath(full).catch(() => undefined);
        const file = path.relative(root, full).split(path.sep).join("/");
        if (real === undefined) problems.push({ file, message: `link leads nowhere: ${target}` });
        else if (!within(realRoot, real)) {
          problems.push({ file, message: `link leaves the pack: ${target}` });
        }
      }),
    );
  };
  await walk(root);
  return problems;
}

/**
 * The real path of `file`, links resolved, when it is a file within the pack `root` (itself
 * resolved) and no part of it below the root is hidden; else null. What the server sends is
 * this path, so no link leads it out of the pack.
 */
export async function realFileInPack(root: string, file: string): Promise<string | null> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(file)]);
    const inside = path.relative(realRoot, real).split(path.sep);
    if (!within(realRoot, real) || inside.some((part) => part.startsWith("."))) return null;
    return (await isFile(real)) ? real : null;
  } catch {
    return null;
  }
}
