import { answerRequest, buttonRequest, stationRequest } from "@wegmarke/protocol";
import type { OkResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { GameService } from "../game/game-service";
import { authenticate } from "./authenticate";
import { parse, property } from "./parse";

const ok: OkResponse = { value: "ok" };

/** The game base, mounted at `/api/game/` (the event stream lives in event-stream.ts). */
export function gameRoutes(accounts: AccountService, game: GameService): FastifyPluginAsync {
  return async (app) => {
    app.post("/station/activate", async (request) => {
      const participant = await authenticate(accounts, property(request.body, "Hash"));
      const { StationID } = parse(stationRequest, request.body);
      await game.activate(participant, StationID);
      return ok;
    });

    app.post("/station/cancel", async (request) => {
      const participant = await authenticate(accounts, property(request.body, "Hash"));
      const { StationID } = parse(stationRequest, request.body);
      await game.cancel(participant, StationID);
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
  };
}
