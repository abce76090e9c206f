import { teamInviteRequest, teamJoinQuery } from "@wegmarke/protocol";
import type { OkResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { TeamService } from "../game/team-service";
import { parse, property } from "./parse";

const ok: OkResponse = { value: "ok" };

/** Team calls of the game base: `team/invite` and `team/join`. */
export function teamRoutes(accounts: AccountService, teams: TeamService): FastifyPluginAsync {
  return async (app) => {
    app.post("/team/invite", async (request) => {
      teams.assertEnabled();
      const player = await accounts.authenticate(property(request.body, "Hash"));
      parse(teamInviteRequest, request.body);
      return { value: await teams.invite(player) };
    });

    app.get("/team/join", async (request) => {
      teams.assertEnabled();
      const player = await accounts.authenticate(property(request.query, "hash"));
      const { tjr } = parse(teamJoinQuery, request.query, "query");
      await teams.join(player, tjr, request.ip);
      return ok;
    });
  };
}
