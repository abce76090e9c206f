import { languages } from "@wegmarke/protocol";
import type { Language, OpsStationForm, OpsStationTexts } from "@wegmarke/protocol";
import { parse, parseDocument } from "yaml";
import { stationSchema } from "../content/schema";
import { formatIssues } from "../validation";

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
      texts,
    },
  };
}

/**
 * The station.yaml `text` with the form's values: comments, key order and keys the form does not
 * edit (image, code, reminder...) stay as they were; optional values left empty are removed.
 */
export function writeStation(text: string, form: OpsStationForm): string {
  const doc = parseDocument(text);
  const before = readStation(text);
  const old = before.ok ? before.form : undefined;
  const differs = <K extends keyof OpsStationForm>(key: K) =>
    JSON.stringify(old?.[key]) !== JSON.stringify(form[key]);
  const set = (key: keyof OpsStationForm, value: unknown) => {
    if (differs(key)) doc.setIn([key], value);
  };
  const setOrDrop = (key: keyof OpsStationForm, value: unknown, absent: unknown) => {
    if (!differs(key)) return;
    if (value !== absent) doc.setIn([key], value);
    else if (doc.hasIn([key])) doc.deleteIn([key]);
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
  for (const language of languages) {
    const texts = form.texts[language];
    if (JSON.stringify(old?.texts[language]) !== JSON.stringify(texts)) {
      writeTexts(doc, language, texts);
    }
  }
  return doc.toString({ lineWidth: 0 });
}

type Doc = ReturnType<typeof parseDocument>;

function writeTexts(doc: Doc, language: Language, texts: OpsStationTexts | undefined): void {
  const path = ["texts", language];
  const empty = !texts || TEXT_KEYS.every((key) => texts[key] === "");
  if (empty && language !== "de") {
    if (doc.hasIn(path)) doc.deleteIn(path);
    return;
  }
  for (const key of TEXT_KEYS) {
    const value = texts?.[key] ?? "";
    if (value !== "" || REQUIRED_TEXTS.has(key)) doc.setIn([...path, key], value);
    else if (doc.hasIn([...path, key])) doc.deleteIn([...path, key]);
  }
}
