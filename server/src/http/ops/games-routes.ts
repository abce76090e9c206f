import {
  okResponse,
  opsArchivedGames,
  opsGame,
  opsGameImported,
  opsGameImportQuery,
  opsGameMade,
  opsGameParams,
  opsGames,
  opsNewGame,
} from "@wegmarke/protocol";
import type {
  OpsArchivedGame,
  OpsArchivedGames,
  OpsGame,
  OpsGameImported,
  OpsGameMade,
  OpsGames,
  OpsNewGame,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { GameUpload } from "../../games/game-import";
import type { OpsCaller } from "../../operator-accounts/ops-caller";
import { doc } from "../api-docs/describe";
import { ok } from "../ok";
import { parse } from "../parse";
import { acceptZips, zipUpload } from "../zip-body";
import { callerOf } from "./gate";

/** The installation's games as the console lists, makes and archives them. */
export type GamesRouteDeps = {
  /** The games `caller` sees that play, the first first. */
  list: (caller: OpsCaller) => Promise<OpsGame[]>;
  /** A new game from its template, live at once; the caller its author and host. */
  make: (caller: OpsCaller, request: OpsNewGame) => Promise<OpsGameMade>;
  /** A new game from a game's zip (its live version and draft); the caller its author and host. */
  import: (caller: OpsCaller, name: string, upload: GameUpload) => Promise<OpsGameImported>;
  /** Ends the game `name` at once: its players can no longer play; its data goes in 30 days. */
  archive: (caller: OpsCaller, name: string) => Promise<void>;
  /** The ended games whose data is kept, the most recently ended first. */
  archived: () => Promise<OpsArchivedGame[]>;
  /** Takes an ended game back while its data is kept: it plays again. */
  restore: (caller: OpsCaller, name: string) => Promise<OpsGame>;
};

/**
 * The games the console switches between (decisions/054): those the operator has a role in,
 * every one for the admin, who makes and archives them. Served by the first game's server
 * only: every other game's operators' API is below its prefix.
 */
export function gamesRoutes(deps: GamesRouteDeps): FastifyPluginAsync {
  const { list, make, archive, archived, restore } = deps;
  return async (app) => {
    acceptZips(app);

    app.get(
      "/games",
      {
        config: {
          role: "operator",
          docs: doc("ops", "The games the operator sees, for the console's choice", {
            response: opsGames,
          }),
        },
      },
      async (request): Promise<OpsGames> => ({ games: await list(callerOf(request)) }),
    );

    app.post(
      "/games",
      {
        config: {
          role: "admin",
          docs: doc("ops", "A new game from a template, live at once", {
            body: opsNewGame,
            response: opsGameMade,
          }),
        },
      },
      async (request, reply) => {
        const made = await make(callerOf(request), parse(opsNewGame, request.body));
        return reply.code(201).send(made);
      },
    );

    app.post(
      "/games/import",
      {
        config: {
          role: "admin",
          docs: doc("ops", "A new game from a game's zip, live at once, with its draft", {
            query: opsGameImportQuery,
            body: { type: "application/zip" },
            response: opsGameImported,
          }),
        },
      },
      async (request, reply) => {
        const { name } = parse(opsGameImportQuery, request.query, "query");
        const imported = await deps.import(
          callerOf(request),
          name,
          zipUpload(request, "the game's export"),
        );
        return reply.code(201).send(imported);
      },
    );

    app.post(
      "/games/:name/archive",
      {
        config: {
          role: "admin",
          docs: doc("ops", "End a game: its players can no longer play", {
            params: opsGameParams,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        const { name } = parse(opsGameParams, request.params, "path");
        await archive(callerOf(request), name);
        return ok;
      },
    );

    app.get(
      "/games/archived",
      {
        config: {
          role: "admin",
          docs: doc("ops", "The ended games whose data is still kept", {
            response: opsArchivedGames,
          }),
        },
      },
      async (): Promise<OpsArchivedGames> => ({ games: await archived() }),
    );

    app.post(
      "/games/:name/restore",
      {
        config: {
          role: "admin",
          docs: doc("ops", "Take an ended game back while its data is kept", {
            params: opsGameParams,
            response: opsGame,
          }),
        },
      },
      async (request) => {
        const { name } = parse(opsGameParams, request.params, "path");
        return restore(callerOf(request), name);
      },
    );
  };
}
