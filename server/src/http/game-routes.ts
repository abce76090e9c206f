import {
  activateRequest,
  answerRequest,
  buttonRequest,
  mediumProgressRequest,
  scoreboardQuery,
  stationRequest,
} from "@wegmarke/protocol";
import type { MediumProgressResponse, OkResponse, ScoreboardResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { GameService } from "../game/game-service";
import type { MediaProgressService } from "../game/media-progress-service";
import { participantOf } from "../game/participant";
import type { ScoreboardService } from "../game/scoreboard-service";
import type { StoryService } from "../game/story-service";
import { authenticate } from "./authenticate";
import { parse, property } from "./parse";

const ok: OkResponse = { value: "ok" };

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
    app.post("/station/activate", async (request) => {
      const player = await accounts.authenticate(property(request.body, "Hash"));
      const { StationID, Language } = parse(activateRequest, request.body);
      // The app's language now: SMS (a password reset link) follow it too.
      if (Language) await accounts.rememberLanguage(player, Language);
      await game.activate(participantOf(player), StationID, Language);
      return ok;
    });

    app.post("/station/cancel", async (request) => {
      const participant = await authenticate(accounts, property(request.body, "Hash"));
      const { StationID } = parse(stationRequest, request.body);
      await game.cancel(participant, StationID);
      return ok;
    });

    // Spec 7: `StationID` carries the story's id.
    app.post("/story/activate", async (request) => {
      const participant = await authenticate(accounts, property(request.body, "Hash"));
      const { StationID } = parse(stationRequest, request.body);
      await stories.activate(participant, StationID);
      return ok;
    });

    app.post("/player/answer", async (request) => {
      const participant = await authenticate(accounts, property(request.body, "Hash"));
      const { StationID, Answer } = parse(answerRequest, request.body);
      await game.answer(participant, StationID, Answer);
      return ok;
    });

    app.post("/button/activate", async (request) => {
      const participant = await authenticate(accounts, property(request.body, "Hash"));
      const { StationID, Button } = parse(buttonRequest, request.body);
      await game.pressButton(participant, StationID, Button);
      return ok;
    });

    app.post("/player/medium/progress", async (request): Promise<MediumProgressResponse> => {
      const participant = await authenticate(accounts, property(request.body, "Hash"));
      const { StationID, ContentRef, ProgressRatio } = parse(mediumProgressRequest, request.body);
      return { value: await media.report(participant, StationID, ContentRef, ProgressRatio) };
    });

    app.get("/scoreboard", async (request): Promise<ScoreboardResponse> => {
      const participant = await authenticate(accounts, property(request.query, "hash"));
      parse(scoreboardQuery, request.query, "query");
      return { value: await scoreboard.view(participant) };
    });
  };
}
