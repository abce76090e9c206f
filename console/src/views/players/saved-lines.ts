import { chosenGame } from "../../api/game-choice";

/** How many lines a host keeps, and how long each may be (a line's own limit). */
export const MAX_SAVED_LINES = 20;

/** Where this browser keeps the host's lines of the shown game. */
const key = `wegmarke.ops.lines.${chosenGame ?? ""}`;

/** The lines this browser keeps for the shown game, newest first. */
export function savedLines(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((line) => typeof line === "string") : [];
  } catch {
    // Kept by an older console, or changed by hand: start afresh.
    return [];
  }
}

/** Keeps `line` on top (once), the oldest going past MAX_SAVED_LINES; answers the list. */
export function saveLine(line: string): string[] {
  const text = line.trim();
  if (text === "") return savedLines();
  const lines = [text, ...savedLines().filter((kept) => kept !== text)].slice(0, MAX_SAVED_LINES);
  localStorage.setItem(key, JSON.stringify(lines));
  return lines;
}

/** Forgets `line`; answers the list. */
export function forgetLine(line: string): string[] {
  const lines = savedLines().filter((kept) => kept !== line);
  localStorage.setItem(key, JSON.stringify(lines));
  return lines;
}
