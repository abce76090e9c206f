import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { ContentProblem } from "./model";

/** What a station or story folder, or game.yaml, yields before the checks that span the pack. */

/** A media file the pack names: where it is named and what it names. */
export type MediaUse = {
  file: string;
  line: number | undefined;
  ref: string;
  /**
   * Set for content shown in a message (a script's `#content`, a station text's `content`): it
   * may be an https URL, and a file must be of a type the app shows. Images and audio named
   * elsewhere must be files.
   */
  webAllowed: boolean;
};

/** The line of the key at a yaml path, or of its nearest existing parent. */
export type LineOf = (path: readonly PropertyKey[]) => number | undefined;

/** One numbered folder (`stations/3-kirche`, `stories/1-anfang`) as read. */
export type FolderDraft<T, S = unknown> = {
  folder: string;
  yamlFile: string;
  /** The id the yaml gives, when it gives one. */
  id: number | undefined;
  lineOf: LineOf;
  /**
   * What the checks across the pack read from the yaml file (`stationSummarySchema`,
   * `storySummarySchema`); undefined when those keys cannot be read.
   */
  summary: S | undefined;
  /** Set only when the folder itself has no problems. */
  value: T | undefined;
  media: MediaUse[];
  problems: ContentProblem[];
  /** What of the folder is not given in each language but German. */
  untranslated: Untranslated[];
};

/** The parts of a station or story (`texts.en`, `script.en.ink`, `headline`) missing in `language`. */
export type Untranslated = {
  language: Exclude<Language, "de">;
  parts: string[];
  line: number | undefined;
};

/** The languages a pack may translate its German into. */
export const otherLanguages = languages.filter(
  (language): language is Exclude<Language, "de"> => language !== "de",
);

/**
 * Whether the text at `path` of a yaml file as parsed serves `language`: a plain string serves
 * every language, a text per language only those it names.
 */
export function givenIn(data: unknown, path: readonly string[], language: Language): boolean {
  let value = data;
  for (const key of path) {
    if (typeof value !== "object" || value === null || !(key in value)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return (
    typeof value === "string" || (typeof value === "object" && value !== null && language in value)
  );
}

/** The folder's name starts with `<id>-`, so that an operator finds a station or story by id. */
export function folderNameProblems(draft: {
  folder: string;
  yamlFile: string;
  id: number | undefined;
  lineOf: LineOf;
}): ContentProblem[] {
  const { folder, yamlFile, id } = draft;
  if (id === undefined || folder.startsWith(`${id}-`)) return [];
  const message = `id ${id}: the folder's name must start with "${id}-"`;
  return [{ file: yamlFile, line: draft.lineOf(["id"]), message }];
}

/**
 * The id a yaml file gives, even when the file has other problems: media paths and duplicate
 * checks find the folder by it, so one wrong key does not make every `stations/<id>/…` unknown.
 */
export function givenId(data: unknown): number | undefined {
  if (typeof data !== "object" || data === null || !("id" in data)) return undefined;
  const { id } = data;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : undefined;
}
