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
export type FolderDraft<T> = {
  folder: string;
  yamlFile: string;
  /** The id the yaml gives, when it gives one. */
  id: number | undefined;
  lineOf: LineOf;
  /** Set only when the folder itself has no problems. */
  value: T | undefined;
  media: MediaUse[];
  problems: ContentProblem[];
};

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
