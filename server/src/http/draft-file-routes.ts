import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import {
  opsDraftFileQuery,
  opsDraftMediaQuery,
  opsDraftMediumQuery,
  opsDraftRemove,
  opsDraftSave,
  opsDraftSaveOutcome,
  opsDraftText,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { PackDrafts } from "../studio/pack-drafts";
import { ServiceError } from "../errors";
import { declaredLength } from "../packs/upload-file";
import { MEDIA_CONTENT_TYPES, mediaType } from "../studio/media-upload";
import { doc, SAVE } from "./api-docs/describe";
import { parse } from "./parse";

/** What every route of the draft uses: the draft, who calls, and the audit log. */
export type DraftFileDeps = {
  drafts: PackDrafts;
  author: (request: FastifyRequest) => string | null;
  record: (request: FastifyRequest, action: string, detail: string) => Promise<void>;
};

/**
 * The draft's files at `/api/ops/pack/draft`: a text file to edit, a save that names what it
 * replaces (409 with the other author's file otherwise), a medium's upload and its bytes, a
 * removal.
 */
export function draftFileRoutes({ drafts, author, record }: DraftFileDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/file",
      {
        config: {
          role: "author",
          docs: doc("studio", "A text file of the draft", {
            query: opsDraftFileQuery,
            response: opsDraftText,
          }),
        },
      },
      async (request) => {
        const { path } = parse(opsDraftFileQuery, request.query, "query");
        return drafts.text(path);
      },
    );

    app.put(
      "/file",
      {
        config: {
          role: "author",
          docs: doc("studio", "Save a text file", {
            description: SAVE,
            body: opsDraftSave,
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { path, text, replaces } = parse(opsDraftSave, request.body);
        const outcome = await drafts.save(path, text, replaces, author(request));
        await record(request, "pack.draft.save", outcome.ok ? path : `${path} refused: changed`);
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    // A medium's body is handed on as the stream it is: the upload writes it to a file.
    app.addContentTypeParser(MEDIA_CONTENT_TYPES, (_request, body, done) => done(null, body));

    app.put(
      "/media",
      {
        config: {
          role: "author",
          docs: doc("studio", "Save a medium (its bytes as the body)", {
            description: SAVE,
            query: opsDraftMediaQuery,
            body: { type: "application/octet-stream" },
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { path, replaces } = parse(opsDraftMediaQuery, request.query, "query");
        if (!(request.body instanceof Readable)) {
          throw new ServiceError(
            415,
            `send the file's bytes with its type (${MEDIA_CONTENT_TYPES.join(", ")})`,
          );
        }
        const declared = declaredLength(request.headers["content-length"]);
        const outcome = await drafts.upload(
          path,
          request.body,
          declared,
          replaces ?? null,
          author(request),
        );
        await record(request, "pack.draft.save", outcome.ok ? path : `${path} refused: changed`);
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    app.delete(
      "/file",
      {
        config: {
          role: "author",
          docs: doc("studio", "Remove a file", {
            description: SAVE,
            query: opsDraftRemove,
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { path, replaces } = parse(opsDraftRemove, request.query, "query");
        const outcome = await drafts.remove(path, replaces, author(request));
        await record(request, "pack.draft.remove", outcome.ok ? path : `${path} refused: changed`);
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    // A medium as the draft has it, for the forms to show (an uploaded map, say).
    app.get(
      "/media",
      {
        config: {
          role: "author",
          docs: doc("studio", "A medium of the draft", {
            query: opsDraftMediumQuery,
            produces: "application/octet-stream",
          }),
        },
      },
      async (request, reply) => {
        const { path } = parse(opsDraftMediumQuery, request.query, "query");
        const type = mediaType(path);
        if (type === undefined) throw new ServiceError(415, "not a medium of the app");
        const file = await drafts.mediumFile(path);
        if (file === undefined) throw new ServiceError(404, "no such file in the draft");
        reply.header("cache-control", "no-store").type(type);
        return reply.send(createReadStream(file));
      },
    );
  };
}
