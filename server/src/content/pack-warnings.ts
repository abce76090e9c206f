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
 * Two stations with one `name` (a `#recommend:` of it leads to one of them only), and two that
 * players see under one title in a language the pack is written in: they cannot tell them
 * apart. A title a language falls back to German for is reported in German only.
 */
export function sameNameWarnings(
  stations: StationDraft[],
  declared: readonly Language[],
): ContentProblem[] {
  const named = stations.flatMap((d) => (d.summary ? [{ ...d, summary: d.summary }] : []));
  const names = repeats(named, (d) => d.summary.name).map(([first, d]) => ({
    file: d.yamlFile,
    line: d.lineOf(["name"]),
    message: `name ${d.summary.name} is also the name of stations/${first.folder}: a #recommend: ${d.summary.name} leads to one of them only`,
  }));
  const shown = named.filter((d) => d.summary.live && d.summary.visible !== false);
  const titles = declared.flatMap((language) => {
    const titled = shown.flatMap((d) => {
      const texts = d.summary.texts;
      if (!texts) return [];
      const own = texts[language];
      return [{ ...d, title: (own ?? texts.de).title, own: own !== undefined }];
    });
    return repeats(titled, (d) => d.title.trim().toLowerCase())
      .filter(([first, d]) => language === "de" || !declared.includes("de") || first.own || d.own)
      .map(([first, d]) => ({
        file: d.yamlFile,
        line: d.lineOf(["texts", d.own ? language : "de", "title"]),
        message: `the title "${d.title}" is also that of stations/${first.folder} in ${LANGUAGE_NAMES[language]}: players cannot tell the two apart`,
      }));
  });
  return [...names, ...titles];
}

/** Each item whose key an earlier one has, with the first that has it. */
function repeats<T>(items: T[], key: (item: T) => string): [T, T][] {
  const first = new Map<string, T>();
  return items.flatMap((item): [T, T][] => {
    const earlier = first.get(key(item));
    if (earlier === undefined) first.set(key(item), item);
    return earlier === undefined ? [] : [[earlier, item]];
  });
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
