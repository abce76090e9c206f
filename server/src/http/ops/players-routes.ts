import {
  opsCancelParams,
  opsEmptyRequest,
  opsExportQuery,
  opsPlayersPage,
  opsPlayersQuery,
  opsStationAccessRequest,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { GameConsole } from "../../operator-views/game-console";
import { ok } from "../ok";
import { parse } from "../parse";
import type { OpsRecord } from "./record";
import { doc } from "../api-docs/describe";

/**
 * The players' personal data, the hosts': the player list with phone numbers, a station
 * cancelled, closed or reopened for a player, and the CSV export.
 */
export function playersRoutes(game: GameConsole, record: OpsRecord): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/players",
      {
        config: {
          role: "host",
          docs: doc("ops", "The players, searched, a page at a time", {
            query: opsPlayersQuery,
            response: opsPlayersPage,
          }),
        },
      },
      async (request) => game.players(parse(opsPlayersQuery, request.query, "query")),
    );

    app.post(
      "/players/:playerId/stations/:stationId/cancel",
      {
        config: {
          role: "host",
          docs: doc("ops", "Cancel a player's station", {
            params: opsCancelParams,
            body: opsEmptyRequest,
          }),
        },
      },
      async (request) => {
        const { playerId, stationId } = parse(opsCancelParams, request.params, "path");
        parse(opsEmptyRequest, request.body);
        await game.cancel(playerId, stationId);
        await record(request, "station.cancel", `player ${playerId}, station ${stationId}`);
        return ok;
      },
    );

    for (const [action, open, summary] of [
      ["close", false, "Close a station for a player (their team): hidden, not to be started"],
      ["reopen", true, "Open a closed or finished station again for a player (their team)"],
    ] as const) {
      app.post(
        `/players/:playerId/stations/:stationId/${action}`,
        {
          config: {
            role: "host",
            docs: doc("ops", summary, { params: opsCancelParams, body: opsStationAccessRequest }),
          },
        },
        async (request) => {
          const { playerId, stationId } = parse(opsCancelParams, request.params, "path");
          const { reason } = parse(opsStationAccessRequest, request.body);
          await game.setOpen(playerId, stationId, open);
          const why = reason ? `: ${reason}` : "";
          await record(
            request,
            `station.${action}`,
            `player ${playerId}, station ${stationId}${why}`,
          );
          return ok;
        },
      );
    }

    app.get(
      "/export.csv",
      {
        config: {
          role: "host",
          docs: doc("ops", "The players or the stations' answers as CSV", {
            query: opsExportQuery,
            produces: "text/csv",
          }),
        },
      },
      async (request, reply) => {
        const query = parse(opsExportQuery, request.query, "query");
        const csv = await game.exportCsv(query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header(
            "content-disposition",
            `attachment; filename="wegmarke-${query.table}-${day}.csv"`,
          )
          .send(csv);
      },
    );
  };
}
