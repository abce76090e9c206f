import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import { parse } from "yaml";
import { editYaml } from "./yaml-edit";
import type { YamlEdit } from "./yaml-edit";

/** What a copy's title gets, per language. */
const COPY_MARK: Record<Language, string> = {
  de: " (Kopie)",
  "de-formal": " (Kopie)",
  en: " (copy)",
};

/** How far east of the original a copy is placed: some 20 metres, its marker beside. */
const BESIDE = 0.0003;

/**
 * `text` with the media of station `from` named as station `to`'s: `stations/3/bild.jpg`
 * becomes `stations/16/bild.jpg`; another station's media (`stations/31/…`) stay.
 */
export function moveMediaPaths(text: string, from: number, to: number): string {
  return text.replace(new RegExp(`(?<![\\w.-])stations/${from}/`, "g"), `stations/${to}/`);
}

/** A name no station has yet: `marktplatz-kopie`, then `marktplatz-kopie-2`... */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  const first = `${name}-kopie`;
  if (!taken.has(first)) return first;
  let number = 2;
  while (taken.has(`${first}-${number}`)) number++;
  return `${first}-${number}`;
}

/**
 * The station.yaml of a copy: the number `id` and the `name` given, every title marked as the
 * copy in its language, placed beside the original, without the original's QR `code` (a code is
 * unique in the pack); media paths are moved with `moveMediaPaths` beforehand.
 */
export function copyStationYaml(text: string, id: number, name: string): string {
  const data = asRecord(parse(text));
  const edits: YamlEdit[] = [{ path: ["id"], value: id }];
  if (data.name !== undefined) edits.push({ path: ["name"], value: name });
  if (typeof data.longitude === "number") {
    edits.push({ path: ["longitude"], value: Number((data.longitude + BESIDE).toFixed(6)) });
  }
  if (data.code !== undefined) edits.push({ path: ["code"], remove: true });
  const texts = asRecord(data.texts);
  for (const language of languages) {
    const title = asRecord(texts[language]).title;
    if (typeof title !== "string") continue;
    edits.push({ path: ["texts", language, "title"], value: `${title}${COPY_MARK[language]}` });
  }
  return editYaml(text, edits);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}
