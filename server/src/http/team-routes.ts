import {
  ErrorReason,
  okResponse,
  teamInviteRequest,
  teamInviteResponse,
  teamJoinQuery,
  teamMembersQuery,
  teamMembersResponse,
  teamPositionRequest,
  teamPreviewResponse,
} from "@wegmarke/protocol";
import type { TeamMembers, TeamPreview } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { TeamService } from "../teams/team-service";
import { ServiceError, TooManyRequests } from "../errors";
import type { TeamPositions } from "../teams/team-positions";
import { isTeamStream, participantOf, playerStream } from "../participants/participant";
import { playerOf, requirePlayer } from "./authenticate";
import { addressKey } from "../accounts/addresses";
import { ok } from "./ok";
import { parse } from "./parse";
import { doc } from "./api-docs/describe";

export type TeamRouteDeps = {
  positions: TeamPositions;
  /** The name teammates see: the first name, or the generated one of an anonymous player. */
  nameOf(playerId: number): Promise<string>;
  /** The display names of streams (`player:<id>`, `team:<id>`), as the scoreboard shows them. */
  namesOf(streams: string[]): Promise<Map<string, string>>;
  /** The players with an event stream open now, on any instance. */
  online(): ReadonlySet<number>;
};

/**
 * Team calls of the game base: `team/invite`, `team/preview` (what a join would change),
 * `team/join`, `team/members` and `team/position`.
 */
export function teamRoutes(
  accounts: AccountService,
  teams: TeamService,
  { positions, nameOf, namesOf, online }: TeamRouteDeps,
): FastifyPluginAsync {
  /** Display names of players, in the order of `ids`. */
  const playerNames = async (ids: number[]) => {
    const names = await namesOf(ids.map(playerStream));
    return ids.map((id) => names.get(playerStream(id)) ?? playerStream(id));
  };

  return async (app) => {
    // A pack without teams has none of these calls: 404 before anything else.
    app.addHook("onRequest", async () => teams.assertEnabled());
    requirePlayer(app, accounts);

    app.post(
      "/team/invite",
      {
        config: {
          docs: doc("teams", "An invitation code for the player's team", {
            body: teamInviteRequest,
            response: teamInviteResponse,
          }),
        },
      },
      async (request) => {
        parse(teamInviteRequest, request.body);
        return { value: await teams.invite(playerOf(request)) };
      },
    );

    app.get(
      "/team/preview",
      {
        config: {
          docs: doc("teams", "What joining the team of a code would cost", {
            query: teamJoinQuery,
            response: teamPreviewResponse,
          }),
        },
      },
      async (request) => {
        const { tjr } = parse(teamJoinQuery, request.query, "query");
        const preview = await teams.preview(playerOf(request), tjr, addressKey(request.ip));
        const value: TeamPreview = {
          Members: await playerNames(preview.memberIds),
          Member: preview.member,
          InTeam: preview.inTeam,
          Points: preview.points,
          StationsDone: preview.stationsDone,
        };
        return { value };
      },
    );

    app.get(
      "/team/members",
      {
        config: {
          docs: doc("teams", "The team's members", {
            query: teamMembersQuery,
            response: teamMembersResponse,
          }),
        },
      },
      async (request) => {
        parse(teamMembersQuery, request.query, "query");
        const player = playerOf(request);
        const team = await teams.members(player);
        if (!team) return { value: null };
        const names = await playerNames(team.memberIds);
        const now = online();
        const value: TeamMembers = {
          Name: (await namesOf([team.stream])).get(team.stream) ?? team.stream,
          Members: team.memberIds.map((id, index) => ({
            Name: names[index] ?? playerStream(id),
            // The caller is here, asking, even before their stream has opened.
            Online: id === player.id || now.has(id),
            You: id === player.id,
          })),
        };
        return { value };
      },
    );

    app.get(
      "/team/join",
      {
        config: {
          docs: doc("teams", "Join the team of a code", {
            query: teamJoinQuery,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        const { tjr } = parse(teamJoinQuery, request.query, "query");
        await teams.join(playerOf(request), tjr, addressKey(request.ip));
        return ok;
      },
    );

    // A member shares the device's position with the team, or stops (decisions/024).
    app.post(
      "/team/position",
      {
        config: {
          docs: doc("teams", "Share this member's position with the team, or stop", {
            body: teamPositionRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
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
      },
    );
  };
}
