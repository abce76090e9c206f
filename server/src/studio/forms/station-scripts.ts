import { languages } from "@wegmarke/protocol";
import type { Language, OpsScriptCreated } from "@wegmarke/protocol";
import { parse } from "yaml";
import { translationDraft } from "../../content/ink-translation";
import { declaredLanguages } from "../../content/loader";
import { gameSummarySchema } from "../../content/schema";
import { ServiceError } from "../../errors";
import type { PackDrafts } from "../pack-drafts";

/**
 * The languages the draft's game.yaml says the game is written in, as the check reads them: those
 * it lists, or else those its title is given in and the default one.
 */
export async function gameLanguages(drafts: PackDrafts): Promise<Language[]> {
  let data: unknown;
  try {
    data = parse((await drafts.text("game.yaml")).text);
  } catch {
    data = undefined;
  }
  return declaredLanguages(gameSummarySchema.safeParse(data).data ?? {});
}

/**
 * The scripts a new station gets besides its German one: one for every other language of the
 * game, each the German marked for translation.
 */
export function otherScripts(german: string, game: Language[]): [Language, string][] {
  const draft = translationDraft(german);
  return game.filter((language) => language !== "de").map((language) => [language, draft]);
}

/**
 * A station's dialogue in another language of the game, begun from one it has (the default
 * language's first): the same story, every line a player reads marked `// übersetzen`.
 */
export async function addStationScript(
  drafts: PackDrafts,
  folder: string,
  language: Language,
  by: string | null,
): Promise<OpsScriptCreated> {
  // A folder without station.yaml is no station: 404.
  await drafts.text(`${folder}/station.yaml`);
  const game = await gameLanguages(drafts);
  if (!game.includes(language)) {
    throw new ServiceError(
      400,
      `the game is not written in ${language}: game.yaml's languages are ${game.join(", ")}`,
    );
  }
  const path = `${folder}/script.${language}.ink`;
  const draft = await drafts.draft();
  const present = new Set(draft.files.filter((f) => f.hash !== null).map((f) => f.path));
  if (present.has(path)) throw new ServiceError(409, `${path} exists already`);
  const from = [...game, ...languages]
    .map((other) => `${folder}/script.${other}.ink`)
    .find((script) => script !== path && present.has(script));
  if (from === undefined) throw new ServiceError(409, `${folder} has no script to begin from`);
  const source = await drafts.text(from);
  const saved = await drafts.save(path, translationDraft(source.text), null, by);
  if (!saved.ok) throw new ServiceError(409, `${path} was made by someone else meanwhile`);
  return { path, from };
}
