import type { Readable } from "node:stream";
import {
  opsEmptyRequest,
  opsPackChanges,
  opsPackImportOutcome,
  opsPackVersionParams,
  opsPackVersions,
  opsReloadOutcome,
} from "@wegmarke/protocol";
import type { OpsPackImportOutcome, OpsReloadOutcome } from "@wegmarke/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { ServiceError } from "../errors";
import type { ContentProblem } from "../content/model";
import type { PackLibrary } from "../packs/pack-library";
import type { PackDrafts } from "../studio/pack-drafts";
import type { Publisher } from "../studio/publisher";
import { draftRoutes } from "./draft-routes";
import type { DraftRouteDeps } from "./draft-routes";
import { parse } from "./parse";
import { acceptZips, zipUpload } from "./zip-body";
import { doc, REFUSED } from "./api-docs/describe";

/** How many versions the console lists, newest first. */
const LISTED = 100;

export type PackRouteDeps = {
  library: PackLibrary;
  /** The studio's draft (`/api/ops/pack/draft`, draft-routes.ts). */
  drafts: PackDrafts;
  /** The draft's publish (studio/publisher.ts). */
  publisher: Publisher;
  /** Compiles a script off the main thread (packs/content-thread.ts). */
  compile: (file: string, text: string) => Promise<ContentProblem[]>;
  /** Makes a stored version live on every instance (studio/content-reload.ts). */
  release: (id: number, by: string | null) => Promise<OpsReloadOutcome | undefined>;
  /** The game this server plays: a pack of another is refused. */
  storyId: () => string;
  /** The whole game as a zip (studio/game-zip.ts), its file's name. */
  gameZip: () => Promise<{ file: string; body: Readable }>;
  /** The operator who calls, by name; null for OPERATOR_TOKEN. */
  author: (request: FastifyRequest) => string | null;
  /** Records an action in the audit log. */
  record: (request: FastifyRequest, action: string, detail: string) => Promise<void>;
} & Pick<DraftRouteDeps, "preview">;

/**
 * The pack's versions, mounted at `/api/ops/pack/` inside the operators' routes (so the
 * operator is checked first): the list, a version as a zip of its folder, a zip imported as a
 * new version, and a version made live (publish, roll back).
 */
export function packRoutes(deps: PackRouteDeps): FastifyPluginAsync {
  const { library, release, storyId, gameZip, author, record } = deps;
  return async (app) => {
    await app.register(draftRoutes(deps), { prefix: "/draft" });

    acceptZips(app);

    app.get(
      "/versions",
      {
        config: {
          role: "viewer",
          docs: doc("studio", "The content pack's versions", {
            response: opsPackVersions,
          }),
        },
      },
      async () => ({
        versions: await library.versions(LISTED),
      }),
    );

    app.get(
      "/versions/:id/zip",
      {
        config: {
          role: "author",
          docs: doc("studio", "A version as a zip", {
            params: opsPackVersionParams,
            produces: "application/zip",
          }),
        },
      },
      async (request, reply) => {
        const { id } = parse(opsPackVersionParams, request.params, "path");
        const version = await library.byId(id);
        if (!version) throw new ServiceError(404, "no such version");
        const zip = await library.zip(version, storyId());
        return reply
          .type("application/zip")
          .header("content-disposition", `attachment; filename="${storyId()}-${id}.zip"`)
          .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
      },
    );

    app.get(
      "/game.zip",
      {
        config: {
          role: "author",
          docs: doc("studio", "The whole game as a zip: its live version and its draft", {
            produces: "application/zip",
          }),
        },
      },
      async (request, reply) => {
        const zip = await gameZip();
        await record(request, "pack.export", zip.file);
        return reply
          .type("application/zip")
          .header("content-disposition", `attachment; filename="${zip.file}"`)
          .send(zip.body);
      },
    );

    app.get(
      "/versions/:id/changes",
      {
        config: {
          role: "author",
          docs: doc("studio", "What a version changed", {
            params: opsPackVersionParams,
            response: opsPackChanges,
          }),
        },
      },
      async (request) => {
        const { id } = parse(opsPackVersionParams, request.params, "path");
        const version = await library.byId(id);
        if (!version) throw new ServiceError(404, "no such version");
        return library.changes(version);
      },
    );

    app.post(
      "/import",
      {
        config: {
          role: "author",
          docs: doc("studio", "Import a pack's zip as a version", {
            description: REFUSED,
            body: { type: "application/zip" },
            response: opsPackImportOutcome,
          }),
        },
      },
      async (request, reply) => {
        const upload = zipUpload(request, "the pack");
        const imported = await library.importZip(upload, author(request), storyId());
        if (!imported.ok) {
          return reply.code(422).send({ ok: false, problems: imported.problems });
        }
        const [listed] = await library.listed([imported.version]);
        if (!listed) throw new Error(`version ${imported.version.id} not listed`);
        await record(request, "pack.import", `version ${listed.number}`);
        return {
          ok: true,
          version: listed,
          warnings: imported.warnings,
        } satisfies OpsPackImportOutcome;
      },
    );

    app.post(
      "/versions/:id/release",
      {
        config: {
          role: "author",
          docs: doc("studio", "Make a version live", {
            description: REFUSED,
            params: opsPackVersionParams,
            body: opsEmptyRequest,
            response: opsReloadOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { id } = parse(opsPackVersionParams, request.params, "path");
        parse(opsEmptyRequest, request.body);
        const version = await library.byId(id);
        const outcome = version && (await release(id, author(request)));
        if (!version || !outcome) throw new ServiceError(404, "no such version");
        // The audit log names the version as the console shows it: its number in the game.
        const named = `version ${version.number}`;
        const detail = outcome.ok ? named : `${named} refused`;
        await record(request, "pack.release", detail);
        return reply.code(outcome.ok ? 200 : 422).send(outcome);
      },
    );
  };
}
