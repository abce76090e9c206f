import {
  ErrorReason,
  teamInviteRequest,
  teamJoinQuery,
  teamPositionRequest,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { TeamService } from "../accounts/team-service";
import { ServiceError, TooManyRequests } from "../errors";
import type { TeamPositions } from "../game/team-positions";
import { isTeamStream, participantOf } from "../participants/participant";
import { playerOf, requirePlayer } from "./authenticate";
import { addressKey } from "../accounts/addresses";
import { ok } from "./ok";
import { parse } from "./parse";

export type TeamRouteDeps = {
  positions: TeamPositions;
  /** The name teammates see: the first name, or the generated one of an anonymous player. */
  nameOf(playerId: number): Promise<string>;
};

/** Team calls of the game base: `team/invite`, `team/join` and `team/position`. */
export function teamRoutes(
  accounts: AccountService,
  teams: TeamService,
  { positions, nameOf }: TeamRouteDeps,
): FastifyPluginAsync {
  return async (app) => {
    // A pack without teams has none of these calls: 404 before anything else.
    app.addHook("onRequest", async () => teams.assertEnabled());
    requirePlayer(app, accounts);

    app.post("/team/invite", async (request) => {
      parse(teamInviteRequest, request.body);
      return { value: await teams.invite(playerOf(request)) };
    });

    app.get("/team/join", async (request) => {
      const { tjr } = parse(teamJoinQuery, request.query, "query");
      await teams.join(playerOf(request), tjr, addressKey(request.ip));
      return ok;
    });

    // A member shares the device's position with the team, or stops (decisions/024).
    app.post("/team/position", async (request) => {
      const { Share, Position } = parse(teamPositionRequest, request.body);
      const player = playerOf(request);
      const { stream } = participantOf(player);
      if (!isTeamStream(stream)) throw new ServiceError(409, ErrorReason.notInTeam);
      const shared =
        Share && Position
          ? {
              name: await nameOf(player.id),
              latitude: Position.Latitude,
              longitude: Position.Longitude,
              ...(Position.Accuracy !== undefined && { accuracy: Position.Accuracy }),
            }
          : undefined;
      if (!positions.share(stream, player.id, shared)) {
        throw new TooManyRequests(ErrorReason.tooManyAttempts, 1);
      }
      return ok;
    });
  };
}
