import { createReadStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { GAME_ZIP_MANIFEST, isMediaFile } from "@wegmarke/protocol";
import type { OpsGameZip } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { zipStream } from "../lib/zip-stream";
import { storeBlob } from "../packs/pack-import";
import type { PackLibrary } from "../packs/pack-library";
import type { UnpackedFile } from "../packs/zip-unpack";
import type { PackFileEntry } from "../store/pack-repository";
import { writeBatch } from "./draft-batch";
import type { BatchChange, BatchDeps } from "./draft-batch";
import { entriesOf } from "./draft-files";
import type { PackDrafts } from "./pack-drafts";

export type GameZipDeps = { library: PackLibrary; drafts: PackDrafts; clock: Clock };

/** The paths whose content differs between two lists of files. */
function differing(a: readonly PackFileEntry[], b: readonly PackFileEntry[]): string[] {
  const hashes = new Map(a.map((file) => [file.path, file.hash]));
  const changed = b.filter((file) => hashes.get(file.path) !== file.hash).map((file) => file.path);
  const kept = new Set(b.map((file) => file.path));
  return [...changed, ...a.filter((file) => !kept.has(file.path)).map((file) => file.path)];
}

/**
 * The whole game `name` as a zip (protocol's `opsGameZip`): in a folder named after it, the
 * manifest, the live version's files in `live/` and, where the studio's draft changes them,
 * the draft's files in `draft/`. Streamed a file's chunks at a time from this instance's blob
 * cache; media stored as they are.
 */
export async function gameZip(
  { library, drafts, clock }: GameZipDeps,
  game: { name: string; title: string },
): Promise<{ file: string; body: Readable }> {
  const state = await drafts.state();
  const { live } = state;
  const draft = entriesOf(state);
  const draftChanges = differing(live.files, draft).length;
  const manifest: OpsGameZip = {
    format: 1,
    ...game,
    exportedAt: clock.now().toISOString(),
    liveNumber: live.number,
    draftChanges,
  };
  const body = zipStream(async (zip) => {
    const json = `${JSON.stringify(manifest, null, 2)}\n`;
    await zip.add(`${game.name}/${GAME_ZIP_MANIFEST}`, [new TextEncoder().encode(json)]);
    const folders = draftChanges > 0 ? { live: live.files, draft } : { live: live.files };
    for (const [folder, files] of Object.entries(folders)) {
      for (const file of files) {
        const blob = createReadStream(await library.blobFile(file.hash));
        await zip.add(`${game.name}/${folder}/${file.path}`, blob, isMediaFile(file.path) ? 0 : 6);
      }
    }
  });
  return { file: `${game.name}-game.zip`, body };
}

/**
 * Makes the files of a game's zip's `draft/`, unpacked into `folder`, the draft of a game just
 * made from its `live/`: each file that differs from the live version's is stored and changed,
 * each the draft lacks removed. The count of its changes.
 */
export async function draftFromZip(
  deps: BatchDeps,
  folder: string,
  files: readonly UnpackedFile[],
  by: string | null,
): Promise<number> {
  const { store } = deps;
  const live = await store.repos.packs.live();
  if (!live) throw new Error("the imported game has no live version");
  const liveHashes = new Map(live.files.map((file) => [file.path, file.hash]));
  const paths = new Set(differing(live.files, files));
  const changes: BatchChange[] = [];
  for (const file of files.filter((unpacked) => paths.has(unpacked.path))) {
    const source = path.join(folder, ...file.path.split("/"));
    await store.transaction((repos) => storeBlob(repos, { ...file, file: source }));
    const replaces = liveHashes.get(file.path) ?? null;
    changes.push({ path: file.path, content: { hash: file.hash }, replaces });
  }
  const kept = new Set(files.map((file) => file.path));
  for (const file of live.files.filter((listed) => !kept.has(listed.path))) {
    changes.push({ path: file.path, content: { hash: null }, replaces: file.hash });
  }
  if (changes.length > 0 && !(await writeBatch(deps, changes, by))) {
    throw new Error("the imported game's draft changed while it was made");
  }
  return changes.length;
}
