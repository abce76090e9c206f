import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import {
  opsDraftFileQuery,
  opsDraftMediumQuery,
  opsDraftMediaQuery,
  opsDraftRemove,
  opsDraftSave,
  opsEmptyRequest,
  opsGameSave,
  opsGameTextsSave,
  opsInkCompileRequest,
  opsMapSave,
  opsPlacesQuery,
  opsPreviewRequest,
  opsStationCreate,
  opsStationQuery,
  opsStationSave,
  opsStoryQuery,
  opsStorySave,
} from "@wegmarke/protocol";
import type { OpsInkCompiled, OpsPreviewOutcome, OpsPreviewRequest } from "@wegmarke/protocol";
import type { ContentProblem } from "../content/model";
import { suggestion } from "../studio/ink-suggestions";
import { MEDIA_CONTENT_TYPES, mediaType } from "../studio/media-upload";
import { declaredLength } from "../packs/upload-file";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { searchArea } from "../studio/address-search";
import type { AddressSearch } from "../studio/address-search";
import type { PackDrafts } from "../studio/pack-drafts";
import type { Publisher } from "../studio/publisher";
import { GameForms } from "../studio/forms/game-forms";
import { PackForms } from "../studio/forms/pack-forms";
import { ServiceError } from "../errors";
import { parse } from "./parse";

export type DraftRouteDeps = {
  drafts: PackDrafts;
  publisher: Publisher;
  compile: (file: string, text: string) => Promise<ContentProblem[]>;
  author: (request: FastifyRequest) => string | null;
  record: (request: FastifyRequest, action: string, detail: string) => Promise<void>;
  /** Plays the draft in a game of its own (studio/previews.ts); absent in a preview's server. */
  preview?: (mode: OpsPreviewRequest) => Promise<OpsPreviewOutcome>;
  /** Looks up typed addresses (`GEOCODER_URL`); absent when it is off. */
  addresses?: AddressSearch;
};

/**
 * The studio's draft, mounted at `/api/ops/pack/draft`: its files, a text file to edit, a save
 * that names what it replaces (409 with the other author's file otherwise), a removal, a
 * station's form and a new station, the check by station, a preview to play it, the publish on
 * every instance, and discarding it.
 */
