import {
  ErrorReason,
  activateRequest,
  answerRequest,
  buttonRequest,
  mediumProgressRequest,
  readMarksQuery,
  readMarksRequest,
  scoreboardQuery,
  stationCodeRequest,
  stationRequest,
  submissionsQuery,
} from "@wegmarke/protocol";
import type {
  MediumProgressResponse,
  ReadMarksResponse,
  ScoreboardResponse,
  StationCodeResponse,
  SubmissionsResponse,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService, Player } from "../accounts/account-service";
import { addressKey } from "../accounts/addresses";
import type { Throttle } from "../security/throttle";
import { ServiceError } from "../errors";
import type { GameService } from "../game/game-service";
import type { MediaProgressService } from "../game/stories/media-progress-service";
import type { ReadMarksService } from "../game/read-marks";
import type { ScoreboardService } from "../game/scoreboard/scoreboard-service";
import type { EchoAuthor } from "../game/turns/station-events";
import type { StoryService } from "../game/stories/story-service";
import type { SubmissionService } from "../missions/submission-service";
import { participantOf } from "../participants/participant";
import { asParticipant, playerOf, requirePlayer } from "./authenticate";
import { ok } from "./ok";
import { parse } from "./parse";

export type GameServices = {
  game: GameService;
  stories: StoryService;
  media: MediaProgressService;
  scoreboard: ScoreboardService;
  /** Limits guessing station codes. */
  throttle: Throttle;
  /** Missions' submissions: the team's gallery. */
  submissions: SubmissionService;
  /** In a team, who answers or taps (the echo names them); undefined for a player alone. */
  author: (player: Player) => Promise<EchoAuthor | undefined>;
  /** What the player has read, kept with the account. */
  readMarks: ReadMarksService;
};

/** The game base, mounted at `/api/game/` (the event stream lives in event-stream.ts). */
export function gameRoutes(
  accounts: AccountService,
  { game, stories, media, scoreboard, throttle, author, submissions, readMarks }: GameServices,
): FastifyPluginAsync {
  return async (app) => {
    requirePlayer(app, accounts);

    app.post("/station/activate", async (request) => {
      await asParticipant(accounts, request, async (participant, player) => {
        const { StationID, Language, Position } = parse(activateRequest, request.body);
        // The app's language now: SMS (a password reset link) follow it too.
        if (Language) await accounts.rememberLanguage(player, Language);
        await game.activate(participant, StationID, Language, { position: Position });
      });
      return ok;
    });

    // A station's QR link (`/webapp/s/{code}`): activates the station, whatever its trigger
    // but `near` (docs/decisions/023-station-codes.md). Unknown codes count as guesses, per
    // player and per address (429 `too many attempts` past the limits).
    app.post("/station/code", async (request): Promise<StationCodeResponse> => {
      const { Code, Language, Position } = parse(stationCodeRequest, request.body);
      const ip = addressKey(request.ip);
      const playerKey = String(playerOf(request).id);
      const attempt = await throttle.attempt(
        [
          { limiter: throttle.failuresPerIp, key: ip },
          { limiter: throttle.stationCodeFailuresPerPlayer, key: playerKey },
        ],
        ErrorReason.tooManyAttempts,
      );
      const stationId = await asParticipant(accounts, request, async (participant, player) => {
        if (Language) await accounts.rememberLanguage(player, Language);
        return game.openByCode(participant, Code, Language, Position);
      }).catch(async (error: unknown) => {
        // A known code the station refused (too far, say) was no guess.
        await attempt.release();
        throw error;
      });
      // An unknown code stays counted.
      if (stationId === undefined) throw new ServiceError(404, ErrorReason.unknownStationCode);
      await attempt.release();
      return { value: { StationID: stationId } };
    });

    app.post("/station/cancel", async (request) => {
      await asParticipant(accounts, request, (participant) => {
        const { StationID } = parse(stationRequest, request.body);
        return game.cancel(participant, StationID);
      });
      return ok;
    });

    // Spec 7: `StationID` carries the story's id.
    app.post("/story/activate", async (request) => {
      await asParticipant(accounts, request, (participant) => {
        const { StationID } = parse(stationRequest, request.body);
        return stories.activate(participant, StationID);
      });
      return ok;
    });

    app.post("/player/answer", async (request) => {
      await asParticipant(accounts, request, async (participant, player) => {
        const { StationID, Answer } = parse(answerRequest, request.body);
        return game.answer(participant, StationID, Answer, await author(player));
      });
      return ok;
    });

    app.post("/button/activate", async (request) => {
      await asParticipant(accounts, request, async (participant, player) => {
        const { StationID, Button } = parse(buttonRequest, request.body);
        return game.pressButton(participant, StationID, Button, await author(player));
      });
      return ok;
    });

    app.post("/player/medium/progress", async (request): Promise<MediumProgressResponse> => {
      const value = await asParticipant(accounts, request, (participant) => {
        const { StationID, ContentRef, ProgressRatio } = parse(mediumProgressRequest, request.body);
        return media.report(participant, StationID, ContentRef, ProgressRatio);
      });
      return { value };
    });

    // The participant's submissions for missions (in a team, every member's), with their links.
    app.get("/submissions", async (request): Promise<SubmissionsResponse> => {
      const value = await asParticipant(accounts, request, (participant) => {
        parse(submissionsQuery, request.query, "query");
        return submissions.ofStream(participant.stream);
      });
      return { value };
    });

    // What the player has read of the stream they play on (each device adds its own).
    app.get("/player/read", async (request): Promise<ReadMarksResponse> => {
      parse(readMarksQuery, request.query, "query");
      const player = playerOf(request);
      return { value: await readMarks.get(player.id, participantOf(player).stream) };
    });

    app.put("/player/read", async (request): Promise<ReadMarksResponse> => {
      const { Read } = parse(readMarksRequest, request.body);
      const player = playerOf(request);
      return { value: await readMarks.merge(player.id, participantOf(player).stream, Read) };
    });

    app.get("/scoreboard", async (request): Promise<ScoreboardResponse> => {
      const value = await asParticipant(accounts, request, (participant) => {
        parse(scoreboardQuery, request.query, "query");
        return scoreboard.view(participant);
      });
      return { value };
    });
  };
}
