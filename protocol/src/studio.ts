import { z } from "zod";
import { languageSchema, teamsSettings } from "./config";
import { stationStyleSchema, stationTriggerSchema, stationViewSchema } from "./events";
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

/** A station's folder in the pack: `stations/<id>-<name>`. */
export const stationFolder = z
  .string()
  .max(120)
  .regex(/^stations\/[1-9][0-9]{0,9}-[A-Za-z0-9_-]{0,80}$/, "not a station's folder");

/** A station's texts in one language, as the studio's form edits them ("" for none). */
export const opsStationTexts = z.object({
  title: z.string().max(200),
  desc: z.string().max(4000),
  descDone: z.string().max(4000),
  longDesc: z.string().max(20_000),
});
export type OpsStationTexts = z.infer<typeof opsStationTexts>;

/** What the studio's station form edits of a station.yaml; the rest of the file is kept. */
export const opsStationForm = z.object({
  name: z.string().min(1).max(100),
  /** The character who speaks, per language ("" for none); German is required. */
  character: z
    .partialRecord(languageSchema, z.string().max(100))
    .refine((names) => (names.de ?? "").trim() !== "", "the character needs a German name"),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  points: z.number().int().min(0).max(100_000),
  group: z.string().max(100),
  view: stationViewSchema,
  style: stationStyleSchema,
  visible: z.union([z.boolean(), z.enum(["shown", "secret"])]),
  live: z.boolean(),
  trigger: stationTriggerSchema,
  /** Metres around the place for `near` and `qr-or-near`; null: the default (40). */
  radius: z.number().positive().max(100_000).nullable(),
  texts: z.partialRecord(languageSchema, opsStationTexts),
});
export type OpsStationForm = z.infer<typeof opsStationForm>;

