import { resumePlayState } from "../game/game-reducer";
import { initialPlayState, playStateSchema, upgradeStored } from "../game/play-state";
import type { PlayState, Timing } from "../game/play-state";
import { cacheKeyPrefix, readStored, storeLastEventId, write } from "./persistence";

/**
 * The game state of a token as it was stored; without a usable cache the stream replays
 * everything (the config's last event id alone would lose the messages before it).
 */
export function loadGame(token: string, timing: Timing, now: number): PlayState {
  const cached = readStored(cacheKeyPrefix + token, (value) => {
    const parsed = playStateSchema.safeParse(upgradeStored(value));
    return parsed.success ? parsed.data : null;
  });
  return cached === null ? initialPlayState(timing) : resumePlayState(cached, timing, now);
}

/** Writes the game cache and the config's last event id together. */
export function saveGame(token: string, state: PlayState): void {
  write(cacheKeyPrefix + token, state);
  storeLastEventId(token, state.lastEventId);
}
