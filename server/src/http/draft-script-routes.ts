import { opsScriptCreate, opsScriptCreated } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { addStationScript } from "../studio/forms/station-scripts";
import { doc } from "./api-docs/describe";
import type { DraftFileDeps } from "./draft-file-routes";
import { parse } from "./parse";

/**
 * A station's dialogue in another language of the game at `/api/ops/pack/draft`, begun from
 * one it has with every line a player reads marked for translation.
 */
export function draftScriptRoutes({ drafts, author, record }: DraftFileDeps): FastifyPluginAsync {
  return async (app) => {
    app.post(
      "/stations/script",
      {
        config: {
          role: "author",
          docs: doc("studio", "A station's dialogue in another language (201)", {
            description:
              "Copies a script of the station with every line a player reads marked `// übersetzen`; 409 when the language has one, 400 for a language the game is not written in.",
            body: opsScriptCreate,
            response: opsScriptCreated,
          }),
        },
      },
      async (request, reply) => {
        const { folder, language } = parse(opsScriptCreate, request.body);
        const created = await addStationScript(drafts, folder, language, author(request));
        await record(request, "pack.draft.script", created.path);
        return reply.code(201).send(created);
      },
    );
  };
}
