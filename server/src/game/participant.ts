import type { Language } from "@wegmarke/protocol";

/**
 * Who plays: a player now, a team later. The stream key is the unit of game state: runs,
 * the current station and the event log all hang off it.
 */
export type Participant = { stream: string; language: Language };

export function playerStream(playerId: number): string {
  return `player:${playerId}`;
}

export function participantOf(player: { id: number; language: Language }): Participant {
  return { stream: playerStream(player.id), language: player.language };
}
