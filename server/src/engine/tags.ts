import { parseDuration } from "./duration";
import type { MessageExtras } from "./types";

/**
 * Reading the tags of an ink line: `#content`, `#from: Max`, `#recommend`, `#delay: 30s`; and
 * of a choice: `#answer`, and a mission's `#photo`, `#video: 20s`, `#voice`, `#points: 3`,
 * `#auto` and `#rejected`; a hint's `#hint` or `#hint: 2`.
 */

/**
 * Every tag the engine reads, and whether it takes a value after a colon. The loader reports
 * any other tag, so a new tag must be added here before the engine can read it.
 */
export const knownTags = {
  content: { value: "none" },
  answer: { value: "none" },
  recommend: { value: "optional" },
  from: { value: "required", example: "#from: Max" },
  seen: { value: "required", example: "#seen: 0.8" },
  delay: { value: "required", example: "#delay: 30s" },
  photo: { value: "none" },
  video: { value: "optional" },
  voice: { value: "optional" },
  points: { value: "required", example: "#points: 3" },
  auto: { value: "none" },
  rejected: { value: "none" },
  hint: { value: "optional" },
} as const satisfies Record<string, { value: "none" | "optional" | "required"; example?: string }>;

export type TagName = keyof typeof knownTags;

export function isTagName(name: string): name is TagName {
  return Object.hasOwn(knownTags, name);
}

export function hasTag(tags: readonly string[], name: TagName): boolean {
  return tags.some((t) => t.trim().toLowerCase() === name);
}

/** Each tag's `name:` at the start of a tag, made once (tags are read on every step). */
const prefixes = new Map<TagName, RegExp>();

/** The value of a `name: value` tag, trimmed; undefined when the tag is absent. */
export function tagValue(tags: readonly string[], name: TagName): string | undefined {
  let prefix = prefixes.get(name);
  if (!prefix) {
    prefix = new RegExp(`^\\s*${name}\\s*:`, "i");
    prefixes.set(name, prefix);
  }
  const tag = tags.find((t) => prefix.test(t));
  return tag?.replace(prefix, "").trim();
}

/**
 * What `#recommend`, `#recommend: <id>` and `#delay: <duration>` add to the message whose text
 * (or content reference) is `body`. Only the fields a tag asks for are set.
 */
export function messageExtras(tags: readonly string[], body: string): MessageExtras {
  const extras: MessageExtras = {};
  const id = tagValue(tags, "recommend");
  if (id) extras.recommendation = id;
  else if (id !== undefined || hasTag(tags, "recommend")) extras.recommendation = lineId(body);
  const delay = tagValue(tags, "delay");
  const delayMs = delay === undefined ? undefined : parseDuration(delay);
  // The loader refuses a bad duration; should one slip through, the message is simply not delayed.
  if (delayMs) extras.delayMs = delayMs;
  return extras;
}

/**
 * A `#seen:` value: a plain decimal from 0 to 1 (`0.8`, `1`, `.5`); undefined for anything else
 * (`80`, `80%`, `0,8`), which the app's schema would refuse.
 */
export function parseSeenRatio(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d*\.?\d+$/.test(text)) return undefined;
  const ratio = Number(text);
  return ratio >= 0 && ratio <= 1 ? ratio : undefined;
}

/** A `#points:` value: a whole number from 0 on; undefined for anything else. */
export function parseMissionPoints(value: string): number | undefined {
  const text = value.trim();
  return /^\d{1,6}$/.test(text) ? Number(text) : undefined;
}

/**
 * The default recommendation id: a hash of the line (FNV-1a, 32 bits), so the same line gets
 * the same id in every run, in every player's game and after edits elsewhere in the script.
 */
function lineId(body: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(body)) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return `line-${hash.toString(16).padStart(8, "0")}`;
}
