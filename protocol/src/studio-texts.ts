import { z } from "zod";
import { languageSchema } from "./config";
import { packPath } from "./studio";

/** A text in each language of the game ("" or absent for none; German is the fallback). */
const localized = z.partialRecord(languageSchema, z.string().max(20_000));
export type OpsLocalized = z.infer<typeof localized>;

const headed = z.object({ headline: localized, text: localized });

/**
 * What the studio's texts form edits of game.yaml: what players read besides the stations and
 * stories. The rest of the file (pictures, the map, settings) is kept.
 */
export const opsGameTextsForm = z.object({
  /** The reply to a wrong answer. */
  rejection: localized,
  /** The reply to a rejected mission; empty in every language: the server's own line. */
  missionRejected: localized,
  /** The four steps of the introduction, each with its picture (null: none). */
  intro: z.array(headed.extend({ image: packPath.nullable() })).max(4),
  /** The help page's questions and answers. */
  help: z.array(headed).max(100),
  /** Texts the news form offers hosts to send. */
  news: z.array(localized).max(100),
  /** The crest's picture and caption for each count of finished stories. */
  crest: z
    .array(
      z.object({
        finishedStories: z.number().int().min(0).max(10_000),
        image: packPath,
        caption: localized,
      }),
    )
    .max(100),
  /** The privacy notice's text, where the game has one. */
  privacy: localized.nullable(),
  /** Who is responsible for the players' data, as the privacy notice names them. */
  provider: z
    .object({
      name: z.string().trim().min(1, "the provider needs a name").max(200),
      address: z
        .array(z.string().trim().min(1).max(200))
        .min(1, "the provider needs an address")
        .max(10),
      email: z.email("the provider's e-mail address is not one").max(200),
    })
    .nullable(),
});
export type OpsGameTextsForm = z.infer<typeof opsGameTextsForm>;

/** `GET /api/ops/pack/draft/texts`: the form as the draft's game.yaml has it. */
export const opsGameTextsEdit = z.object({
  hash: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  /** The languages the game is written in: a column each. */
  languages: z.array(languageSchema).min(1),
  form: opsGameTextsForm,
  /** The draft's pictures in intro/ and points/, for the steps and the crest. */
  pictures: z.array(z.string()),
});
export type OpsGameTextsEdit = z.infer<typeof opsGameTextsEdit>;

/** `PUT /api/ops/pack/draft/texts`: the form saved over the game.yaml of hash `replaces`. */
export const opsGameTextsSave = z.object({ form: opsGameTextsForm, replaces: z.string().max(64) });
