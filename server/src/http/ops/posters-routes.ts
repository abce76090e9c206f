import { languageSchema } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../parse";

export const postersQuery = z.object({ language: languageSchema.optional() });

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
      { config: { role: ["host", "author"] } },
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
