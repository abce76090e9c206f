import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { TEAM_POSITION_TTL_S } from "@wegmarke/protocol";
import type { TeammatePosition } from "@wegmarke/protocol";

/** A teammate's shared position; `at`: when the teammate's device sent it, by this device's clock. */
export type Teammate = {
  member: string;
  name: string;
  latitude: number;
  longitude: number;
  accuracy?: number;
  at: number;
};

const TTL_MS = TEAM_POSITION_TTL_S * 1000;

let teammates: readonly Teammate[] = [];
const listeners = new Set<() => void>();

function set(next: readonly Teammate[]): void {
  teammates = next;
  for (const listener of listeners) listener();
}

/**
 * The positions the stream's `teampositions` event carries: they replace the ones before. Kept
 * in memory only, never in the stored game.
 */
export function receiveTeammates(members: readonly TeammatePosition[], receivedAt: number): void {
  set(
    members.map((member) => ({
      member: member.Member,
      name: member.Name,
      latitude: member.Latitude,
      longitude: member.Longitude,
      ...(member.Accuracy !== undefined && { accuracy: member.Accuracy }),
      at: receivedAt - member.Age * 1000,
    })),
  );
}

/** A stream opened (it sends what is shared now) or the game ended: nothing is known. */
export function clearTeammates(): void {
  if (teammates.length > 0) set([]);
}

/** The teammates' positions younger than two minutes; re-checked every few seconds. */
export function useTeammates(): readonly Teammate[] {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => teammates,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (all.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [all]);
  return useMemo(() => all.filter((teammate) => now - teammate.at < TTL_MS), [all, now]);
}
