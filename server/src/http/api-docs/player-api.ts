import * as p from "@wegmarke/protocol";
import { settingsQuery } from "../push-routes";
import { submissionFileParams } from "../submission-file-route";
import { doc } from "./describe";
import type { RouteDoc } from "./describe";

const A = "/api/account/player";
const G = "/api/game";
const SIGNED_IN = "The player's token as `Hash` in the body (`hash` in the query of a GET).";
const TUS = "tus 1.0 (creation, termination): `Authorization: Bearer` with the player's token.";

/** The players' API: what the web app calls, by method and route as Fastify registers them. */
export const playerApi: Record<string, RouteDoc> = {
  [`GET ${A}/optin/token`]: doc("accounts", "A token for an anonymous sign-up", {
    response: p.optinTokenResponse,
  }),
  [`POST ${A}/optin/anon`]: doc("accounts", "Sign up without a phone number", {
    body: p.optinAnonRequest,
    response: p.optinAnonResponse,
  }),
  [`POST ${A}/optin/sms`]: doc("accounts", "Sign up with a phone number: sends a code", {
    body: p.optinSmsRequest,
    response: p.optinSmsResponse,
  }),
  [`POST ${A}/optin/sms/verify`]: doc("accounts", "Confirm the sign-up with the SMS code", {
    body: p.optinSmsVerifyRequest,
    response: p.tokenResponse,
  }),
  [`POST ${A}/upgrade/sms`]: doc("accounts", "Register an anonymous player: sends a code", {
    body: p.upgradeSmsRequest,
  }),
  [`POST ${A}/upgrade/sms/verify`]: doc("accounts", "Confirm the registration; the game stays", {
    body: p.upgradeVerifyRequest,
  }),
  [`POST ${A}/account`]: doc("accounts", "The account: registered or anonymous", {
    body: p.accountRequest,
    response: p.accountResponse,
  }),
  [`POST ${A}/login/phone`]: doc("accounts", "Log in with phone number and password", {
    body: p.loginPhoneRequest,
    response: p.loginPhoneResponse,
  }),
  [`POST ${A}/changepass/phone`]: doc("accounts", "Ask for a password reset link by SMS", {
    body: p.changepassPhoneRequest,
    response: p.changepassPhoneResponse,
  }),
  [`POST ${A}/changepass/link`]: doc("accounts", "The state of a password reset link", {
    body: p.resetLinkRequest,
    response: p.resetLinkResponse,
  }),
  [`PUT ${A}/changepass`]: doc("accounts", "Set a new password (signed in, or by a reset link)", {
    body: p.changepassRequest,
    response: p.changepassResponse,
  }),
  [`POST ${G}/station/activate`]: doc("game", "Open a station", {
    description: SIGNED_IN,
    body: p.activateRequest,
    response: p.okResponse,
  }),
  [`POST ${G}/station/code`]: doc("game", "Open a station by its QR link's code", {
    description: "Unknown codes count as guesses, per player and address (429 past the limit).",
    body: p.stationCodeRequest,
    response: p.stationCodeResponse,
  }),
  [`POST ${G}/station/cancel`]: doc("game", "Leave a station", {
    body: p.stationRequest,
    response: p.okResponse,
  }),
  [`POST ${G}/story/activate`]: doc("game", "Start a story (`StationID` is the story's id)", {
    body: p.stationRequest,
    response: p.okResponse,
  }),
  [`POST ${G}/player/answer`]: doc("game", "Answer a station's question", {
    body: p.answerRequest,
    response: p.okResponse,
  }),
  [`POST ${G}/button/activate`]: doc("game", "Tap a station's button", {
    body: p.buttonRequest,
    response: p.okResponse,
  }),
  [`POST ${G}/player/medium/progress`]: doc("game", "How far a medium was played", {
    body: p.mediumProgressRequest,
    response: p.mediumProgressResponse,
  }),
  [`GET ${G}/submissions`]: doc("missions", "The participant's submissions, with signed links", {
    query: p.submissionsQuery,
    response: p.submissionsResponse,
  }),
  [`GET ${G}/player/read`]: doc("game", "What the player has read", {
    query: p.readMarksQuery,
    response: p.readMarksResponse,
  }),
  [`PUT ${G}/player/read`]: doc("game", "Add what this device has read", {
    body: p.readMarksRequest,
    response: p.readMarksResponse,
  }),
  [`GET ${G}/scoreboard`]: doc("game", "The scoreboard", {
    query: p.scoreboardQuery,
    response: p.scoreboardResponse,
  }),
  [`GET ${G}/events`]: doc("game", "The participant's event stream (server-sent events)", {
    description:
      "Resumes after `Last-Event-ID` (or `lasteventiD`); every event is in ServerEventMap.",
    query: p.eventsQuery,
    produces: "text/event-stream",
  }),
  [`POST ${G}/outro/activate`]: doc("accounts", "Delete the account at the game's end", {
    body: p.outroRequest,
    response: p.okResponse,
  }),
  [`POST ${G}/team/invite`]: doc("teams", "An invitation code for the player's team", {
    body: p.teamInviteRequest,
    response: p.teamInviteResponse,
  }),
  [`GET ${G}/team/preview`]: doc("teams", "What joining the team of a code would cost", {
    query: p.teamJoinQuery,
    response: p.teamPreviewResponse,
  }),
  [`GET ${G}/team/members`]: doc("teams", "The team's members", {
    query: p.teamMembersQuery,
    response: p.teamMembersResponse,
  }),
  [`GET ${G}/team/join`]: doc("teams", "Join the team of a code", {
    query: p.teamJoinQuery,
    response: p.okResponse,
  }),
  [`POST ${G}/team/position`]: doc("teams", "Share this member's position with the team, or stop", {
    body: p.teamPositionRequest,
    response: p.okResponse,
  }),
  [`POST ${G}/uploads`]: doc("missions", "Start a mission's upload", {
    description: `${TUS} \`Upload-Metadata\` names the station and the file's type.`,
  }),
  [`PATCH,HEAD,DELETE ${G}/uploads/{id}`]: doc("missions", "An upload's pieces, offset, end", {
    description: `${TUS} Another instance's upload is handed on to it.`,
    body: { type: "application/offset+octet-stream" },
  }),
  ["GET /api/submissions/{id}/{file}"]: doc("missions", "A submission's file by its signed link", {
    description: "Byte ranges; served as the type it was checked to be, never run as a page.",
    params: submissionFileParams,
    query: p.signedLinkQuery,
    produces: "application/octet-stream",
  }),
  ["GET /api/push/key"]: doc("push", "The server's VAPID public key", {
    response: p.pushKeyResponse,
  }),
  ["GET /api/push/subscription"]: doc("push", "This device's push settings", {
    query: settingsQuery,
  }),
  ["PUT /api/push/subscription"]: doc("push", "Take pushes on this device", {
    body: p.pushSubscribeRequest,
    response: p.okResponse,
  }),
  ["DELETE /api/push/subscription"]: doc("push", "Stop pushes to this device", {
    body: p.pushUnsubscribeRequest,
    response: p.okResponse,
  }),
  ["POST /api/client/errors"]: doc("service", "A screen of the app that failed, logged", {
    description: "Counted per address (10 a minute).",
    body: p.clientErrorReport,
  }),
};
