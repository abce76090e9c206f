import {
  opsDraftSaveOutcome,
  opsGameEdit,
  opsGameSave,
  opsGameTextsEdit,
  opsGameTextsSave,
  opsMapEdit,
  opsMapSave,
  opsPlaces,
  opsPlacesQuery,
  opsStationCreate,
  opsStationCreated,
  opsStationEdit,
  opsStationQuery,
  opsStationSave,
  opsStoryEdit,
  opsStoryQuery,
  opsStorySave,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { ServiceError } from "../errors";
import { searchArea } from "../studio/address-search";
import type { AddressSearch } from "../studio/address-search";
import { GameForms } from "../studio/forms/game-forms";
import { PackForms } from "../studio/forms/pack-forms";
import { doc, SAVE } from "./api-docs/describe";
import type { DraftFileDeps } from "./draft-file-routes";
import { parse } from "./parse";

export type DraftFormDeps = DraftFileDeps & {
  /** Looks up typed addresses (`GEOCODER_URL`); absent when it is off. */
  addresses?: AddressSearch;
};

/**
 * The studio's forms at `/api/ops/pack/draft`: a station's (with the address search where it
 * is on), a new station, its story, the game's settings, its texts and its map; each save
 * names what it replaces, as a file's does.
 */
export function draftFormRoutes({
  drafts,
  author,
  record,
  addresses,
}: DraftFormDeps): FastifyPluginAsync {
  const forms = new PackForms(drafts);
  const gameForms = new GameForms(drafts, () => forms.stationPlaces());
  return async (app) => {
    app.get(
      "/station",
      {
        config: {
          role: "author",
          docs: doc("studio", "A station's form", {
            query: opsStationQuery,
            response: opsStationEdit,
          }),
        },
      },
      async (request) => {
        const { folder } = parse(opsStationQuery, request.query, "query");
        // Only game.yaml is read for it: the other stations' places are in the form already.
        const [edit, tiles] = await Promise.all([forms.station(folder), gameForms.hasTiles()]);
        return { ...edit, addressSearch: addresses !== undefined && tiles };
      },
    );

    app.get(
      "/places",
      {
        config: {
          role: "author",
          docs: doc("studio", "Search an address for a station's place", {
            query: opsPlacesQuery,
            response: opsPlaces,
          }),
        },
      },
      async (request) => {
        const { q, lang } = parse(opsPlacesQuery, request.query, "query");
        if (!addresses) throw new ServiceError(404, "the address search is off (GEOCODER_URL=off)");
        const map = await gameForms.map();
        const area = searchArea(map.stations, map.form?.image?.bounds ?? null);
        return addresses.search(q, lang, area);
      },
    );

    app.put(
      "/station",
      {
        config: {
          role: "author",
          docs: doc("studio", "Save a station's form", {
            description: SAVE,
            body: opsStationSave,
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { folder, form, replaces } = parse(opsStationSave, request.body);
        const outcome = await forms.save(folder, form, replaces, author(request));
        const detail = `${folder}/station.yaml${outcome.ok ? "" : " refused: changed"}`;
        await record(request, "pack.draft.save", detail);
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    app.get(
      "/story",
      {
        config: {
          role: "author",
          docs: doc("studio", "A story's form", {
            query: opsStoryQuery,
            response: opsStoryEdit,
          }),
        },
      },
      async (request) => {
        const { folder } = parse(opsStoryQuery, request.query, "query");
        return forms.story(folder);
      },
    );

    app.put(
      "/story",
      {
        config: {
          role: "author",
          docs: doc("studio", "Save a story's form", {
            description: SAVE,
            body: opsStorySave,
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { folder, form, replaces } = parse(opsStorySave, request.body);
        const outcome = await forms.saveStory(folder, form, replaces, author(request));
        const detail = `${folder}/story.yaml${outcome.ok ? "" : " refused: changed"}`;
        await record(request, "pack.draft.save", detail);
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    app.get(
      "/game",
      {
        config: {
          role: "author",
          docs: doc("studio", "game.yaml's settings", { response: opsGameEdit }),
        },
      },
      async () => gameForms.game(),
    );

    app.put(
      "/game",
      {
        config: {
          role: "author",
          docs: doc("studio", "Save game.yaml's settings", {
            description: SAVE,
            body: opsGameSave,
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { form, replaces } = parse(opsGameSave, request.body);
        const outcome = await gameForms.saveGame(form, replaces, author(request));
        await record(
          request,
          "pack.draft.save",
          `game.yaml${outcome.ok ? "" : " refused: changed"}`,
        );
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    app.get(
      "/texts",
      {
        config: {
          role: "author",
          docs: doc("studio", "The texts players read", { response: opsGameTextsEdit }),
        },
      },
      async () => gameForms.texts(),
    );

    app.put(
      "/texts",
      {
        config: {
          role: "author",
          docs: doc("studio", "Save the texts players read", {
            description: SAVE,
            body: opsGameTextsSave,
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { form, replaces } = parse(opsGameTextsSave, request.body);
        const outcome = await gameForms.saveTexts(form, replaces, author(request));
        const detail = `game.yaml (texts)${outcome.ok ? "" : " refused: changed"}`;
        await record(request, "pack.draft.save", detail);
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    app.get(
      "/map",
      {
        config: {
          role: "author",
          docs: doc("studio", "The map's picture and corners", { response: opsMapEdit }),
        },
      },
      async () => gameForms.map(),
    );

    app.put(
      "/map",
      {
        config: {
          role: "author",
          docs: doc("studio", "Save the map's settings", {
            description: SAVE,
            body: opsMapSave,
            response: opsDraftSaveOutcome,
          }),
        },
      },
      async (request, reply) => {
        const { form, replaces } = parse(opsMapSave, request.body);
        const outcome = await gameForms.saveMap(form, replaces, author(request));
        const detail = `game.yaml (map)${outcome.ok ? "" : " refused: changed"}`;
        await record(request, "pack.draft.save", detail);
        return reply.code(outcome.ok ? 200 : 409).send(outcome);
      },
    );

    app.post(
      "/stations",
      {
        config: {
          role: "author",
          docs: doc("studio", "A new station (201)", {
            body: opsStationCreate,
            response: opsStationCreated,
          }),
        },
      },
      async (request, reply) => {
        const { title } = parse(opsStationCreate, request.body);
        const created = await forms.create(title, author(request));
        await record(request, "pack.draft.station", created.folder);
        return reply.code(201).send(created);
      },
    );
  };
}
