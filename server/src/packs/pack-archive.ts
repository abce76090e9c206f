import { isMediaFile } from "@wegmarke/protocol";
import { unzipSync, zipSync } from "fflate";
import type { Zippable } from "fflate";
import type { ContentProblem } from "../content/model";

/** What a zip may hold: more files or bytes refuse it before anything is unpacked. */
export const ARCHIVE_LIMITS = { files: 5000, bytes: 1024 * 1024 * 1024 };

/** A file to zip, or one a zip held. */
export type ArchiveFile = { path: string; bytes: Uint8Array };

/**
 * A zip of the pack's folder, under one folder named `folder`, as an organiser keeps it. Media
 * are stored as they are (they are compressed already), the texts deflated.
 */
export function zipPack(folder: string, files: ArchiveFile[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) {
    entries[`${folder}/${file.path}`] = [file.bytes, { level: isMediaFile(file.path) ? 0 : 6 }];
  }
  return zipSync(entries);
}

/**
 * The files of a zipped pack folder: at its root (`game.yaml` first level) or in one folder
 * (a zip of the folder itself), which is taken off. Folders, hidden files and the resource
 * forks of macOS's zips are left out; a path that could leave the folder, too many files or
 * bytes, or a zip that cannot be read is a problem.
 */
export function unzipPack(
  zip: Uint8Array,
): { ok: true; files: ArchiveFile[] } | { ok: false; problems: ContentProblem[] } {
  const refuse = (message: string) => ({
    ok: false as const,
    problems: [{ file: "zip", message }],
  });
  let count = 0;
  let bytes = 0;
  let bad: string | undefined;
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(zip, {
      filter: (entry) => {
        if (entry.name.endsWith("/")) return false;
        if (!safe(entry.name)) bad ??= entry.name;
        else if (skipped(entry.name)) return false;
        count += 1;
        bytes += entry.originalSize;
        return bad === undefined && count <= ARCHIVE_LIMITS.files && bytes <= ARCHIVE_LIMITS.bytes;
      },
    });
  } catch (error) {
    return refuse(`not a zip file (${error instanceof Error ? error.message : String(error)})`);
  }
  if (bad !== undefined) return refuse(`${JSON.stringify(bad)} is not a path within the pack`);
  if (count > ARCHIVE_LIMITS.files) return refuse(`more than ${ARCHIVE_LIMITS.files} files`);
  if (bytes > ARCHIVE_LIMITS.bytes) return refuse("more than 1 GB unpacked");
  const names = Object.keys(unpacked);
  const top = names[0]?.split("/")[0];
  const inOneFolder =
    !names.includes("game.yaml") &&
    top !== undefined &&
    names.every((name) => name.startsWith(`${top}/`));
  const files = names.map((name) => ({
    path: inOneFolder ? name.slice(top.length + 1) : name,
    bytes: unpacked[name] ?? new Uint8Array(),
  }));
  if (!files.some((file) => file.path === "game.yaml")) {
    return refuse("no game.yaml at the top of the pack's folder");
  }
  return { ok: true, files };
}

/** What a zip tool adds that is no part of the pack: macOS's resource forks, hidden files. */
function skipped(name: string): boolean {
  return name.split("/").some((part) => part === "__MACOSX" || part.startsWith("."));
}

function safe(name: string): boolean {
  return (
    !name.startsWith("/") &&
    !name.includes("\\") &&
    !/^[a-zA-Z]:/.test(name) &&
    name.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}
