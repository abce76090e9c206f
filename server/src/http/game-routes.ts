import {
  activateRequest,
  answerRequest,
  buttonRequest,
  mediumProgressRequest,
  scoreboardQuery,
  stationRequest,
} from "@wegmarke/protocol";
import type { MediumProgressResponse, ScoreboardResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { GameService } from "../game/game-service";
import type { MediaProgressService } from "../game/media-progress-service";
import type { ScoreboardService } from "../game/scoreboard-service";
import type { StoryService } from "../game/story-service";
import { asParticipant, requirePlayer } from "./authenticate";
import { ok } from "./ok";
import { parse } from "./parse";

export type GameServices = {
  game: GameService;
  stories: StoryService;
  media: MediaProgressService;
  scoreboard: ScoreboardService;
};

/** The game base, mounted at `/api/game/` (the event stream lives in event-stream.ts). */
export function gameRoutes(
  accounts: AccountService,
  { game, stories, media, scoreboard }: GameServices,
): FastifyPluginAsync {
  return async (app) => {
    requirePlayer(app, accounts);

    app.post("/station/activate", async (request) => {
      await asParticipant(accounts, request, async (participant, player) => {
        const { StationID, Language } = parse(activateRequest, request.body);
        // The app's language now: SMS (a password reset link) follow it too.
        if (Language) await accounts.rememberLanguage(player, Language);
        await game.activate(participant, StationID, Language);
      });
      return ok;
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
      await asParticipant(accounts, request, (participant) => {
        const { StationID, Answer } = parse(answerRequest, request.body);
        return game.answer(participant, StationID, Answer);
      });
      return ok;
    });

    app.post("/button/activate", async (request) => {
      await asParticipant(accounts, request, (participant) => {
        const { StationID, Button } = parse(buttonRequest, request.body);
        return game.pressButton(participant, StationID, Button);
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

    app.get("/scoreboard", async (request): Promise<ScoreboardResponse> => {
      const value = await asParticipant(accounts, request, (participant) => {
        parse(scoreboardQuery, request.query, "query");
        return scoreboard.view(participant);
      });
      return { value };
    });
  };
}
