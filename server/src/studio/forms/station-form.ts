import { languages } from "@wegmarke/protocol";
import type {
  Language,
  OpsStationForm,
  OpsStationReminder,
  OpsStationTexts,
} from "@wegmarke/protocol";
import { parse } from "yaml";
import type { Reminder } from "../../content/model";
import { stationSchema } from "../../content/schema";
import { formatIssues } from "../../validation";
import { editYaml } from "./yaml-edit";
import type { YamlEdit } from "./yaml-edit";

/** A station.yaml as the studio's form shows it, or why the form cannot show it. */
export type ReadStation =
  { ok: true; id: number; form: OpsStationForm } | { ok: false; reason: string };

const TEXT_KEYS = ["title", "desc", "descDone", "longDesc"] as const;
/** Keys a language's texts must have, even empty. */
const REQUIRED_TEXTS = new Set<string>(["title", "desc"]);

/** Reads a station.yaml into the form; a file the loader would refuse is refused here too. */
export function readStation(text: string): ReadStation {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return { ok: false, reason: `station.yaml cannot be read: ${(error as Error).message}` };
  }
  const parsed = stationSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, reason: `station.yaml: ${formatIssues(parsed.error, "station")}` };
  }
  const station = parsed.data;
  const texts: OpsStationForm["texts"] = {};
  for (const language of languages) {
    const given = station.texts[language];
    if (given) {
      texts[language] = {
        title: given.title,
        desc: given.desc,
        descDone: given.descDone ?? "",
        longDesc: given.longDesc ?? "",
      };
    }
  }
  return {
    ok: true,
    id: station.id,
    form: {
      name: station.name,
      character: { ...station.character },
      latitude: station.latitude,
      longitude: station.longitude,
      points: station.points,
      group: station.group,
      view: station.view,
      style: station.style,
      visible: station.visible,
      live: station.live,
      trigger: station.trigger ?? "list",
      radius: station.radius ?? null,
      image: station.image ?? "",
      texts,
      reminder: station.reminder ? reminderForm(station.reminder) : null,
    },
  };
}

/** A reminder's wait as the form writes it: the largest whole unit (`300000` ms is `5m`). */
function afterText(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${Math.max(1, Math.round(ms / 1000))}s`;
}

function reminderForm(reminder: Reminder): OpsStationReminder {
  return {
    after: afterText(reminder.afterMs),
    text: { ...reminder.text },
    hint: { ...reminder.hint },
  };
}

/** A reminder's text per language, without the languages left empty; none: undefined. */
function given(texts: OpsStationReminder["text"]): Partial<Record<Language, string>> | undefined {
  const kept = Object.entries(texts).filter(([, text]) => text.trim() !== "");
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/** The reminder's edits: the whole key where it comes or goes, else each part that changed. */
function reminderEdits(
  before: OpsStationReminder | null | undefined,
  after: OpsStationReminder | null,
): YamlEdit[] {
  if (JSON.stringify(before ?? null) === JSON.stringify(after)) return [];
  if (after === null) return before ? [{ path: ["reminder"], remove: true }] : [];
  if (!before) {
    const [text, hint] = [given(after.text), given(after.hint)];
    return [
      {
        path: ["reminder"],
        value: { after: after.after, ...(text && { text }), ...(hint && { hint }) },
      },
    ];
  }
  const edits: YamlEdit[] = [];
  if (before.after !== after.after) edits.push({ path: ["reminder", "after"], value: after.after });
  for (const key of ["text", "hint"] as const) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    const value = given(after[key]);
    edits.push(
      value === undefined
        ? { path: ["reminder", key], remove: true }
        : { path: ["reminder", key], value },
    );
  }
  return edits;
}

/**
 * The station.yaml `text` with the form's values: comments, key order and keys the form does not
 * edit (code...) stay as they were; optional values left empty are removed.
 */
export function writeStation(text: string, form: OpsStationForm): string {
  const before = readStation(text);
  const old = before.ok ? before.form : undefined;
  const differs = (key: keyof OpsStationForm) =>
    JSON.stringify(old?.[key]) !== JSON.stringify(form[key]);
  const edits: YamlEdit[] = [];
  const set = (key: keyof OpsStationForm, value: unknown) => {
    if (differs(key)) edits.push({ path: [key], value });
  };
  const setOrDrop = (key: keyof OpsStationForm, value: unknown, absent: unknown) => {
    if (!differs(key)) return;
    edits.push(value === absent ? { path: [key], remove: true } : { path: [key], value });
  };
  set("name", form.name);
  const characters = Object.entries(form.character).filter(([, name]) => name !== "");
  const only = characters.length === 1 ? characters[0] : undefined;
  set("character", only?.[0] === "de" ? only[1] : Object.fromEntries(characters));
  set("latitude", form.latitude);
  set("longitude", form.longitude);
  set("points", form.points);
  setOrDrop("group", form.group, "");
  set("view", form.view);
  set("style", form.style);
  set("visible", form.visible);
  set("live", form.live);
  setOrDrop("trigger", form.trigger, "list");
  setOrDrop("radius", form.radius, null);
  setOrDrop("image", form.image, "");
  for (const language of languages) {
    edits.push(...textEdits(language, old?.texts[language], form.texts[language]));
  }
  edits.push(...reminderEdits(old?.reminder, form.reminder));
  return editYaml(text, edits);
}

/** What changed in one language's texts; a language other than German left empty goes. */
function textEdits(
  language: Language,
  before: OpsStationTexts | undefined,
  after: OpsStationTexts | undefined,
): YamlEdit[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const path = ["texts", language];
  const empty = !after || TEXT_KEYS.every((key) => after[key] === "");
  if (empty && language !== "de") return before ? [{ path, remove: true }] : [];
  return TEXT_KEYS.flatMap((key): YamlEdit[] => {
    const value = after?.[key] ?? "";
    if (before && before[key] === value) return [];
    if (value !== "" || REQUIRED_TEXTS.has(key)) return [{ path: [...path, key], value }];
    return before && before[key] !== "" ? [{ path: [...path, key], remove: true }] : [];
  });
}
