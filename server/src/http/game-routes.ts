import {
  ErrorReason,
  activateRequest,
  answerRequest,
  buttonRequest,
  mediumProgressRequest,
  mediumProgressResponse,
  okResponse,
  stationCodeRequest,
  stationCodeResponse,
  stationRequest,
} from "@wegmarke/protocol";
import type { MediumProgressResponse, StationCodeResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService, Player } from "../accounts/account-service";
import { addressKey } from "../accounts/addresses";
import type { Throttle } from "../security/throttle";
import { ServiceError } from "../errors";
import type { GameService } from "../game/game-service";
import type { MediaProgressService } from "../game/stories/media-progress-service";
import type { EchoAuthor } from "../game/turns/station-events";
import type { StoryService } from "../game/stories/story-service";
import { asParticipant, playerOf, requirePlayer } from "./authenticate";
import { ok } from "./ok";
import { parse } from "./parse";
import { doc, SIGNED_IN } from "./api-docs/describe";
import { gameViewRoutes } from "./game-view-routes";
import type { GameViewServices } from "./game-view-routes";

export type GameServices = GameViewServices & {
  game: GameService;
  stories: StoryService;
  media: MediaProgressService;
  /** Limits guessing station codes. */
  throttle: Throttle;
  /** In a team, who answers or taps (the echo names them); undefined for a player alone. */
  author: (player: Player) => Promise<EchoAuthor | undefined>;
};

/** The game base, mounted at `/api/game/` (the event stream lives in event-stream.ts). */
export function gameRoutes(
  accounts: AccountService,
  { game, stories, media, scoreboard, throttle, author, submissions, readMarks }: GameServices,
): FastifyPluginAsync {
  return async (app) => {
    requirePlayer(app, accounts);

    app.post(
      "/station/activate",
      {
        config: {
          docs: doc("game", "Open a station", {
            description: SIGNED_IN,
            body: activateRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        await asParticipant(accounts, request, async (participant, player) => {
          const { StationID, Language, Position } = parse(activateRequest, request.body);
          // The app's language now: SMS (a password reset link) follow it too.
          if (Language) await accounts.rememberLanguage(player, Language);
          await game.activate(participant, StationID, Language, { position: Position });
        });
        return ok;
      },
    );

    // A station's QR link (`/webapp/s/{code}`): activates the station, whatever its trigger
    // but `near` (docs/decisions/023-station-codes.md). Unknown codes count as guesses, per
    // player and per address (429 `too many attempts` past the limits).
    app.post(
      "/station/code",
      {
        config: {
          docs: doc("game", "Open a station by its QR link's code", {
            description:
              "Unknown codes count as guesses, per player and address (429 past the limit).",
            body: stationCodeRequest,
            response: stationCodeResponse,
          }),
        },
      },
      async (request): Promise<StationCodeResponse> => {
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
      },
    );

    app.post(
      "/station/cancel",
      {
        config: {
          docs: doc("game", "Leave a station", {
            body: stationRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        await asParticipant(accounts, request, (participant) => {
          const { StationID } = parse(stationRequest, request.body);
          return game.cancel(participant, StationID);
        });
        return ok;
      },
    );

    // Spec 7: `StationID` carries the story's id.
    app.post(
      "/story/activate",
      {
        config: {
          docs: doc("game", "Start a story (`StationID` is the story's id)", {
            body: stationRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        await asParticipant(accounts, request, (participant) => {
          const { StationID } = parse(stationRequest, request.body);
          return stories.activate(participant, StationID);
        });
        return ok;
      },
    );

    app.post(
      "/player/answer",
      {
        config: {
          docs: doc("game", "Answer a station's question", {
            body: answerRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        await asParticipant(accounts, request, async (participant, player) => {
          const { StationID, Answer } = parse(answerRequest, request.body);
          return game.answer(participant, StationID, Answer, await author(player));
        });
        return ok;
      },
    );

    app.post(
      "/button/activate",
      {
        config: {
          docs: doc("game", "Tap a station's button", {
            body: buttonRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        await asParticipant(accounts, request, async (participant, player) => {
          const { StationID, Button } = parse(buttonRequest, request.body);
          return game.pressButton(participant, StationID, Button, await author(player));
        });
        return ok;
      },
    );

    app.post(
      "/player/medium/progress",
      {
        config: {
          docs: doc("game", "How far a medium was played", {
            body: mediumProgressRequest,
            response: mediumProgressResponse,
          }),
        },
      },
      async (request): Promise<MediumProgressResponse> => {
        const value = await asParticipant(accounts, request, (participant) => {
          const { StationID, ContentRef, ProgressRatio } = parse(
            mediumProgressRequest,
            request.body,
          );
          return media.report(participant, StationID, ContentRef, ProgressRatio);
        });
        return { value };
      },
    );

    await app.register(gameViewRoutes(accounts, { scoreboard, submissions, readMarks }));
  };
}