export function draftRoutes(deps: DraftRouteDeps): FastifyPluginAsync {
  const { drafts, publisher, compile, author, record, preview, addresses } = deps;
  const forms = new PackForms(drafts);
  const gameForms = new GameForms(drafts, () => forms.stationPlaces());
  return async (app) => {
    app.get("", { config: { role: "author" } }, async () => drafts.draft());

    app.get("/file", { config: { role: "author" } }, async (request) => {
      const { path } = parse(opsDraftFileQuery, request.query, "query");
      return drafts.text(path);
    });

    app.put("/file", { config: { role: "author" } }, async (request, reply) => {
      const { path, text, replaces } = parse(opsDraftSave, request.body);
      const outcome = await drafts.save(path, text, replaces, author(request));
      await record(request, "pack.draft.save", outcome.ok ? path : `${path} refused: changed`);
      return reply.code(outcome.ok ? 200 : 409).send(outcome);
    });

    // A medium's body is handed on as the stream it is: the upload writes it to a file.
    app.addContentTypeParser(MEDIA_CONTENT_TYPES, (_request, body, done) => done(null, body));

    app.put("/media", { config: { role: "author" } }, async (request, reply) => {
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
    });

    app.delete("/file", { config: { role: "author" } }, async (request, reply) => {
      const { path, replaces } = parse(opsDraftRemove, request.query, "query");
      const outcome = await drafts.remove(path, replaces, author(request));
      await record(request, "pack.draft.remove", outcome.ok ? path : `${path} refused: changed`);
      return reply.code(outcome.ok ? 200 : 409).send(outcome);
    });

    app.get("/station", { config: { role: "author" } }, async (request) => {
      const { folder } = parse(opsStationQuery, request.query, "query");
      // Only game.yaml is read for it: the other stations' places are in the form already.
      const [edit, tiles] = await Promise.all([forms.station(folder), gameForms.hasTiles()]);
      return { ...edit, addressSearch: addresses !== undefined && tiles };
    });

    app.get("/places", { config: { role: "author" } }, async (request) => {
      const { q, lang } = parse(opsPlacesQuery, request.query, "query");
      if (!addresses) throw new ServiceError(404, "the address search is off (GEOCODER_URL=off)");
      const map = await gameForms.map();
      const area = searchArea(map.stations, map.form?.image?.bounds ?? null);
      return addresses.search(q, lang, area);
    });

    app.put("/station", { config: { role: "author" } }, async (request, reply) => {
      const { folder, form, replaces } = parse(opsStationSave, request.body);
      const outcome = await forms.save(folder, form, replaces, author(request));
      const detail = `${folder}/station.yaml${outcome.ok ? "" : " refused: changed"}`;
      await record(request, "pack.draft.save", detail);
      return reply.code(outcome.ok ? 200 : 409).send(outcome);
    });

    app.get("/story", { config: { role: "author" } }, async (request) => {
      const { folder } = parse(opsStoryQuery, request.query, "query");
      return forms.story(folder);
    });

    app.put("/story", { config: { role: "author" } }, async (request, reply) => {
      const { folder, form, replaces } = parse(opsStorySave, request.body);
      const outcome = await forms.saveStory(folder, form, replaces, author(request));
      const detail = `${folder}/story.yaml${outcome.ok ? "" : " refused: changed"}`;
      await record(request, "pack.draft.save", detail);
      return reply.code(outcome.ok ? 200 : 409).send(outcome);
    });

    app.get("/game", { config: { role: "author" } }, async () => gameForms.game());

    app.put("/game", { config: { role: "author" } }, async (request, reply) => {
      const { form, replaces } = parse(opsGameSave, request.body);
      const outcome = await gameForms.saveGame(form, replaces, author(request));
      await record(request, "pack.draft.save", `game.yaml${outcome.ok ? "" : " refused: changed"}`);
      return reply.code(outcome.ok ? 200 : 409).send(outcome);
    });

    app.get("/texts", { config: { role: "author" } }, async () => gameForms.texts());

    app.put("/texts", { config: { role: "author" } }, async (request, reply) => {
      const { form, replaces } = parse(opsGameTextsSave, request.body);
      const outcome = await gameForms.saveTexts(form, replaces, author(request));
      const detail = `game.yaml (texts)${outcome.ok ? "" : " refused: changed"}`;
      await record(request, "pack.draft.save", detail);
      return reply.code(outcome.ok ? 200 : 409).send(outcome);
    });

    app.get("/map", { config: { role: "author" } }, async () => gameForms.map());

    app.put("/map", { config: { role: "author" } }, async (request, reply) => {
      const { form, replaces } = parse(opsMapSave, request.body);
      const outcome = await gameForms.saveMap(form, replaces, author(request));
      const detail = `game.yaml (map)${outcome.ok ? "" : " refused: changed"}`;
      await record(request, "pack.draft.save", detail);
      return reply.code(outcome.ok ? 200 : 409).send(outcome);
    });

    // A medium as the draft has it, for the forms to show (an uploaded map, say).
    app.get("/media", { config: { role: "author" } }, async (request, reply) => {
      const { path } = parse(opsDraftMediumQuery, request.query, "query");
      const type = mediaType(path);
      if (type === undefined) throw new ServiceError(415, "not a medium of the app");
      const file = await drafts.mediumFile(path);
      if (file === undefined) throw new ServiceError(404, "no such file in the draft");
      reply.header("cache-control", "no-store").type(type);
      return reply.send(createReadStream(file));
    });

    app.post("/stations", { config: { role: "author" } }, async (request, reply) => {
      const { title } = parse(opsStationCreate, request.body);
      const created = await forms.create(title, author(request));
      await record(request, "pack.draft.station", created.folder);
      return reply.code(201).send(created);
    });

    app.post("/compile", { config: { role: "author" } }, async (request) => {
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
    });

    app.post("/check", { config: { role: "author" } }, async (request) => {
      parse(opsEmptyRequest, request.body);
      return drafts.check();
    });

    app.post("/preview", { config: { role: "author" } }, async (request, reply) => {
      const { desk, fast = false, start } = parse(opsPreviewRequest, request.body);
      if (!preview) throw new ServiceError(404, "a preview has no preview of its own");
      const outcome = await preview({ desk, fast, ...(start && { start }) });
      return reply.code(outcome.ok ? 200 : 422).send(outcome);
    });

    app.post("/publish", { config: { role: "author" } }, async (request, reply) => {
      parse(opsEmptyRequest, request.body);
      const outcome = await publisher.publish({
        by: author(request),
        record: (action, detail) => record(request, action, detail),
      });
      return reply.code(outcome.ok ? 200 : 422).send(outcome);
    });

    app.delete("", { config: { role: "author" } }, async (request) => {
      await drafts.discard();
      await record(request, "pack.draft.discard", "");
      return drafts.draft();
    });
  };
}
