import { z } from "zod";
import { clockTime } from "./clock";
import { languageSchema, teamsSettings } from "./config";
import { stationStyleSchema, stationTriggerSchema, stationViewSchema } from "./events";
import { DRAFT_TEXT_LIMIT, packPath } from "./studio";

/**
 * The studio's forms over station.yaml, story.yaml and game.yaml, a new station, and a script
 * compiled as the author types it (`/api/ops/pack/draft/`).
 */

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

/**
 * The station's idle reminder (station.yaml `reminder`): after `after` without an answer or a
 * tap, the character says `text`, or `hint` while the question offers a hint ("" for none).
 */
export const opsStationReminder = z.object({
  after: z.string().regex(/^[1-9][0-9]{0,4}[smh]$/, "expected a duration like 30s, 5m or 1h"),
  text: z.partialRecord(languageSchema, z.string().max(1000)),
  hint: z.partialRecord(languageSchema, z.string().max(1000)),
});
export type OpsStationReminder = z.infer<typeof opsStationReminder>;

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
  /** The station's picture, a media path (`stations/3/rathaus.jpg`); "" for none. */
  image: z.string().max(240),
  texts: z.partialRecord(languageSchema, opsStationTexts),
  /** null: the station never reminds. */
  reminder: opsStationReminder
    .refine(
      (reminder) =>
        (reminder.text.de ?? "").trim() !== "" || (reminder.hint.de ?? "").trim() !== "",
      "the reminder needs a German text, a German hint offer, or both",
    )
    .nullable(),
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
  /** The pictures the station's folder holds, as station.yaml names them (`stations/3/a.jpg`). */
  images: z.array(z.string()),
  others: z.array(opsStationPlace),
  /** The draft's map has tiles and the server an address search (`GEOCODER_URL`). */
  addressSearch: z.boolean(),
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

/** A colour as game.yaml writes it, or "" for the app's own. */
const formColor = z.union([
  z.literal(""),
  z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "expected a colour like #c2562f" }),
]);

/** game.yaml `app`: the app as a phone installs it; "" leaves a key out (the app's own). */
export const opsAppLook = z.object({
  /** The name under the icon. */
  shortName: z.string().trim().max(12, { error: "at most 12 characters" }),
  themeColor: formColor,
  backgroundColor: formColor,
  /** A square picture of the pack's app/ folder. */
  icon: z.string().max(300),
});
export type OpsAppLook = z.infer<typeof opsAppLook>;

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
    app: opsAppLook,
    /** game.yaml `clock`: the game's start and end ("" for none), ISO 8601 with offset. */
    clock: z.object({
      start: z.union([z.literal(""), clockTime]),
      end: z.union([z.literal(""), clockTime]),
    }),
  })
  .refine((form) => (form.title[form.defaultLanguage] ?? "").trim() !== "", {
    message: "the game needs a title in its default language",
    path: ["title"],
  })
  .refine(
    ({ clock }) =>
      clock.start === "" || clock.end === "" || Date.parse(clock.start) < Date.parse(clock.end),
    { message: "the game must end after it starts", path: ["clock", "end"] },
  );
export type OpsGameForm = z.infer<typeof opsGameForm>;

/** `GET /api/ops/pack/draft/game`: the game's settings as the draft's game.yaml has them. */
export const opsGameEdit = z.object({
  hash: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  form: opsGameForm,
  /** The pictures the app's icon may be: of the draft's app/ folder. */
  pictures: z.array(z.string()),
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
