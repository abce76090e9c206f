import {
  readMarksQuery,
  readMarksRequest,
  readMarksResponse,
  scoreboardQuery,
  scoreboardResponse,
  submissionsQuery,
  submissionsResponse,
} from "@wegmarke/protocol";
import type {
  ReadMarksResponse,
  ScoreboardResponse,
  SubmissionsResponse,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { ReadMarksService } from "../game/read-marks";
import type { ScoreboardService } from "../game/scoreboard/scoreboard-service";
import type { SubmissionService } from "../missions/submission-service";
import { participantOf } from "../participants/participant";
import { doc } from "./api-docs/describe";
import { asParticipant, playerOf } from "./authenticate";
import { parse } from "./parse";

export type GameViewServices = {
  scoreboard: ScoreboardService;
  /** Missions' submissions: the team's gallery. */
  submissions: SubmissionService;
  /** What the player has read, kept with the account. */
  readMarks: ReadMarksService;
};

/**
 * What a signed-in player reads of the game beside its stream, below `/api/game/` (gameRoutes
 * registers it behind the player's check): the gallery of submissions, the read marks, the
 * scoreboard.
 */
export function gameViewRoutes(
  accounts: AccountService,
  { scoreboard, submissions, readMarks }: GameViewServices,
): FastifyPluginAsync {
  return async (app) => {
    // The participant's submissions for missions (in a team, every member's), with their links.
    app.get(
      "/submissions",
      {
        config: {
          docs: doc("missions", "The participant's submissions, with signed links", {
            query: submissionsQuery,
            response: submissionsResponse,
          }),
        },
      },
      async (request): Promise<SubmissionsResponse> => {
        const value = await asParticipant(accounts, request, (participant) => {
          parse(submissionsQuery, request.query, "query");
          return submissions.ofStream(participant.stream);
        });
        return { value };
      },
    );

    // What the player has read of the stream they play on (each device adds its own).
    app.get(
      "/player/read",
      {
        config: {
          docs: doc("game", "What the player has read", {
            query: readMarksQuery,
            response: readMarksResponse,
          }),
        },
      },
      async (request): Promise<ReadMarksResponse> => {
        parse(readMarksQuery, request.query, "query");
        const player = playerOf(request);
        return { value: await readMarks.get(player.id, participantOf(player).stream) };
      },
    );

    app.put(
      "/player/read",
      {
        config: {
          docs: doc("game", "Add what this device has read", {
            body: readMarksRequest,
            response: readMarksResponse,
          }),
        },
      },
      async (request): Promise<ReadMarksResponse> => {
        const { Read } = parse(readMarksRequest, request.body);
        const player = playerOf(request);
        return { value: await readMarks.merge(player.id, participantOf(player).stream, Read) };
      },
    );

    app.get(
      "/scoreboard",
      {
        config: {
          docs: doc("game", "The scoreboard", {
            query: scoreboardQuery,
            response: scoreboardResponse,
          }),
        },
      },
      async (request): Promise<ScoreboardResponse> => {
        const value = await asParticipant(accounts, request, (participant) => {
          parse(scoreboardQuery, request.query, "query");
          return scoreboard.view(participant);
        });
        return { value };
      },
    );
  };
}
