import * as p from "@wegmarke/protocol";
import { postersQuery } from "../ops/posters-routes";
import { doc } from "./describe";
import type { RouteDoc } from "./describe";

const O = "/api/ops";
const D = "/api/ops/pack/draft";
const SAVE = "409 with the outcome (the other author's file) when `replaces` is no longer current.";
const REFUSED = "422 with the outcome and its problems when the pack does not load.";

/** The operators' API: the console's calls, by method and route as Fastify registers them. */
export const opsApi: Record<string, RouteDoc> = {
  [`POST ${O}/session`]: doc("ops", "Sign in: sets the session cookie", {
    body: p.opsSessionRequest,
    response: p.opsMe,
  }),
  [`DELETE ${O}/session`]: doc("ops", "Sign out", { response: p.okResponse }),
  [`GET ${O}/me`]: doc("ops", "The signed-in operator", { response: p.opsMe }),
  [`PUT ${O}/password`]: doc("ops", "Change the password (a one-time password first)", {
    body: p.opsPasswordRequest,
    response: p.opsMe,
  }),
  [`GET ${O}/audit`]: doc("ops", "The audit log, newest first, a page at a time", {
    query: p.auditQuery,
    response: p.auditPage,
  }),
  [`GET ${O}/overview`]: doc("ops", "Counts and the station funnel", { response: p.opsOverview }),
  [`GET ${O}/map`]: doc("ops", "The teams' shared positions", { response: p.opsMap }),
  [`GET ${O}/live`]: doc("ops", "The console's live stream (server-sent events)", {
    produces: "text/event-stream",
  }),
  [`GET ${O}/players`]: doc("ops", "The players, searched, a page at a time", {
    query: p.opsPlayersQuery,
    response: p.opsPlayersPage,
  }),
  [`POST ${O}/players/{playerId}/stations/{stationId}/cancel`]: doc(
    "ops",
    "Cancel a player's station",
    { params: p.opsCancelParams, body: p.opsEmptyRequest },
  ),
  [`GET ${O}/export.csv`]: doc("ops", "The players or the stations' answers as CSV", {
    query: p.opsExportQuery,
    produces: "text/csv",
  }),
  [`GET ${O}/news`]: doc("ops", "The news sent", { response: p.opsNewsList }),
  [`GET ${O}/news/audience`]: doc("ops", "Whom news would reach, by language", {
    response: p.opsNewsAudience,
  }),
  [`POST ${O}/news`]: doc("ops", "Send news to the players", {
    body: p.opsNewsRequest,
    response: p.opsNews,
  }),
  [`DELETE ${O}/news/{id}`]: doc("ops", "Withdraw news", {
    params: p.opsNewsParams,
    response: p.opsNews,
  }),
  [`GET ${O}/stations/posters.pdf`]: doc("ops", "The stations' QR posters, one A4 page each", {
    query: postersQuery,
    produces: "application/pdf",
  }),
  [`POST ${O}/content/reload`]: doc("studio", "Load the content pack again", {
    description: REFUSED,
    body: p.opsEmptyRequest,
    response: p.opsReloadOutcome,
  }),
  [`GET ${O}/operators`]: doc("ops", "The operators and their roles", { response: p.opsOperators }),
  [`POST ${O}/operators`]: doc("ops", "A new operator with a one-time password", {
    body: p.opsOperatorCreate,
    response: p.opsOperatorCreated,
  }),
  [`PUT ${O}/operators/{name}/roles`]: doc("ops", "Set an operator's roles", {
    params: p.opsOperatorParams,
    body: p.opsRolesRequest,
    response: p.opsOperator,
  }),
  [`GET ${O}/submissions`]: doc("ops", "The hosts' queue: how many wait", {
    query: p.opsEmptyRequest,
    response: p.submissionQueueResponse,
  }),
  [`GET ${O}/submissions/export.zip`]: doc("ops", "Every submission as a zip with index.csv", {
    query: p.opsSubmissionsExportQuery,
    produces: "application/zip",
  }),
  [`POST ${O}/submissions/{id}/verdict`]: doc("ops", "Approve or reject a submission, once", {
    params: p.submissionIdParams,
    body: p.verdictRequest,
    response: p.okResponse,
  }),
  [`GET ${D}`]: doc("studio", "The draft: the pack's files with its changes", {
    response: p.opsDraft,
  }),
  [`DELETE ${D}`]: doc("studio", "Discard the draft", { response: p.opsDraft }),
  [`GET ${D}/file`]: doc("studio", "A text file of the draft", {
    query: p.opsDraftFileQuery,
    response: p.opsDraftText,
  }),
  [`PUT ${D}/file`]: doc("studio", "Save a text file", {
    description: SAVE,
    body: p.opsDraftSave,
    response: p.opsDraftSaveOutcome,
  }),
  [`DELETE ${D}/file`]: doc("studio", "Remove a file", {
    description: SAVE,
    query: p.opsDraftRemove,
    response: p.opsDraftSaveOutcome,
  }),
  [`PUT ${D}/media`]: doc("studio", "Save a medium (its bytes as the body)", {
    description: SAVE,
    query: p.opsDraftMediaQuery,
    body: { type: "application/octet-stream" },
    response: p.opsDraftSaveOutcome,
  }),
  [`GET ${D}/media`]: doc("studio", "A medium of the draft", {
    query: p.opsDraftMediumQuery,
    produces: "application/octet-stream",
  }),
  [`GET ${D}/station`]: doc("studio", "A station's form", {
    query: p.opsStationQuery,
    response: p.opsStationEdit,
  }),
  [`PUT ${D}/station`]: doc("studio", "Save a station's form", {
    description: SAVE,
    body: p.opsStationSave,
    response: p.opsDraftSaveOutcome,
  }),
  [`GET ${D}/places`]: doc("studio", "Search an address for a station's place", {
    query: p.opsPlacesQuery,
    response: p.opsPlaces,
  }),
  [`GET ${D}/story`]: doc("studio", "A story's form", {
    query: p.opsStoryQuery,
    response: p.opsStoryEdit,
  }),
  [`PUT ${D}/story`]: doc("studio", "Save a story's form", {
    description: SAVE,
    body: p.opsStorySave,
    response: p.opsDraftSaveOutcome,
  }),
  [`GET ${D}/game`]: doc("studio", "game.yaml's settings", { response: p.opsGameEdit }),
  [`PUT ${D}/game`]: doc("studio", "Save game.yaml's settings", {
    description: SAVE,
    body: p.opsGameSave,
    response: p.opsDraftSaveOutcome,
  }),
  [`GET ${D}/texts`]: doc("studio", "The texts players read", { response: p.opsGameTextsEdit }),
  [`PUT ${D}/texts`]: doc("studio", "Save the texts players read", {
    description: SAVE,
    body: p.opsGameTextsSave,
    response: p.opsDraftSaveOutcome,
  }),
  [`GET ${D}/map`]: doc("studio", "The map's picture and corners", { response: p.opsMapEdit }),
  [`PUT ${D}/map`]: doc("studio", "Save the map's settings", {
    description: SAVE,
    body: p.opsMapSave,
    response: p.opsDraftSaveOutcome,
  }),
  [`POST ${D}/stations`]: doc("studio", "A new station (201)", {
    body: p.opsStationCreate,
    response: p.opsStationCreated,
  }),
  [`POST ${D}/compile`]: doc("studio", "Compile an ink script: its problems", {
    body: p.opsInkCompileRequest,
    response: p.opsInkCompiled,
  }),
  [`POST ${D}/check`]: doc("studio", "Check the draft: its problems by station", {
    body: p.opsEmptyRequest,
    response: p.opsDraftCheck,
  }),
  [`POST ${D}/preview`]: doc("studio", "Play the draft in a preview", {
    description: REFUSED,
    body: p.opsPreviewRequest,
    response: p.opsPreviewOutcome,
  }),
  [`POST ${D}/publish`]: doc("studio", "Check the draft once and make it live", {
    description: REFUSED,
    body: p.opsEmptyRequest,
    response: p.opsDraftPublishOutcome,
  }),
  [`GET ${O}/pack/versions`]: doc("studio", "The content pack's versions", {
    response: p.opsPackVersions,
  }),
  [`GET ${O}/pack/versions/{id}/zip`]: doc("studio", "A version as a zip", {
    params: p.opsPackVersionParams,
    produces: "application/zip",
  }),
  [`GET ${O}/pack/versions/{id}/changes`]: doc("studio", "What a version changed", {
    params: p.opsPackVersionParams,
    response: p.opsPackChanges,
  }),
  [`POST ${O}/pack/import`]: doc("studio", "Import a pack's zip as a version", {
    description: REFUSED,
    body: { type: "application/zip" },
    response: p.opsPackImportOutcome,
  }),
  [`POST ${O}/pack/versions/{id}/release`]: doc("studio", "Make a version live", {
    description: REFUSED,
    params: p.opsPackVersionParams,
    body: p.opsEmptyRequest,
    response: p.opsReloadOutcome,
  }),
};
