import type { Generated } from "kysely";

// The content pack's tables (decisions/032, 033): versions, releases and the studio's draft of
// each game, and the contents they name, shared by hash.

/** A file's content, once per SHA-256 (hex), in `chunks` rows of pack_blob_chunks. */
export type PackBlobsTable = { hash: string; size: number; chunks: number };

/** Part `seq` (from 0) of a blob: at most 1 MiB, so no row or buffer grows with a video. */
export type PackBlobChunksTable = { hash: string; seq: number; data: Uint8Array };

/** A version of the content pack: its files, named together by `digest` (content/pack-snapshot.ts). */
export type PackVersionsTable = {
  id: Generated<number>;
  gameId: number;
  digest: string;
  /** `[{"path": "game.yaml", "hash": "...", "size": 812}, ...]`, sorted by path. */
  files: string;
  /** Where it came from: `folder` (CONTENT_DIR), `import` (a zip), `studio`. */
  source: string;
  /** The operator's name; null for the server itself (CONTENT_DIR at start-up, SIGHUP). */
  author: string | null;
  createdAt: string;
};

/** A version made live; the newest release is the pack every instance runs. */
export type PackReleasesTable = {
  id: Generated<number>;
  gameId: number;
  versionId: number;
  releasedAt: string;
  releasedBy: string | null;
};

/** A game's studio draft (one row per game, its id the game's): the version its changes apply to. */
export type PackDraftsTable = { id: number; gameId: number; baseVersionId: number };

/** A file the draft changes: its content's hash in pack_blobs, or null where it is removed. */
export type PackDraftFilesTable = {
  path: string;
  gameId: number;
  hash: string | null;
  updatedAt: string;
  updatedBy: string | null;
};
