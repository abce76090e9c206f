import type { Language } from "@wegmarke/protocol";
import type { FolderDraft } from "./drafts";
import type { ContentProblem } from "./model";
import type { StationSummary } from "./schema";
import type { StationDraft } from "./station-folder";

/**
 * The checks whose findings are warnings: the pack works, but players may not get what the
 * author meant. Warnings never refuse a pack.
 */

const LANGUAGE_NAMES: Record<Language, string> = {
  de: "German",
  "de-formal": "German formal",
  en: "English",
};

/** One warning per station or story and language the pack declares that lacks a part in it. */
export function translationWarnings(
  drafts: FolderDraft<unknown>[],
  declared: readonly Language[],
): ContentProblem[] {
  return drafts.flatMap((d) =>
    d.untranslated
      .filter((u) => declared.includes(u.language))
      .map((u) => {
        const name = LANGUAGE_NAMES[u.language];
        const fallback = u.language === "de-formal" ? "the informal German" : "the German";
        const message = `missing in ${name} (${u.language}): ${u.parts.join(", ")}; players who chose ${name} get ${fallback}`;
        return { file: d.yamlFile, line: u.line, message };
      }),
  );
}

/**
 * A `#recommend: <id>` leads to the station whose `name` is the id, if that station is live
 * and not `visible: false` (web/src/game/news.ts); else it leads to the station that sent it.
 * An id that names such a station, or nearly names one (a typo), most likely meant to lead there.
 */
export function recommendationWarnings(stations: StationDraft[]): ContentProblem[] {
  const named = stations.flatMap(({ folder, summary }) =>
    summary ? [{ ...summary, folder: `stations/${folder}` }] : [],
  );
  return stations
    .flatMap((d) => d.recommendations)
    .flatMap(({ file, line, id }) => {
      const message = recommendationMessage(id, named);
      return message === undefined
        ? []
        : [{ file, line, message: `#recommend: ${id}: ${message}` }];
    });
}

function recommendationMessage(
  id: string,
  stations: (StationSummary & { folder: string })[],
): string | undefined {
  const instead = "so it leads to the station that sent it";
  const target = stations.find((s) => s.name === id);
  if (target) {
    if (!target.live) return `${target.folder} is live: false, ${instead}`;
    if (target.visible === false) return `${target.folder} is visible: false, ${instead}`;
    return undefined;
  }
  const near = stations.find((s) => isTypo(id, s.name));
  return near && `no station is named ${id} (did you mean ${near.name}?), ${instead}`;
}

/** `a` differs from `b` by case or by a letter or two, for a name long enough to tell. */
function isTypo(a: string, b: string): boolean {
  const allowed = Math.min(2, Math.floor(b.length / 4));
  return editDistance(a.toLowerCase(), b.toLowerCase()) <= allowed;
}

/** Levenshtein distance: the fewest letters to insert, delete or change to make `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, change);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
