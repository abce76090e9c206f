import type { Repositories } from "../../store/store";
import { streamOwner } from "../../participants/participant";

/**
 * Names the scoreboard shows for a participant: a registered player's first name, a team as
 * "<founder's first name> & Team", and generated names for anonymous players ("Wanderer 4821")
 * and for teams whose founder is anonymous or gone ("Team Falke 42"). Never a phone number.
 */

/** Nature words that read well in German and English, for generated team names. */
const TEAM_WORDS = [
  "Adler",
  "Amsel",
  "Biber",
  "Dachs",
  "Drossel",
  "Eichhorn",
  "Eule",
  "Falke",
  "Fink",
  "Fuchs",
  "Habicht",
  "Hase",
  "Hirsch",
  "Igel",
  "Kauz",
  "Kranich",
  "Lerche",
  "Luchs",
  "Marder",
  "Meise",
  "Milan",
  "Otter",
  "Rabe",
  "Reh",
  "Reiher",
  "Specht",
  "Star",
  "Storch",
  "Uhu",
  "Wiesel",
  "Wolf",
  "Zaunkönig",
];

/** "Wanderer" and four digits, the same for a player every time (derived from the id). */
export function anonymousPlayerName(playerId: number): string {
  return `Wanderer ${1000 + (hash(`player:${playerId}`) % 9000)}`;
}

/** "Team", a word and two digits, the same for a team every time (derived from the id). */
export function generatedTeamName(teamId: number): string {
  const h = hash(`team:${teamId}`);
  return `Team ${TEAM_WORDS[h % TEAM_WORDS.length] ?? "Wegmarke"} ${10 + ((h >>> 8) % 90)}`;
}

/** A team's name: "<founder's first name> & Team", or a generated one without that name. */
export function teamName(teamId: number, founderFirstName: string | undefined): string {
  return founderFirstName ? `${founderFirstName} & Team` : generatedTeamName(teamId);
}

/** Players' first names and teams' founders: calls game/ may make (eslint.table-owners.js). */
export type NameRepositories = Pick<Repositories, "players" | "teams">;

/** The display names of some streams, read inside the caller's transaction (two queries). */
export async function displayNames(
  repos: NameRepositories,
  streams: string[],
): Promise<Map<string, string>> {
  const owners = streams.map((stream) => ({ stream, ...streamOwner(stream) }));
  const playerIds = owners.filter((o) => o.kind === "player").map((o) => o.id);
  const teamIds = owners.filter((o) => o.kind === "team").map((o) => o.id);
  const firstNames = await repos.players.firstNames(playerIds);
  const founders = await repos.teams.founderNames(teamIds);
  return new Map(
    owners.map(({ stream, kind, id }) => {
      if (kind === "team") return [stream, teamName(id, founders.get(id))];
      return [stream, firstNames.get(id) ?? anonymousPlayerName(id)];
    }),
  );
}

const utf8 = new TextEncoder();

/** FNV-1a, 32 bits: spreads neighbouring ids over the whole range. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of utf8.encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}
