import { signedLinkQuery } from "@wegmarke/protocol";
import { z } from "zod";
import type { FastifyPluginAsync } from "fastify";
import type { OrganisersService } from "../organisers/organisers-service";
import { doc } from "./api-docs/describe";
import { parse } from "./parse";

const photoParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  file: z.enum(["file", "thumb"]),
});

/**
 * A message's photo by its signed link (`GET /api/organisers/photos/<id>/<file>`): the link is
 * the permission, so the app's and the console's `<img>` load it. A JPEG the server made,
 * served as such, never sniffed, never run.
 */
export function organisersPhotoRoute(organisers: OrganisersService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/api/organisers/photos/:id/:file",
      {
        config: {
          docs: doc("game", "A photo sent to the organisers, by its signed link", {
            params: photoParams,
            query: signedLinkQuery,
            produces: "image/jpeg",
          }),
        },
      },
      async (request, reply) => {
        const { id, file } = parse(photoParams, request.params, "path");
        const link = parse(signedLinkQuery, request.query, "query");
        const bytes = await organisers.photo(id, file, link);
        return reply
          .header("content-type", "image/jpeg")
          .header("content-disposition", `inline; filename="wegmarke-message-${id}-${file}.jpg"`)
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("cache-control", "private, max-age=600")
          .send(Buffer.from(bytes));
      },
    );
  };
}
