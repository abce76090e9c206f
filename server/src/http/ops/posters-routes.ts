import { languageSchema } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../parse";
import { doc } from "../api-docs/describe";

const postersQuery = z.object({ language: languageSchema.optional() });

/**
 * The stations' QR posters as a PDF, one A4 page each: either role prints them (a code opens
 * its station without the walk).
 */
export function postersRoutes(
  posters: (language: Language | undefined) => Promise<Buffer>,
): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/stations/posters.pdf",
      {
        config: {
          role: ["host", "author"],
          docs: doc("ops", "The stations' QR posters, one A4 page each", {
            query: postersQuery,
            produces: "application/pdf",
          }),
        },
      },
      async (request, reply) => {
        const { language } = parse(postersQuery, request.query, "query");
        const pdf = await posters(language);
        const name = `wegmarke-station-posters${language ? `-${language}` : ""}.pdf`;
        return reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="${name}"`)
          .send(pdf);
      },
    );
  };
}
