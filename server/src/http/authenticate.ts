import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccountService, Player } from "../accounts/account-service";
import { ParticipantChanged } from "../errors";
import { participantOf } from "../participants/participant";
import type { Participant } from "../participants/participant";
import { property } from "./parse";

const players = new WeakMap<FastifyRequest, Player>();

/** The auth token a call carries: `hash` in a GET's (or HEAD's) query, `Hash` in a body. */
function tokenOf(request: FastifyRequest): unknown {
  return request.method === "GET" || request.method === "HEAD"
    ? property(request.query, "hash")
    : property(request.body, "Hash");
}

/**
 * Every route of the plugin `app` belongs to a signed-in player: a pre-handler resolves the
 * token once (401 `invalid hash` without a valid one) before the route parses its input.
 */
export function requirePlayer(app: FastifyInstance, accounts: AccountService): void {
  app.addHook("preHandler", async (request) => {
    players.set(request, await accounts.authenticate(tokenOf(request)));
  });
}

/** The player `requirePlayer` resolved for this call. */
export function playerOf(request: FastifyRequest): Player {
  const player = players.get(request);
  if (!player) throw new Error(`${request.url}: route without requirePlayer`);
  return player;
}

/**
 * Runs `work` as the call's participant. When the participant changed (a team joined through
 * another instance, whose news has not reached this one's session cache yet), the player is
 * looked up afresh and `work` runs once more: a call that failed so changed nothing.
 */
export async function asParticipant<T>(
  accounts: AccountService,
  request: FastifyRequest,
  work: (participant: Participant, player: Player) => Promise<T>,
): Promise<T> {
  const player = playerOf(request);
  try {
    return await work(participantOf(player), player);
  } catch (error) {
    if (!(error instanceof ParticipantChanged)) throw error;
    accounts.forget(player.id);
    const fresh = await accounts.authenticate(tokenOf(request));
    players.set(request, fresh);
    return work(participantOf(fresh), fresh);
  }
}
