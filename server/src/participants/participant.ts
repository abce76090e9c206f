import type { Language } from "@wegmarke/protocol";

/**
 * Who plays: a player on their own or their team. The stream key is the unit of game state:
 * runs, the current station and the event log all hang off it, so team members who resolve to
 * one stream share one thread, one station state and one score.
 */
export type Participant = { stream: string; language: Language };

export function playerStream(playerId: number): string {
  return `player:${playerId}`;
}

export function teamStream(teamId: number): string {
  return `team:${teamId}`;
}

export function isTeamStream(stream: string): boolean {
  return stream.startsWith("team:");
}

/** The participant a player plays as: their team's stream when they have one. */
export function participantOf(player: {
  id: number;
  language: Language;
  teamId: number | null;
}): Participant {
  return { stream: streamOf(player), language: player.language };
}

/** The stream a player plays on: their team's when they have one, else their own. */
export function streamOf(player: { id: number; teamId: number | null }): string {
  return player.teamId === null ? playerStream(player.id) : teamStream(player.teamId);
}

/** Whose stream it is: a player's (`player:<id>`) or a team's (`team:<id>`). */
export function streamOwner(stream: string): { kind: "player" | "team"; id: number } {
  const [kind, id] = stream.split(":");
  return { kind: kind === "team" ? "team" : "player", id: Number(id) };
}
