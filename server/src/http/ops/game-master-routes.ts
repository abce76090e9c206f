import {
  opsAwardRequest,
  opsDeliverRequest,
  opsHintRequest,
  opsJumpRequest,
  opsLineRequest,
  opsPlayerParams,
  opsThread,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { GameConsole } from "../../operator-views/game-console";
import { ok } from "../ok";
import { openSseReply } from "../sse-reply";
import { parse } from "../parse";
import type { OpsRecord } from "./record";
import { doc } from "../api-docs/describe";
import { meOf } from "../../operator-accounts/ops-caller";
import { callerOf } from "./gate";

/** The game master's page of one player: their chat as they see it, and a host's line in it. */
export function gameMasterRoutes(game: GameConsole, record: OpsRecord): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/players/:playerId/thread",
      {
        config: {
          role: "host",
          docs: doc("ops", "A player's chat as their app shows it, and their running station", {
            params: opsPlayerParams,
            response: opsThread,
          }),
        },
      },
      async (request) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        return game.thread(playerId);
      },
    );

    app.get(
      "/players/:playerId/watch",
      {
        config: {
          role: "host",
          docs: doc("ops", "Tells `changed` whenever a player's chat grows (server-sent events)", {
            params: opsPlayerParams,
            produces: "text/event-stream",
          }),
        },
      },
      async (request, reply) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const close = await game.watch(playerId, () => openSseReply(reply));
        reply.raw.on("close", close);
        return reply;
      },
    );

    app.post(
      "/players/:playerId/lines",
      {
        config: {
          role: "host",
          docs: doc("ops", "Write a line into a player's running station as a character", {
            params: opsPlayerParams,
            body: opsLineRequest,
          }),
        },
      },
      async (request) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const line = parse(opsLineRequest, request.body);
        await game.speak(playerId, line);
        await record(
          request,
          "line.send",
          `player ${playerId}, station ${line.stationId}, as ${line.from}: ${line.text}`,
        );
        return ok;
      },
    );

    app.post(
      "/players/:playerId/hint",
      {
        config: {
          role: "host",
          docs: doc("ops", "Give the riddle's next hint in a player's running station", {
            params: opsPlayerParams,
            body: opsHintRequest,
          }),
        },
      },
      async (request) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const hint = parse(opsHintRequest, request.body);
        await game.hint(playerId, hint);
        const cost = hint.free ? ", free" : "";
        await record(request, "hint.give", `player ${playerId}, station ${hint.stationId}${cost}`);
        return ok;
      },
    );

    app.post(
      "/players/:playerId/jump",
      {
        config: {
          role: "host",
          docs: doc("ops", "Continue a player's running station at a knot of its script", {
            params: opsPlayerParams,
            body: opsJumpRequest,
          }),
        },
      },
      async (request) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const jump = parse(opsJumpRequest, request.body);
        await game.jump(playerId, jump);
        const why = `player ${playerId}, station ${jump.stationId}, to ${jump.knot}`;
        await record(request, "story.jump", why);
        return ok;
      },
    );

    app.post(
      "/players/:playerId/points",
      {
        config: {
          role: "host",
          docs: doc("ops", "Award a player (their team) points, or take some, with a reason", {
            params: opsPlayerParams,
            body: opsAwardRequest,
          }),
        },
      },
      async (request) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const award = parse(opsAwardRequest, request.body);
        await game.award(playerId, award, meOf(callerOf(request)).name);
        const points = award.points > 0 ? `+${award.points}` : String(award.points);
        await record(request, "points.award", `player ${playerId}, ${points}: ${award.reason}`);
        return ok;
      },
    );

    app.post(
      "/players/:playerId/deliver",
      {
        config: {
          role: "host",
          docs: doc("ops", "Deliver the next of a station's later lines now", {
            params: opsPlayerParams,
            body: opsDeliverRequest,
          }),
        },
      },
      async (request) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const { stationId } = parse(opsDeliverRequest, request.body);
        await game.deliverNow(playerId, stationId);
        await record(request, "line.deliver", `player ${playerId}, station ${stationId}`);
        return ok;
      },
    );
  };
}
