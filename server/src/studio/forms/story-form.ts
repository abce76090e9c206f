import { languages } from "@wegmarke/protocol";
import type { Language, OpsStoryForm, OpsStoryTexts } from "@wegmarke/protocol";
import { isScalar, parse, parseDocument } from "yaml";
import { storySchema } from "../../content/schema";
import { formatIssues } from "../../validation";
import { editYaml } from "./yaml-edit";
import type { YamlEdit } from "./yaml-edit";

/** A story.yaml as the studio's form shows it, or why it cannot. */
export type ReadStory =
  { ok: true; id: number; form: OpsStoryForm } | { ok: false; reason: string };

const FIELDS = ["chapter", "headline", "text", "audio"] as const;

/** Reads a story.yaml into the form; a file the loader would refuse is refused here too. */
export function readStory(text: string): ReadStory {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return { ok: false, reason: `story.yaml cannot be read: ${(error as Error).message}` };
  }
  const parsed = storySchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, reason: `story.yaml: ${formatIssues(parsed.error, "story")}` };
  }
  const story = parsed.data;
  const texts: OpsStoryForm["texts"] = {};
  for (const language of languages) {
    const given: OpsStoryTexts = {
      chapter: story.chapter[language] ?? "",
      headline: story.headline[language] ?? "",
      text: story.text[language] ?? "",
      audio: story.audio?.[language] ?? "",
    };
    if (language === "de" || FIELDS.some((field) => given[field] !== "")) texts[language] = given;
  }
  return {
    ok: true,
    id: story.id,
    form: {
      name: story.name,
      live: story.live,
      requiredPoints: story.requiredPoints,
      image: story.image ?? "",
      texts,
    },
  };
}

/**
 * The story.yaml `text` with the form's values: only what changed is written (yaml-edit.ts),
 * so comments, order and the rest of the file stay.
 */
export function writeStory(text: string, form: OpsStoryForm): string {
  const before = readStory(text);
  const old = before.ok ? before.form : undefined;
  const edits: YamlEdit[] = [];
  if (old?.name !== form.name) edits.push({ path: ["name"], value: form.name });
  if (old?.live !== form.live) edits.push({ path: ["live"], value: form.live });
  if (old?.requiredPoints !== form.requiredPoints) {
    edits.push({ path: ["requiredPoints"], value: form.requiredPoints });
  }
  if (old?.image !== form.image) {
    edits.push(
      form.image === ""
        ? { path: ["image"], remove: true }
        : { path: ["image"], value: form.image },
    );
  }
  const doc = parseDocument(text);
  for (const field of FIELDS) {
    const now = valuesOf(form, field);
    const was = old ? valuesOf(old, field) : {};
    if (JSON.stringify(now) === JSON.stringify(was)) continue;
    // One value for every language (`audio: x.mp3`), or none yet: the field is written whole.
    if (!doc.hasIn([field]) || isScalar(doc.get(field, true))) {
      const whole = Object.keys(now).length === 0 ? undefined : now;
      edits.push(
        whole === undefined ? { path: [field], remove: true } : { path: [field], value: whole },
      );
      continue;
    }
    for (const language of languages) {
      const value = now[language];
      if (value === was[language]) continue;
      edits.push(
        value === undefined
          ? { path: [field, language], remove: true }
          : { path: [field, language], value },
      );
    }
  }
  return editYaml(text, edits);
}

/** A field's values by language, the empty ones left out (German's texts kept, even empty). */
function valuesOf(
  form: OpsStoryForm,
  field: (typeof FIELDS)[number],
): Partial<Record<Language, string>> {
  const values: Partial<Record<Language, string>> = {};
  for (const language of languages) {
    const value = form.texts[language]?.[field] ?? "";
    if (value !== "" || (language === "de" && field !== "audio" && form.texts.de))
      values[language] = value;
  }
  return values;
}
