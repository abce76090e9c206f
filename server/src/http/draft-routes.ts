import {
  opsDraft,
  opsDraftCheck,
  opsDraftPublishOutcome,
  opsEmptyRequest,
  opsInkCompileRequest,
  opsInkCompiled,
  opsPreviewOutcome,
  opsPreviewRequest,
} from "@wegmarke/protocol";
import type { OpsInkCompiled, OpsPreviewOutcome } from "@wegmarke/protocol";
import type { ContentProblem } from "../content/model";
import { suggestion } from "../studio/ink-suggestions";
import type { FastifyPluginAsync } from "fastify";
import type { Publisher } from "../studio/publisher";
import type { PreviewMode } from "../studio/previews";
import { ServiceError } from "../errors";
import { draftFileRoutes } from "./draft-file-routes";
import { draftFolderRoutes } from "./draft-folder-routes";
import { draftFormRoutes } from "./draft-form-routes";
import { draftScriptRoutes } from "./draft-script-routes";
import type { DraftFormDeps } from "./draft-form-routes";
import { parse } from "./parse";
import { doc, REFUSED } from "./api-docs/describe";

export type DraftRouteDeps = DraftFormDeps & {
  publisher: Publisher;
  compile: (file: string, text: string) => Promise<ContentProblem[]>;
  /** Plays the draft in a game of its own (studio/previews.ts); absent in a preview's server. */
  preview?: (mode: PreviewMode) => Promise<OpsPreviewOutcome>;
};

/**
 * The studio's draft, mounted at `/api/ops/pack/draft`: its files, a text file to edit, a save
 * that names what it replaces (409 with the other author's file otherwise), a removal, a
 * station's form and a new station, the check by station, a preview to play it, the publish on
 * every instance, and discarding it.
 */
export function draftRoutes(deps: DraftRouteDeps): FastifyPluginAsync {
  const { drafts, publisher, compile, author, record, preview } = deps;
  return async (app) => {
    await app.register(draftFileRoutes(deps));
    await app.register(draftFormRoutes(deps));
    await app.register(draftScriptRoutes(deps));
    await app.register(draftFolderRoutes(deps));

    app.get(
      "",
      {
        config: {
          role: "author",
          docs: doc("studio", "The draft: the pack's files with its changes", {
            response: opsDraft,
          }),
        },
      },
      async () => drafts.draft(),
    );

    app.post(
      "/compile",
      {
        config: {
          role: "author",
          docs: doc("studio", "Compile an ink script: its problems", {
            body: opsInkCompileRequest,
            response: opsInkCompiled,
          }),
        },
      },
      async (request) => {
        const { path, text } = parse(opsInkCompileRequest, request.body);
        const started = performance.now();
        const problems = await compile(path, text);
        return {
          problems: problems.map(({ line, message }) => {
            const meant = suggestion(message, text);
            return {
              ...(line !== undefined && { line }),
              message,
              ...(meant && { suggestion: meant }),
            };
          }),
          ms: Math.round(performance.now() - started),
        } satisfies OpsInkCompiled;
      },
    );

    app.post(
      "/check",
      {
        config: {
          role: "author",
          docs: doc("studio", "Check the draft: its problems by station", {
            body: opsEmptyRequest,
            response: opsDraftCheck,
          }),
        },
      },
      async (request) => {
        parse(opsEmptyRequest, request.body);
        return drafts.check();
      },
    );

    app.post(
      "/preview",
      {
        config: {
          role: "author",
          docs: doc("studio", "Play the draft in a preview", {
            description: REFUSED,
            body: opsPreviewRequest,
            response: opsPreviewOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { desk, fast = false, start } = parse(opsPreviewRequest, request.body);
        if (!preview) throw new ServiceError(404, "a preview has no preview of its own");
        const outcome = await preview({ desk, fast, ...(start && { start }) });
        return reply.code(outcome.ok ? 200 : 422).send(outcome);
      },
    );

    app.post(
      "/publish",
      {
        config: {
          role: "author",
          docs: doc("studio", "Check the draft once and make it live", {
            description: REFUSED,
            body: opsEmptyRequest,
            response: opsDraftPublishOutcome,
          }),
        },
      },
      async (request, reply) => {
        parse(opsEmptyRequest, request.body);
        const outcome = await publisher.publish({
          by: author(request),
          record: (action, detail) => record(request, action, detail),
        });
        return reply.code(outcome.ok ? 200 : 422).send(outcome);
      },
    );

    app.delete(
      "",
      {
        config: {
          role: "author",
          docs: doc("studio", "Discard the draft", { response: opsDraft }),
        },
      },
      async (request) => {
        await drafts.discard();
        await record(request, "pack.draft.discard", "");
        return drafts.draft();
      },
    );
  };
}