/** Another station of the draft, for the map. */
export const opsStationPlace = z.object({
  folder: z.string(),
  title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type OpsStationPlace = z.infer<typeof opsStationPlace>;

/** `GET /api/ops/pack/draft/station?folder=…`: a station's form, as the draft has it. */
export const opsStationEdit = z.object({
  folder: z.string(),
  id: z.number().int().positive(),
  /** The station.yaml's hash: what a save names. */
  hash: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  form: opsStationForm,
  /** The pack's languages, the default first. */
  languages: z.array(languageSchema),
  /** The scripts the station has, by language (`script.de.ink`...). */
  scripts: z.array(z.string()),
  others: z.array(opsStationPlace),
});
export type OpsStationEdit = z.infer<typeof opsStationEdit>;

export const opsStationQuery = z.object({ folder: stationFolder });

/** `PUT /api/ops/pack/draft/station`: the form saved over the station.yaml of hash `replaces`. */
export const opsStationSave = z.object({
  folder: stationFolder,
  form: opsStationForm,
  replaces: z.string().max(64),
});
export type OpsStationSave = z.infer<typeof opsStationSave>;

/** `POST /api/ops/pack/draft/stations`: a new station with a title, its first dialogue and a place. */
export const opsStationCreate = z.object({ title: z.string().trim().min(1).max(200) });
export type OpsStationCreate = z.infer<typeof opsStationCreate>;

export const opsStationCreated = z.object({ folder: z.string(), id: z.number().int().positive() });
export type OpsStationCreated = z.infer<typeof opsStationCreated>;

/** `POST /api/ops/pack/draft/compile`: a script as the author types it, compiled as it stands. */
export const opsInkCompileRequest = z.object({
  path: packPath.regex(/\.ink$/, "not an ink script"),
  text: z.string().max(DRAFT_TEXT_LIMIT),
});
export type OpsInkCompileRequest = z.infer<typeof opsInkCompileRequest>;

/** A problem of a script, with the name it most likely meant ("did you mean"). */
export const opsInkProblem = z.object({
  line: z.number().int().optional(),
  message: z.string(),
  suggestion: z.object({ wrong: z.string(), right: z.string() }).optional(),
});
export type OpsInkProblem = z.infer<typeof opsInkProblem>;

export const opsInkCompiled = z.object({
  problems: z.array(opsInkProblem),
  /** How long the compile took on the server, in milliseconds. */
  ms: z.number().min(0),
});
export type OpsInkCompiled = z.infer<typeof opsInkCompiled>;

/** What the studio's game form edits of game.yaml; the rest of the file is kept. */
export const opsGameForm = z
  .object({
    /** The game's title per language ("" for none); the default language's is required. */
    title: z.partialRecord(languageSchema, z.string().max(200)),
    defaultLanguage: languageSchema,
    /** The languages the game is written in, checked for translations. */
    languages: z.array(languageSchema).min(1).max(8),
    teams: z.enum(teamsSettings),
    registrationLess: z.boolean(),
    followBrowserLanguage: z.boolean(),
    allowGeolocation: z.boolean(),
    debug: z.boolean(),
  })
  .refine((form) => (form.title[form.defaultLanguage] ?? "").trim() !== "", {
    message: "the game needs a title in its default language",
    path: ["title"],
  });
export type OpsGameForm = z.infer<typeof opsGameForm>;

/** `GET /api/ops/pack/draft/game`: the game's settings as the draft's game.yaml has them. */
export const opsGameEdit = z.object({
  hash: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  form: opsGameForm,
});
export type OpsGameEdit = z.infer<typeof opsGameEdit>;

/** `PUT /api/ops/pack/draft/game`: the form saved over the game.yaml of hash `replaces`. */
export const opsGameSave = z.object({ form: opsGameForm, replaces: z.string().max(64) });

/** A story's folder in the pack: `stories/<id>-<name>`. */
export const storyFolder = z
  .string()
  .max(120)
  .regex(/^stories\/[1-9][0-9]{0,9}-[A-Za-z0-9_-]{0,80}$/, "not a story's folder");

/** A story's texts in one language, as the studio's form edits them ("" for none). */
export const opsStoryTexts = z.object({
  chapter: z.string().max(200),
  headline: z.string().max(200),
  text: z.string().max(50_000),
  /** The story's narration in this language: a media path (`stories/2/erzaehlung.mp3`). */
  audio: z.string().max(240),
});
export type OpsStoryTexts = z.infer<typeof opsStoryTexts>;

/** What the studio's story form edits of a story.yaml; the rest of the file is kept. */
export const opsStoryForm = z
  .object({
    name: z.string().min(1).max(100),
    live: z.boolean(),
    /** Offered once the player has this many stations with points. */
    requiredPoints: z.number().int().min(0).max(100_000),
    /** A media path (`stories/2/bild.png`), "" for none. */
    image: z.string().max(240),
    texts: z.partialRecord(languageSchema, opsStoryTexts),
  })
  .refine((form) => (form.texts.de?.headline ?? "").trim() !== "", {
    message: "a story needs a German headline",
    path: ["texts"],
  });
export type OpsStoryForm = z.infer<typeof opsStoryForm>;

/** `GET /api/ops/pack/draft/story?folder=…`: a story's form, as the draft has it. */
export const opsStoryEdit = z.object({
  folder: z.string(),
  id: z.number().int().positive(),
  hash: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  form: opsStoryForm,
  languages: z.array(languageSchema),
  /** The media the story's folder holds, as the yaml names them (`stories/2/bild.png`). */
  images: z.array(z.string()),
  audio: z.array(z.string()),
});
export type OpsStoryEdit = z.infer<typeof opsStoryEdit>;

export const opsStoryQuery = z.object({ folder: storyFolder });

/** `PUT /api/ops/pack/draft/story`: the form saved over the story.yaml of hash `replaces`. */
export const opsStorySave = z.object({
  folder: storyFolder,
  form: opsStoryForm,
  replaces: z.string().max(64),
});
