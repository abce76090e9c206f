import { teamInviteRequest, teamJoinQuery } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { TeamService } from "../accounts/team-service";
import { playerOf, requirePlayer } from "./authenticate";
import { addressKey } from "../accounts/addresses";
import { ok } from "./ok";
import { parse } from "./parse";

/** Team calls of the game base: `team/invite` and `team/join`. */
export function teamRoutes(accounts: AccountService, teams: TeamService): FastifyPluginAsync {
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
  };
}
