import type { PluralKey } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { isMarked, unmarked } from "./ink-block-read";

/** One sentence about a line: a text, or a text counting something. */
export type Explanation =
  | { key: TextKey; values?: Record<string, string> }
  | { key: PluralKey; count: number; values?: Record<string, string> };

const MEDIA_KIND: [RegExp, TextKey][] = [
  [/^https?:\\?\/\\?\//, "blocks.line.link"],
  [/\.(mp3)$/i, "blocks.line.audio"],
  [/\.(mp4|webm)$/i, "blocks.line.video"],
  [/\.(jpe?g|png|gif|webp|avif|svg)$/i, "blocks.line.picture"],
];

const DELAY_KEY: Record<string, PluralKey> = {
  s: "blocks.line.delaySeconds",
  m: "blocks.line.delayMinutes",
  h: "blocks.line.delayHours",
};

/** A line's text and its tags (`#from: Max` → ["from", "Max"]); `\#` stays text. */
function split(text: string): { text: string; tags: [string, string][] } {
  const [head = "", ...rest] = text.split(/(?<!\\)#/);
  return {
    text: head.trim(),
    tags: rest.map((tag) => {
      const colon = tag.indexOf(":");
      return colon < 0
        ? [tag.trim(), ""]
        : [tag.slice(0, colon).trim(), tag.slice(colon + 1).trim()];
    }),
  };
}

/** What a line of a script does, in plain words, for the side panel beside the editor. */
export function explainLine(line: string): Explanation[] {
  if (isMarked(line)) {
    return [...explainLine(unmarked(line)), { key: "blocks.line.untranslated" }];
  }
  const code = line.trim();
  if (code === "") return [{ key: "blocks.line.empty" }];
  if (code.startsWith("//") || code.startsWith("/*")) return [{ key: "blocks.line.comment" }];
  const variable = /^(?:VAR|CONST)\s+(\w+)\s*=\s*(.+)$/.exec(code);
  if (variable) {
    const [, name = "", value = ""] = variable;
    return name === "points"
      ? [{ key: "blocks.line.pointsVar", values: { value } }]
      : [{ key: "blocks.line.variable", values: { name, value } }];
  }
  const knot = /^=+\s*(\w+)/.exec(code);
  if (knot) return [{ key: "blocks.line.knot", values: { name: knot[1] ?? "" } }];
  const setPoints = /^~\s*points\s*(\+?)=\s*(\d+)$/.exec(code);
  if (setPoints) {
    const key = setPoints[1] === "+" ? "blocks.line.addPoints" : "blocks.line.setPoints";
    return [{ key, count: Number(setPoints[2]) }];
  }
  if (code.startsWith("~")) return [{ key: "blocks.line.logic", values: { code } }];
  if (/^->\s*END\b/.test(code) || /^->\s*DONE\b/.test(code)) return [{ key: "blocks.line.end" }];
  const divert = /^->\s*([\w.]+)/.exec(code);
  if (divert) return [{ key: "blocks.line.divert", values: { name: divert[1] ?? "" } }];
  const choice = /^([+*])\s*\[(.*)\](.*)$/.exec(code);
  if (choice) return explainChoice(choice[1] === "*", choice[2] ?? "");
  const gather = /^-\s*(?:\((\w+)\))?\s*(.*)$/.exec(code);
  if (gather && !code.startsWith("->")) {
    const [, label, rest = ""] = gather;
    return [
      label === undefined
        ? { key: "blocks.line.gather" }
        : { key: "blocks.line.label", values: { name: label } },
      ...(rest === "" ? [] : explainMessage(rest)),
    ];
  }
  if (/^[{}]|^(INCLUDE|LIST|EXTERNAL)\b|^[+*]/.test(code)) return [{ key: "blocks.line.other" }];
  return explainMessage(code);
}

function explainChoice(once: boolean, inside: string): Explanation[] {
  const { text, tags } = split(inside);
  const has = (name: string) => tags.some(([tag]) => tag === name);
  const value = (name: string) => tags.find(([tag]) => tag === name)?.[1] ?? "";
  if (has("rejected")) return [{ key: "blocks.line.rejected" }];
  if (has("hint")) {
    // `#hint` gives the riddle's next hint for nothing, `#hint: 2` for 2 of the station's points.
    const cost = Number(value("hint") || 0);
    return [
      { key: "blocks.line.hint", values: { label: text } },
      ...(cost > 0 ? [{ key: "blocks.line.hintCost" as const, count: cost }] : []),
    ];
  }
  const medium = ["photo", "video", "voice"].find(has);
  if (medium) {
    const points = Number(value("points") || 0);
    return [
      {
        key: `blocks.line.mission.${medium}` as TextKey,
        values: { task: text },
      },
      ...(points > 0 ? [{ key: "blocks.line.missionPoints" as const, count: points }] : []),
      ...(has("auto") ? [{ key: "blocks.line.auto" as const }] : []),
    ];
  }
  if (has("answer")) {
    if (text === "") return [{ key: "blocks.line.wrong" }];
    const answers = text
      .split("/")
      .map((answer) => `„${answer.trim()}“`)
      .join(", ");
    return [{ key: "blocks.line.answers", values: { answers } }];
  }
  return [
    { key: "blocks.line.button", values: { label: text } },
    ...(once ? [{ key: "blocks.line.buttonOnce" as const }] : []),
  ];
}

function explainMessage(line: string): Explanation[] {
  const { text, tags } = split(line);
  const said: Explanation[] = [];
  const content = tags.some(([tag]) => tag === "content");
  if (content) {
    const kind = MEDIA_KIND.find(([pattern]) => pattern.test(text))?.[1] ?? "blocks.line.unknown";
    said.push({ key: kind, values: { path: text.replace(/\\\//g, "/") } });
  } else said.push({ key: "blocks.line.message", values: { text: text.replace(/\\#/g, "#") } });
  for (const [tag, value] of tags) {
    if (tag === "from") said.push({ key: "blocks.line.from", values: { name: value } });
    if (tag === "recommend") said.push({ key: "blocks.line.recommend" });
    if (tag === "seen")
      said.push({ key: "blocks.line.seen", values: { share: String(Number(value) * 100) } });
    const delay = /^(\d+)\s*([smh])$/.exec(value);
    if (tag === "delay" && delay)
      said.push({
        key: DELAY_KEY[delay[2] ?? "s"] ?? "blocks.line.delaySeconds",
        count: Number(delay[1]),
      });
  }
  return said;
}
