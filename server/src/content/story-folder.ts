import path from "node:path";
import { languages } from "@wegmarke/protocol";
import { folderNameProblems, givenId, givenIn, otherLanguages } from "./drafts";
import type { FolderDraft, LineOf, MediaUse, Untranslated } from "./drafts";
import type { ContentProblem, Story } from "./model";
import { readText } from "./pack-files";
import { storySchema, storySummarySchema } from "./schema";
import type { StoryFile, StorySummary } from "./schema";
import { parseYamlFile } from "./yaml-file";

/** Reads one story folder: `stories/<id>-<name>/story.yaml`. */
export async function loadStory(
  root: string,
  folder: string,
): Promise<FolderDraft<Story, StorySummary>> {
  const rel = `stories/${folder}`;
  const yamlFile = `${rel}/story.yaml`;
  const text = await readText(root, yamlFile);
  const yaml = typeof text === "string" ? parseYamlFile(yamlFile, text, storySchema) : undefined;
  const config = yaml?.value;
  const lineOf = yaml?.lineOf ?? (() => undefined);
  const summary = storySummarySchema.safeParse(yaml?.data).data;
  const draft = { folder, yamlFile, id: givenId(yaml?.data), lineOf, summary };
  const media: MediaUse[] = [];
  const problems: ContentProblem[] = [
    ...(typeof text === "string" ? [] : [text]),
    ...(yaml?.problems ?? []),
    ...folderNameProblems(draft),
  ];
  if (config?.image) {
    media.push({ file: yamlFile, line: lineOf(["image"]), ref: config.image, webAllowed: false });
  }
  for (const lang of languages) {
    const audio = config?.audio?.[lang];
    if (audio === undefined) continue;
    // A plain string is stored as `de`, so its line is the `audio` key's own.
    const line = lineOf(["audio", lang]);
    media.push({ file: yamlFile, line, ref: audio, webAllowed: false });
    // The app's story player is an audio element fed mp3 (spec: "per-slug images and mp3").
    if (!/\.mp3$/i.test(audio))
      problems.push({ file: yamlFile, line, message: `${audio}: not an mp3 file` });
  }
  const value =
    config && problems.length === 0 ? { ...config, dir: path.join(root, rel) } : undefined;
  const untranslated = config ? missingLanguages(config, yaml?.data, lineOf) : [];
  return { ...draft, value, media, problems, untranslated };
}

const TEXTS = ["chapter", "headline", "text", "audio"] as const;

/** Per language but German: the texts (and the audio) a story does not give in it. */
function missingLanguages(config: StoryFile, data: unknown, lineOf: LineOf): Untranslated[] {
  return otherLanguages.flatMap((language) => {
    const parts = TEXTS.filter(
      (key) => config[key] !== undefined && !givenIn(data, [key], language),
    );
    const [first] = parts;
    return first === undefined ? [] : [{ language, parts, line: lineOf([first]) }];
  });
}
