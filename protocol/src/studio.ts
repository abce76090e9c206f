import { z } from "zod";
import { contentProblem } from "./ops";
import { opsPackHunk, opsPackVersion } from "./pack";

/**
 * The studio in the operators' console (`/api/ops/pack/draft/`): the draft's files, saves that
 * name what they replace, the check by station, the forms over station.yaml and game.yaml,
 * media, ink compiled as it is typed, and the publish.
 */

/**
 * A file's path within the pack as the studio names it: parts of letters, digits, `.`, `_` and
 * `-` between slashes, none starting with a dot.
 */
export const packPath = z
  .string()
  .max(240)
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/, "not a pack path");

/** How a file of the draft stands against the version the draft started from. */
export const opsDraftStates = ["same", "added", "changed", "removed"] as const;

/** A file of the studio's draft: the version's file, or the draft's change of it. */
export const opsDraftFile = z.object({
  path: z.string(),
  /** The content's SHA-256; null where the draft removes the file. */
  hash: z.string().nullable(),
  size: z.number().int().min(0),
  state: z.enum(opsDraftStates),
  /** Who changed it in the draft, and when (ISO 8601); null for a file as the version has it. */
  by: z.string().nullable(),
  at: z.string().nullable(),
});
export type OpsDraftFile = z.infer<typeof opsDraftFile>;

/** `GET /api/ops/pack/draft`: the draft's files, removed ones included, sorted by path. */
export const opsDraft = z.object({
  /** The version the draft changes, and the live version (another may have gone live since). */
  base: z.number().int().positive(),
  live: z.number().int().positive(),
  /** Their numbers in the game, as the console shows them. */
  baseNumber: z.number().int().positive(),
  liveNumber: z.number().int().positive(),
  files: z.array(opsDraftFile),
  /** How many files the draft changes. */
  changed: z.number().int().min(0),
});
export type OpsDraft = z.infer<typeof opsDraft>;

export const opsDraftFileQuery = z.object({ path: packPath });

/** A text file of the draft as the studio edits it: `hash` is what a save must name. */
export const opsDraftText = z.object({
  path: z.string(),
  hash: z.string().nullable(),
  text: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
});
export type OpsDraftText = z.infer<typeof opsDraftText>;

/**
 * A text file may have this many characters in the studio (the longest script of the demo has
 * 9,000): a save stays within the API's body limit of 1 MiB in any script.
 */
export const DRAFT_TEXT_LIMIT = 256 * 1024;

/**
 * `PUT /api/ops/pack/draft/file`: a text file's new content; `replaces` is the hash of the
 * content the author started from (null: a new file), so a save never overwrites another's unseen.
 */
export const opsDraftSave = z.object({
  path: packPath,
  text: z.string().max(DRAFT_TEXT_LIMIT),
  replaces: z.string().max(64).nullable(),
});
export type OpsDraftSave = z.infer<typeof opsDraftSave>;

/**
 * `PUT /api/ops/pack/draft/media?path=…&replaces=…`: a medium's bytes as the body, with its
 * content type; `replaces` is the hash of the file the author replaces (none for a new file).
 */
export const opsDraftMediaQuery = z.object({
  path: packPath.regex(
    /\.(jpe?g|png|gif|webp|avif|svg|mp3|mp4|webm)$/i,
    "not a medium the app shows: jpg, png, gif, webp, avif, svg, mp3, mp4 or webm",
  ),
  replaces: z.string().max(64).optional(),
});

/** `DELETE /api/ops/pack/draft/file`: removes a file the author saw with the hash `replaces`. */
export const opsDraftRemove = z.object({ path: packPath, replaces: z.string().max(64) });
export type OpsDraftRemove = z.infer<typeof opsDraftRemove>;

/**
 * What a save or a removal came to: 200 with the file, or 409 with the file as another author
 * saved it meanwhile (its text; hash null where they removed it), which nothing overwrote, and
 * what they changed in the text the save started from.
 */
export const opsDraftSaveOutcome = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), file: opsDraftFile }),
  z.object({ ok: z.literal(false), theirs: opsDraftText, changes: z.array(opsPackHunk) }),
]);
export type OpsDraftSaveOutcome = z.infer<typeof opsDraftSaveOutcome>;

export const opsCheckSeverities = ["error", "warning"] as const;

/** A problem of the check with where to fix it. */
export const opsCheckProblem = contentProblem.extend({ severity: z.enum(opsCheckSeverities) });
export type OpsCheckProblem = z.infer<typeof opsCheckProblem>;

export const opsCheckGroupKinds = ["game", "station", "story"] as const;

/** The problems of one station, one story or the rest of the game. */
export const opsCheckGroup = z.object({
  kind: z.enum(opsCheckGroupKinds),
  /** The station's or story's folder (`stations/3-kirche`); null for the game. */
  folder: z.string().nullable(),
  /** Its number and title as its yaml gives them, where it can be read. */
  id: z.number().int().nullable(),
  title: z.string().nullable(),
  problems: z.array(opsCheckProblem),
});
export type OpsCheckGroup = z.infer<typeof opsCheckGroup>;

/** `POST /api/ops/pack/draft/check`: the checks of `content:check` on the draft. */
export const opsDraftCheck = z.object({
  /** No errors: the draft can be published (warnings do not stop it). */
  ok: z.boolean(),
  errors: z.number().int().min(0),
  warnings: z.number().int().min(0),
  groups: z.array(opsCheckGroup),
});
export type OpsDraftCheck = z.infer<typeof opsDraftCheck>;

/**
 * `POST /api/ops/pack/draft/publish`: 200 with the new live version, or 422 with the check
 * that refused it (nothing was published).
 */
export const opsDraftPublishOutcome = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), version: opsPackVersion, warnings: z.array(contentProblem) }),
  z.object({ ok: z.literal(false), check: opsDraftCheck }),
]);
export type OpsDraftPublishOutcome = z.infer<typeof opsDraftPublishOutcome>;
