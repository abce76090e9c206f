import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { GAME_NAME, GAME_ZIP_MANIFEST, opsGameZip } from "@wegmarke/protocol";
import { formatProblem } from "../content/model";
import { unzipPack } from "../packs/pack-archive";
import { receiveFile } from "../packs/upload-file";
import type { UnpackedFile } from "../packs/zip-unpack";
import { GameRefusal, addGame } from "./making";
import type { GameMakingDeps } from "./making";

/** A game's zip as the request brings it: its body, its declared length, the most it may be. */
export type GameUpload = { body: Readable; declared?: number; limit: number };

/**
 * Writes the draft of the game `id` from the files of the zip's `draft/`, unpacked into
 * `folder`: the count of its changes (studio/game-zip.ts's `draftFromZip`, wired by the caller).
 */
export type DraftImport = (id: number, folder: string, files: UnpackedFile[]) => Promise<number>;

/**
 * A new game named `name` from a game's zip (protocol's `opsGameZip`, as
 * studio/game-zip.ts exports it): its `live/` the first version, live at once as `addGame`
 * makes it, and its `draft/`, where there is one, the new game's draft. The body is written to
 * a file as it arrives and unpacked on a thread of its own; a zip that is no game's, or whose
 * pack has problems, makes no game (422), nor does a name taken (409).
 */
export async function importGame(
  deps: GameMakingDeps,
  name: string,
  upload: GameUpload,
  by: string | null,
  draft: DraftImport,
): Promise<{ id: number; title: string; warnings: string[]; draftChanges: number }> {
  // Refused before the body is read.
  if (!GAME_NAME.test(name)) throw new GameRefusal(`"${name}" is no game name`, 400);
  if (await deps.store.repos.games.named(name)) {
    upload.body.resume();
    throw new GameRefusal(`game ${name}: name taken`);
  }
  const work = path.join(deps.config.packCacheDir, "new-games", randomUUID());
  try {
    await mkdir(work, { recursive: true });
    const zip = path.join(work, "upload.zip");
    const tooLarge = `a game's zip may have at most ${upload.limit / 1024 / 1024} MB`;
    await receiveFile(upload.body, zip, upload.limit, tooLarge, upload.declared);
    const dir = path.join(work, "game");
    const unpacked = await unzipPack(zip, dir, GAME_ZIP_MANIFEST);
    if (!unpacked.ok) {
      throw new GameRefusal(unpacked.problems.map(formatProblem).join("\n"), 422);
    }
    await readManifest(path.join(dir, GAME_ZIP_MANIFEST));
    const below = (folder: string) =>
      unpacked.files
        .filter((file) => file.path.startsWith(`${folder}/`))
        .map((file) => ({ ...file, path: file.path.slice(folder.length + 1) }));
    if (!below("live").some((file) => file.path === "game.yaml")) {
      throw new GameRefusal(`not a game's zip: no live/game.yaml`, 422);
    }
    const made = await addGame(deps, name, path.join(dir, "live"), "import", by);
    const drafted = below("draft");
    const draftChanges =
      drafted.length > 0 ? await draft(made.id, path.join(dir, "draft"), drafted) : 0;
    return { ...made, draftChanges };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readManifest(file: string): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw new GameRefusal(`not a game's zip: ${GAME_ZIP_MANIFEST} is no JSON`, 422);
  }
  const read = opsGameZip.safeParse(json);
  if (!read.success) {
    const [issue] = read.error.issues;
    const where = issue?.path.join(".") ?? "";
    throw new GameRefusal(
      `not a game's zip of this server: ${GAME_ZIP_MANIFEST}: ${where} ${issue?.message ?? ""}`.trim(),
      422,
    );
  }
}
