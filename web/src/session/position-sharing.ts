import { useEffect, useEffectEvent, useRef } from "react";
import { shareTeamPosition } from "../api/team-api";
import { distanceInMetres } from "../lib/distance";
import type { Position } from "../lib/distance";
import { useGeolocation } from "../lib/use-geolocation";
import { useGame } from "./game-store";
import { useSession } from "./session";

/** A move of at least this many metres is sent (after MIN_GAP_MS since the last send). */
const MOVE_METRES = 5;
const MIN_GAP_MS = 3_000;
/** Sent again at this interval while standing still: teammates drop it after two minutes. */
const KEEP_ALIVE_MS = 30_000;

/**
 * While the player shares the position with the team (chosen on the map, off by default), sends
 * the device's position as it moves, at most every few seconds, and every half minute while it
 * stands still; stops sharing on the server when the player turns it off.
 */
export function usePositionSharing(): void {
  const { config, token } = useSession();
  const { state } = useGame();
  const sharing = state.status?.HasTeam === true && state.sharePosition && token !== null;
  const position = useGeolocation(config.allowGeolocation && sharing);
  const sent = useRef<{ position: Position; at: number } | null>(null);
  const { gameBase } = config;

  const send = useEffectEvent((next: Position | null) => {
    if (token === null) return;
    sent.current = next === null ? null : { position: next, at: Date.now() };
    shareTeamPosition({ gameBase, token, position: next }).catch((error: unknown) => {
      // Offline or too fast: the next move or the keep-alive sends it again.
      console.warn("position not shared", error);
    });
  });

  /** Sends `position` when it moved enough and the last send is long enough ago. */
  const consider = useEffectEvent((now: number): number | null => {
    if (!position) return null;
    const last = sent.current;
    if (last === null) {
      send(position);
      return null;
    }
    const gap = now - last.at;
    const moved = distanceInMetres(last.position, position) >= MOVE_METRES;
    if (gap >= KEEP_ALIVE_MS || (moved && gap >= MIN_GAP_MS)) {
      send(position);
      return null;
    }
    // A move within the gap goes out once the gap has passed.
    return moved ? MIN_GAP_MS - gap : null;
  });

  useEffect(() => {
    if (!sharing || !position) return;
    const wait = consider(Date.now());
    if (wait === null) return;
    const timer = setTimeout(() => consider(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [sharing, position]);

  useEffect(() => {
    if (!sharing) return;
    const timer = setInterval(() => consider(Date.now()), KEEP_ALIVE_MS);
    return () => clearInterval(timer);
  }, [sharing]);

  // Turned off (or left the team): the teammates' maps drop the position at once.
  useEffect(() => {
    if (sharing) return;
    if (sent.current !== null) send(null);
  }, [sharing]);
}
