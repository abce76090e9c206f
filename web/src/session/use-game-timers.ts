import { useEffect } from "react";
import type { Dispatch } from "react";
import { nextDueAt } from "../game/game-reducer";
import type { GameAction } from "../game/game-reducer";
import type { PlayState } from "../game/play-state";

/** Drives the typing queue and delayed rejections: one timer until the next due time. */
export function useGameTimers(state: PlayState, dispatch: Dispatch<GameAction>): void {
  const dueAt = nextDueAt(state);
  useEffect(() => {
    if (dueAt === null) return;
    const timer = setTimeout(
      // Never earlier than due: a tick that delivers nothing would leave the timer unset.
      () => dispatch({ type: "tick", now: Math.max(Date.now(), dueAt) }),
      Math.max(0, dueAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [dueAt, dispatch]);
}
