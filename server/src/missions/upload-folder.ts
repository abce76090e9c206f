import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rm, stat, statfs, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** The file in an upload folder that names it: its keeper's part of every upload's id. */
const KEEPER_FILE = "keeper";
const KEEPER = /^[0-9a-f]{16}$/;
/** An upload's id: the keeper of its folder, then 32 hex digits (`<keeper>_<random>`). */
const UPLOAD_ID = /^([0-9a-f]{16})_[0-9a-f]{32}$/;

/** The keeper named in an upload's id; undefined for an id the server never made. */
export function keeperOf(id: string): string | undefined {
  return UPLOAD_ID.exec(id)?.[1];
}

/** A new upload's id in the folder of `keeper`. */
export function newUploadId(keeper: string): string {
  return `${keeper}_${randomBytes(16).toString("hex")}`;
}

/**
 * The name of the upload folder `dir`, made on its first use and kept in it: uploads' ids carry
 * it, so that they outlive a restart (and another instance knows where they are kept).
 */
export async function folderKeeper(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, KEEPER_FILE);
  const kept = (await readFile(file, "utf8").catch(() => "")).trim();
  if (KEEPER.test(kept)) return kept;
  const made = randomBytes(8).toString("hex");
  await writeFile(file, made);
  return made;
}

/** An unfinished upload as its folder holds it: whose it is and what it declared. */
export type KeptUpload = { id: string; player?: string; size?: number; createdAt: number };

/**
 * The uploads in `dir`: each a file of pieces and its `.json` (the tus file store's), or either
 * alone where a crash or a full disk left only one. An unreadable `.json` counts from its age.
 */
export async function keptUploads(dir: string): Promise<KeptUpload[]> {
  const names = await readdir(dir);
  const ids = new Set(names.map((name) => name.replace(/\.json$/, "")).filter(keeperOf));
  const uploads: KeptUpload[] = [];
  for (const id of ids) {
    const info = await readInfo(join(dir, `${id}.json`));
    const createdAt = Date.parse(info?.creation_date ?? "");
    if (Number.isFinite(createdAt)) {
      const player = info?.metadata?.player;
      const size = info?.size;
      uploads.push({
        id,
        createdAt,
        ...(player !== undefined && { player }),
        ...(size !== undefined && { size }),
      });
      continue;
    }
    const touched = await oldestTouch(dir, id);
    if (touched !== undefined) uploads.push({ id, createdAt: touched });
  }
  return uploads;
}

/** Removes an upload's pieces and its `.json`, whichever are there. */
export async function removeUpload(dir: string, id: string): Promise<void> {
  await rm(join(dir, id), { force: true });
  await rm(join(dir, `${id}.json`), { force: true });
}

/** The bytes the disk of `dir` has free for the server. */
export async function freeBytes(dir: string): Promise<number> {
  const disk = await statfs(dir);
  return disk.bavail * disk.bsize;
}

/** What the tus file store keeps of an upload in its `.json`, as far as the server reads it. */
const uploadInfo = z.object({
  creation_date: z.string().optional(),
  size: z.number().optional(),
  metadata: z.object({ player: z.string().optional() }).nullish(),
});

async function readInfo(file: string): Promise<z.infer<typeof uploadInfo> | undefined> {
  try {
    const parsed = uploadInfo.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** When the older of an upload's two files last changed; undefined when both are gone. */
async function oldestTouch(dir: string, id: string): Promise<number | undefined> {
  const times = await Promise.all(
    [id, `${id}.json`].map((name) =>
      stat(join(dir, name)).then(
        (file) => file.mtimeMs,
        () => undefined,
      ),
    ),
  );
  const known = times.filter((time) => time !== undefined);
  return known.length > 0 ? Math.min(...known) : undefined;
}
