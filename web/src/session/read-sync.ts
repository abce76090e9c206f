import { useEffect } from "react";
import type { Dispatch } from "react";
import type { GameAction } from "../game/game-reducer";
import type { PlayState } from "../game/play-state";
import { mergeReadMarks, readMarksOf, readMarksSchema, sameReadMarks } from "../game/read-marks";
import type { ReadMarks } from "../game/read-marks";
import { readKeyPrefix, readStored, write } from "./persistence";

function parseMarks(value: unknown): ReadMarks | null {
  const parsed = readMarksSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Keeps what the player read the same in every tab of the app: each tab keeps its own game
 * state (and writes it to the one cache), but its read marks (game/read-marks.ts) go to a small
 * shared item, merged with what is there; a tab takes in the other tabs' marks when that item
 * changes (the `storage` event) and whenever its own state changes, so a tab that was frozen in
 * the background catches up too. Unread counts then agree, also after a reload of either.
 */
export function useReadSync(token: string, state: PlayState, dispatch: Dispatch<GameAction>): void {
  const key = readKeyPrefix + token;

  useEffect(() => {
    const own = readMarksOf(state);
    const stored = readStored(key, parseMarks);
    // Nothing yet, or another stream's (before a team join): this tab's marks count.
    if (stored === null || stored.member !== own.member) {
      write(key, own);
      return;
    }
    const merged = mergeReadMarks(stored, own);
    if (!sameReadMarks(merged, stored)) write(key, merged);
    if (!sameReadMarks(merged, own)) dispatch({ type: "read-elsewhere", marks: merged });
  }, [key, state, dispatch]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== key || event.newValue === null) return;
      let marks: ReadMarks | null = null;
      try {
        marks = parseMarks(JSON.parse(event.newValue));
      } catch {
        return;
      }
      if (marks !== null) dispatch({ type: "read-elsewhere", marks });
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key, dispatch]);
}
