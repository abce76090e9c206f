import { hasTag, messageExtras, parseSeenRatio, tagValue } from "./tags";
import type { EngineMessage } from "./types";

/**
 * One line of the script as the character's message, as its tags (`#from:`, `#content`,
 * `#seen:`, `#recommend`, `#delay:`) say; null for an empty line.
 */
export function toMessage(line: string, tags: string[], character: string): EngineMessage | null {
  const text = line.trim();
  if (text === "") return null;
  const from = tagValue(tags, "from") || character;
  const extras = messageExtras(tags, text);
  if (!hasTag(tags, "content")) return { kind: "text", from, text, ...extras };
  const seen = tagValue(tags, "seen");
  // The loader refuses a ratio outside 0..1; should one slip through, the app's default applies.
  const seenRatio = seen === undefined ? undefined : parseSeenRatio(seen);
  return seenRatio !== undefined
    ? { kind: "content", from, contentRef: text, seenRatio, ...extras }
    : { kind: "content", from, contentRef: text, ...extras };
}
