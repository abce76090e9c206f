import type { Generated } from "kysely";

// The tables of missions' submissions and of the database's blob store (decisions/039).

export type SubmissionState = "waiting" | "approved" | "rejected";

/**
 * What a participant sent for a mission (decisions/039): its stream and the player who sent
 * it (`sender`: their name in a team), the mission as the station asked it, the kept file's type
 * and size (a recording's length in `seconds`), and the verdict, given once.
 */
export type SubmissionsTable = {
  id: Generated<number>;
  gameId: number;
  stream: string;
  playerId: number;
  teamId: number | null;
  sender: string | null;
  stationId: number;
  kind: string;
  task: string;
  /** The mission's points; once approved, those the host gave. */
  points: number;
  type: string;
  size: number;
  seconds: number | null;
  /** The key prefix of its files in the blob store (store/blob-store.ts). */
  files: string;
  state: SubmissionState;
  createdAt: string;
  judgedAt: string | null;
  /** The host's login, or null for a mission approved at once (`#auto`). */
  judgedBy: string | null;
  line: string | null;
};

/** A file of the database's blob store: its type and size, its bytes in `chunks` rows. */
export type BlobsTable = { key: string; type: string; size: number; chunks: number };

export type BlobChunksTable = { key: string; seq: number; data: Uint8Array };

/** A submission's files (its key prefix) to delete from the blob store: its row is gone. */
export type ErasedFilesTable = { prefix: string };
