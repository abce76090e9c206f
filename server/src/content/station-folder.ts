import { readdir } from "node:fs/promises";
import path from "node:path";
import { languages, TRANSLATE_MARK } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import { folderNameProblems, givenId, givenIn, otherLanguages } from "./drafts";
import type { FolderDraft, LineOf, MediaUse, Untranslated } from "./drafts";
import { compileInkFile } from "./ink-file";
import type { Recommendation } from "./ink-file";
import { missionPointsWarnings } from "./ink-missions";
import { untranslatedLines } from "./ink-translation";
import type { ContentProblem, Station } from "./model";
import { readText } from "./pack-files";
import { stationSchema, stationSummarySchema } from "./schema";
import type { StationFile, StationSummary } from "./schema";
import { parseYamlFile } from "./yaml-file";

/** A `#recommend: <id>` of one of the station's scripts. */
type RecommendationUse = Recommendation & { file: string };

/**
 * A station folder as read, with the recommendations its scripts give and what its scripts
 * alone show to warn of (a mission worth more than the station).
 */
export type StationDraft = FolderDraft<Station, StationSummary> & {
  recommendations: RecommendationUse[];
  warnings: ContentProblem[];
};

/** Reads one station folder: `station.yaml` and its `script.<lang>.ink` files. */
export async function loadStation(root: string, folder: string): Promise<StationDraft> {
  const rel = `stations/${folder}`;
  const yamlFile = `${rel}/station.yaml`;
  const text = await readText(root, yamlFile);
  const yaml = typeof text === "string" ? parseYamlFile(yamlFile, text, stationSchema) : undefined;
  const config = yaml?.value;
  const lineOf = yaml?.lineOf ?? (() => undefined);
  const scripts = await loadScripts(root, rel, config?.points ?? 0);
  const summary = stationSummarySchema.safeParse(yaml?.data).data;
  const draft = { folder, yamlFile, id: givenId(yaml?.data), lineOf, summary };
  const problems = [
    ...(typeof text === "string" ? [] : [text]),
    ...(yaml?.problems ?? []),
    ...folderNameProblems(draft),
    ...triggerProblems(config, yamlFile, lineOf),
    ...scripts.problems,
  ];
  const value =
    config && scripts.compiled && problems.length === 0
      ? { ...config, scripts: scripts.compiled, dir: path.join(root, rel) }
      : undefined;
  const media: MediaUse[] = [];
  if (config?.image) {
    media.push({ file: yamlFile, line: lineOf(["image"]), ref: config.image, webAllowed: false });
  }
  for (const lang of languages) {
    const content = config?.texts[lang]?.content;
    if (content === undefined) continue;
    const line = lineOf(["texts", lang, "content"]);
    media.push({ file: yamlFile, line, ref: content, webAllowed: true });
  }
  const untranslated = config
    ? missingLanguages(config, yaml?.data, scripts.languages, lineOf)
    : [];
  return {
    ...draft,
    value,
    media: [...media, ...scripts.media],
    problems,
    untranslated,
    recommendations: scripts.recommendations,
    warnings: scripts.warnings,
  };
}

/** `radius:` means something only to a station that opens near its place. */
function triggerProblems(
  config: StationFile | undefined,
  file: string,
  lineOf: LineOf,
): ContentProblem[] {
  if (config?.radius === undefined) return [];
  if (config.trigger === "near" || config.trigger === "qr-or-near") return [];
  const message = `radius applies only to trigger near or qr-or-near (this station's trigger is ${config.trigger ?? "list"})`;
  return [{ file, line: lineOf(["radius"]), message }];
}

/**
 * Per language but German: a station lacks its texts, its script, its character's name (when it
 * is given per language) or its reminder's text.
 */
function missingLanguages(
  config: StationFile,
  data: unknown,
  scripts: Language[],
  lineOf: LineOf,
): Untranslated[] {
  return otherLanguages.flatMap((language) => {
    const parts = [
      ...(config.texts[language] ? [] : [`texts.${language}`]),
      ...(scripts.includes(language) ? [] : [`script.${language}.ink`]),
      // A name is the same in formal German.
      ...(language === "de-formal" || givenIn(data, ["character"], language)
        ? []
        : [`character.${language}`]),
      ...(["text", "hint"] as const).flatMap((key) =>
        config.reminder?.[key] && !givenIn(data, ["reminder", key], language)
          ? [`reminder.${key}.${language}`]
          : [],
      ),
    ];
    return parts.length === 0 ? [] : [{ language, parts, line: lineOf(["texts"]) }];
  });
}

const SCRIPT_FILE = /^script\.(.+)\.ink$/;

/** A script's lines still marked for translation (ink-translation.ts): how many, and the first. */
function untranslatedWarnings(file: string, text: string): ContentProblem[] {
  const [first, ...rest] = untranslatedLines(text);
  if (first === undefined) return [];
  const count = rest.length === 0 ? "1 line" : `${rest.length + 1} lines`;
  const message = `${count} not yet translated (marked ${TRANSLATE_MARK}; first at line ${first})`;
  return [{ file, line: first, message }];
}

/**
 * Compiles every `script.<lang>.ink` of a station folder; `compiled` needs at least `de`. A
 * station worth points needs `VAR points` in every script: the engine awards that variable.
 */
async function loadScripts(
  root: string,
  rel: string,
  maxPoints: number,
): Promise<{
  compiled: Station["scripts"] | undefined;
  /** The languages the folder has a script in, whether it compiled or not. */
  languages: Language[];
  media: MediaUse[];
  recommendations: RecommendationUse[];
  problems: ContentProblem[];
  warnings: ContentProblem[];
}> {
  const names = (await readdir(path.join(root, rel))).filter((n) => SCRIPT_FILE.test(n));
  const compiled: Partial<Record<Language, string>> = {};
  const found: Language[] = [];
  const media: MediaUse[] = [];
  const recommendations: RecommendationUse[] = [];
  const problems: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];
  for (const name of names.sort()) {
    const file = `${rel}/${name}`;
    const lang = languages.find((l) => name === `script.${l}.ink`);
    if (!lang) {
      problems.push({ file, message: `unknown language: use one of ${languages.join(", ")}` });
      continue;
    }
    found.push(lang);
    const text = await readText(root, file);
    if (typeof text !== "string") {
      problems.push(text);
      continue;
    }
    const ink = compileInkFile(file, text);
    problems.push(...ink.problems);
    if (maxPoints > 0 && ink.declaresPoints === false) {
      const message = `never declares VAR points, so it always awards 0 of the ${maxPoints} points in station.yaml: add VAR points = 0 and ~ points = …`;
      problems.push({ file, message });
    }
    warnings.push(...missionPointsWarnings(file, ink.missions, maxPoints));
    warnings.push(...untranslatedWarnings(file, text));
    media.push(...ink.contentRefs.map((r) => ({ file, ...r, webAllowed: true })));
    recommendations.push(...ink.recommendations.map((r) => ({ file, ...r })));
    if (ink.json !== undefined) compiled[lang] = ink.json;
  }
  if (!names.includes("script.de.ink")) {
    problems.push({ file: `${rel}/script.de.ink`, message: "missing: every station needs one" });
  }
  const { de } = compiled;
  return {
    compiled: de === undefined ? undefined : { ...compiled, de },
    languages: found,
    media,
    recommendations,
    problems,
    warnings,
  };
}
