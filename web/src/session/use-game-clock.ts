import { useEffect, useState } from "react";
import { clockPhase, nextPhaseChangeIn, nextSecondIn } from "../game/game-clock";
import type { ClockPhase, ClockState } from "../game/game-clock";
import { useGame } from "./game-store";

/** The longest a timer waits before it looks again (longer ones would overflow setTimeout). */
const LONGEST_WAIT_MS = 60 * 60_000;

type NextIn = (clock: ClockState | null, nowMs: number) => number | null;

/**
 * The phone's time, read anew at the moments `nextIn` names and when the app comes back on the
 * screen (a sleeping phone holds its timers): renders anew only then.
 */
function useClockNow(clock: ClockState | null, nextIn: NextIn): number {
  const [tick, setTick] = useState(() => Date.now());
  // A clock that came after the last tick is news of now.
  const now = clock === null ? tick : Math.max(tick, clock.receivedAt);

  useEffect(() => {
    const due = nextIn(clock, now);
    if (due === null) return;
    const wait = Math.min(due, LONGEST_WAIT_MS);
    const timer = setTimeout(
      // Never earlier than due: a look that finds nothing changed would set no timer again.
      () => setTick(Math.max(Date.now(), now + wait)),
      wait,
    );
    return () => clearTimeout(timer);
  }, [clock, now, nextIn]);

  useEffect(() => {
    const look = () => {
      if (document.visibilityState === "visible") {
        setTick((previous) => Math.max(previous, Date.now()));
      }
    };
    document.addEventListener("visibilitychange", look);
    return () => document.removeEventListener("visibilitychange", look);
  }, []);
  return now;
}

/**
 * Where the game stands on its clock (before, running, over), from the server's time: renders
 * anew when that changes (the start, the last 10 minutes, the end, a host's new end).
 */
export function useClockPhase(): ClockPhase {
  const { clock } = useGame().state;
  return clockPhase(clock, useClockNow(clock, nextPhaseChangeIn));
}

/**
 * The clock's phase with the time left to the second: renders anew every second while the
 * game runs towards its end. Only for what shows the countdown.
 */
export function useGameClock(): ClockPhase {
  const { clock } = useGame().state;
  return clockPhase(clock, useClockNow(clock, nextSecondIn));
}
