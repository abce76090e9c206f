import { z } from "zod";
import { MAX_ID } from "./game";
import { contentProblem } from "./ops";

/**
 * The content pack's versions in the operators' console (`/api/ops/pack/`): each version is
 * the pack's files as stored, the live one is what every instance runs.
 */
export const opsPackSources = ["folder", "import", "studio"] as const;

export const opsPackVersion = z.object({
  id: z.number().int().positive(),
  /** Its number in its game, as the console shows it: 1 for the game's first version. */
  number: z.number().int().positive(),
  /** The files' digest (SHA-256, hex): the same files are the same version. */
  digest: z.string(),
  /** Where it came from: the server's CONTENT_DIR, a zip, the studio. */
  source: z.enum(opsPackSources),
  /** The operator who made it; null for the server (CONTENT_DIR at start, SIGHUP). */
  author: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  files: z.number().int().min(0),
  bytes: z.number().int().min(0),
  /** When it was last made live, and by whom (null: the server); null if never. */
  releasedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
  live: z.boolean(),
});
export type OpsPackVersion = z.infer<typeof opsPackVersion>;

/** `GET /api/ops/pack/versions`: the newest first. */
export const opsPackVersions = z.object({ versions: z.array(opsPackVersion) });
export type OpsPackVersions = z.infer<typeof opsPackVersions>;

export const opsPackVersionParams = z.object({
  id: z.coerce.number().int().min(1).max(MAX_ID),
});

/**
 * `POST /api/ops/pack/import` (a zip of the pack's folder): 200 with the stored version and
 * what `content:check` warns of; 422 with the problems, which leave no version behind.
 */
export const opsPackImportOutcome = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), version: opsPackVersion, warnings: z.array(contentProblem) }),
  z.object({ ok: z.literal(false), problems: z.array(contentProblem) }),
]);
export type OpsPackImportOutcome = z.infer<typeof opsPackImportOutcome>;

/** A changed part of a text file: unified-diff lines (`+`, `-`, ` `) with their places. */
export const opsPackHunk = z.object({
  oldStart: z.number().int().min(0),
  oldLines: z.number().int().min(0),
  newStart: z.number().int().min(0),
  newLines: z.number().int().min(0),
  lines: z.array(z.string()),
});
export type OpsPackHunk = z.infer<typeof opsPackHunk>;

export const opsPackFileChanges = ["added", "removed", "changed"] as const;

/** One file that differs between a version and the one before it. */
export const opsPackFileChange = z.object({
  path: z.string(),
  change: z.enum(opsPackFileChanges),
  /** Bytes before and after; null where the file did not exist. */
  sizeBefore: z.number().int().min(0).nullable(),
  sizeAfter: z.number().int().min(0).nullable(),
  /** A text file's changed lines; none for media and for text too large to show. */
  hunks: z.array(opsPackHunk).optional(),
});
export type OpsPackFileChange = z.infer<typeof opsPackFileChange>;

/** `GET /api/ops/pack/versions/{id}/changes`: what differs from the version before it. */
export const opsPackChanges = z.object({
  version: z.number().int().positive(),
  /** The version before it; null for the first. */
  base: z.number().int().positive().nullable(),
  /** The two versions' numbers in their game, as the console shows them. */
  number: z.number().int().positive(),
  baseNumber: z.number().int().positive().nullable(),
  files: z.array(opsPackFileChange),
});
export type OpsPackChanges = z.infer<typeof opsPackChanges>;
