import { createECDH, randomBytes } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import {
  opsDraft,
  opsDraftSaveOutcome,
  opsFolderCreated,
  GAME_ZIP_MANIFEST,
  opsGameEdit,
  opsGameImportQuery,
  opsGameTextsEdit,
  opsGameTextsSave,
  opsMapEdit,
  opsMapSave,
  opsStoryEdit,
  opsStorySave,
  opsStationEdit,
  opsStationSave,
  activateRequest,
  answerRequest,
  auditQuery,
  buttonRequest,
  mediaSizeQuery,
  mediumProgressRequest,
  readMarksRequest,
  opsCancelParams,
  opsInboxRead,
  opsInboxReply,
  organisersReadRequest,
  organisersSendRequest,
  organisersSendResponse,
  opsDeliverRequest,
  opsAwardRequest,
  opsHintRequest,
  opsJumpRequest,
  opsLineRequest,
  opsPlayerParams,
  opsNewsParams,
  opsNewsRequest,
  opsPackVersionParams,
  opsPackVersions,
  opsPlayersQuery,
  opsStationAccessRequest,
  opsClockRequest,
  signedLinkQuery,
  stationCodeRequest,
  submissionIdParams,
  pushSubscribeRequest,
  clientErrorReport,
  pushUnsubscribeRequest,
  submissionsResponse,
  verdictRequest,
  stationRequest,
  teamPositionRequest,
} from "@wegmarke/protocol";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../src/security/limits";
import type { AccountLimits } from "../src/security/limits";
import { systemClock } from "../src/clock";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import type { ContentPack } from "../src/content/model";
import { stationCode } from "../src/game/station-access";
import { PackLibrary } from "../src/packs/pack-library";
import { addOperator } from "../src/operator-accounts/operator-admin";
import type { Store } from "../src/store/store";
import type { z } from "zod";
import type { OpsStationEdit } from "@wegmarke/protocol";
import {
  EDGE_TEXTS,
  EDGE_VALUES,
  MAX_COLUMN,
  numericFields,
  requestSchemas,
  withField,
} from "./support/numeric-fields";
import { createTestSchema } from "./support/postgres";
import { deploymentSecret, startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A bounded fuzz test of every route, on SQLite and on PostgreSQL: each route first answers a
 * valid request (a fresh player and game state where it needs them) with 2xx, then a fixed list
 * of mutations of it: every field with every JSON type, control characters, unpaired
 * surrogates, long strings and odd numbers, missing and extra fields, other content types,
 * malformed JSON, odd queries and paths. None may be answered 5xx; every 4xx carries a
 * plain-text reason (the API's error format: status and reason, see answerError in app.ts);
 * and the route still answers a valid request afterwards. A route registered without a case
 * below fails the coverage test. Every numeric field of the protocol's request schemas (bodies,
 * queries, path parameters) is sent at the limits of the databases' integers and of JSON's
 * numbers; a request schema with numbers that no case names fails the coverage test too.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "HEAD" | "DELETE" | "OPTIONS";

/** A request as the cases build it: a JSON body or a query. */
type Call = {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A body that is no JSON (a zip), with its content type. */
  raw?: { type: string; payload: Buffer };
  headers?: Record<string, string>;
};

/** A request as sent (through Fastify's `inject`). */
type Sent = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

type Answer = { status: number; type: string; body: string };

/** One way to spoil a valid request; `status` when exactly that status is due. */
type Mutation = { label: string; sent(valid: Call): Sent; status?: number };

type RouteCase = {
  method: Method;
  /** The route as Fastify registers it. */
  route: string;
  /** A valid request; it sets up what the route needs afresh (a new player, say) each time. */
  valid(h: Harness): Promise<Call>;
  /** The status of the valid request when it is no 2xx (a redirect). */
  status?: number;
  /** The answer is an event stream: read its head, then hang up. */
  stream?: boolean;
  /** The variable part of the valid path (a parameter or a wildcard), spoilt like a field. */
  param?: string;
  /** Optional body fields the valid request leaves out, fuzzed as well. */
  optional?: string[];
  /** The protocol schema of the body, query or path: its numeric fields get edge values. */
  fields?: { in: "body" | "query" | "path"; schema: z.ZodType };
  /**
   * Refusals answered with the route's JSON outcome, not a reason: by status, the key the
   * outcome must hold (a refused import's `problems`, a stale save's `theirs`).
   */
  jsonRefusal?: Record<number, string>;
  /** A tus request (an upload's creation or piece): its headers are spoilt too. */
  tus?: boolean;
  /** The largest body the route takes, in bytes, where it is not Fastify's 1 MiB. */
  bodyLimit?: number;
};

const STORY = "marburg";
const JSON_TYPE = "application/json";
const MARK = "\u0001MARK\u0001";
/** The bound of requests per database, setup included. */
const MAX_REQUESTS = 25000;
/** OPERATOR_TOKEN of the app under test, and the header that sends it. */
const OPS_TOKEN = "fuzz-operator-token-".padEnd(40, "0");
const OPS_BEARER = { authorization: `Bearer ${OPS_TOKEN}` };
/** The push service the app under test allows (port 9, discard: nothing listens there). */
const PUSH_SERVICE = "http://127.0.0.1:9";
/** The one other origin (CORS_ORIGINS) allowed to call the API. */
const FRIEND = "https://friends.example";

let demo: Promise<Record<string, Uint8Array>> | undefined;

/** The demo pack's files by their paths in its folder, read once. */
function demoFiles(): Promise<Record<string, Uint8Array>> {
  demo ??= (async () => {
    const root = resolve(repoRoot, "content/demo");
    const files: Record<string, Uint8Array> = {};
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      files[relative(root, file).split(sep).join("/")] = await readFile(file);
    }
    return files;
  })();
  return demo;
}

/** The demo pack's folder as a zip. */
async function demoZip(): Promise<Buffer> {
  return Buffer.from(zipSync(await demoFiles()));
}

/** The demo as a game's zip (`GET /api/ops/pack/game.zip`): its manifest, its files in `live/`. */
async function demoGameZip(): Promise<Buffer> {
  const live = Object.entries(await demoFiles()).map(([path, bytes]) => [`live/${path}`, bytes]);
  const manifest = {
    ...{ format: 1, name: "maerchen", title: "Märchen", exportedAt: new Date().toISOString() },
    ...{ liveNumber: 1, draftChanges: 0 },
  };
  const files = {
    [GAME_ZIP_MANIFEST]: strToU8(JSON.stringify(manifest)),
    ...Object.fromEntries(live),
  };
  return Buffer.from(zipSync(files));
}

/** An image of the demo pack. */
function demoPng(): Promise<Buffer> {
  return readFile(resolve(repoRoot, "content/demo/intro/1.png"));
}

/** Deep nesting, as JSON text: `[[[...]]]`. */
const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/** Deep nesting, as JSON text: `{"a":{"a":...1}}`. */
const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** A JSON value nested `depth` objects deep. */
function deepObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Strings a text field must refuse, or take without harm. */
const ODD_STRINGS = [
  ...["", " ", "\t", "\n", "x\ny", "\r\n", "\u0000", "a\u0000b", "\u0001", "\u001b[31m"],
  ...["\u007f", "\u0085", "\u2028", "\uFEFF", "e\u0301", "😀", "\uDBFF\uDFFF"],
  // Unpaired surrogates, which JSON.stringify writes as `\ud800` escapes.
  ...["\uD800", "\uDFFF", "a\uD800b", "\uDC00\uD800"],
  ...["x".repeat(201), "x".repeat(1001), "x".repeat(10_000), "x".repeat(300_000)],
  ...["<script>alert(1)</script>", "' OR 1=1 --", "%00", "../../etc/passwd", "${x}"],
  ...["__proto__", "constructor", "toString", "hasOwnProperty"],
  ...["1", "-1", "0", "1.5", "1e400", "NaN", "Infinity", "0x10", " 1 ", "true", "null"],
];
const ODD_NUMBERS = [0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 5e-324];
const ODD_OTHERS = [null, true, false, [], [1], ["x"], {}, { a: 1 }, deepObject(500)];
const ODD_VALUES: unknown[] = [...ODD_STRINGS, ...ODD_NUMBERS, ...ODD_OTHERS];
/** Numbers JSON can write but JSON.stringify cannot: JSON.parse reads them as ±Infinity. */
const RAW_NUMBERS = ["1e400", "-1e400", "1" + "0".repeat(400)];

/** Percent-encoded query values and path segments, encodings that decode to nothing valid too. */
const ODD_ENCODED = [
  ...ODD_STRINGS.filter((s) => s.length <= 10_000).flatMap((s) => {
    try {
      return [encodeURIComponent(s)];
    } catch {
      return []; // An unpaired surrogate has no UTF-8: its bytes are below.
    }
  }),
  ...["%", "%E0", "%zz", "%ED%A0%80", "%C0%80", "%FF", "%u0041", "+", "a+b", "%2B", "%0D%0A"],
  // Numbers past a database integer, in any query (an event id, say).
  ...["2147483648", "999999999999999", "9007199254740993"],
];

/** Every registered route's fuzz case: the valid request of each. */
const CASES: RouteCase[] = [
  // The account base.
  {
    method: "GET",
    route: "/api/account/player/optin/token",
    valid: async () => get("/api/account/player/optin/token"),
  },
  {
    method: "POST",
    route: "/api/account/player/optin/anon",
    valid: async () => post("/api/account/player/optin/anon", { story_id: STORY, language: "de" }),
    optional: ["token"],
  },
  {
    method: "POST",
    route: "/api/account/player/optin/sms",
    valid: async (h) =>
      post("/api/account/player/optin/sms", {
        first_name: "Lena",
        phone: h.nextPhone(),
        story_id: STORY,
        language: "de",
      }),
  },
  {
    method: "POST",
    route: "/api/account/player/optin/sms/verify",
    valid: async (h) => {
      const { phone, code } = await h.requestCode();
      return post("/api/account/player/optin/sms/verify", { phone, smscode: code });
    },
  },
  {
    method: "POST",
    route: "/api/account/player/upgrade/sms",
    valid: async (h) =>
      post("/api/account/player/upgrade/sms", {
        Hash: await h.signup(),
        first_name: "Lena",
        phone: h.nextPhone(),
      }),
    optional: ["language"],
  },
  {
    method: "POST",
    route: "/api/account/player/upgrade/sms/verify",
    valid: async (h) => {
      const hash = await h.signup();
      const phone = h.nextPhone();
      await h.ok(
        post("/api/account/player/upgrade/sms", { Hash: hash, first_name: "Lena", phone }),
      );
      const code = /\d{6}/.exec(await h.lastSms())?.[0] ?? "";
      return post("/api/account/player/upgrade/sms/verify", { Hash: hash, phone, smscode: code });
    },
  },
  {
    method: "POST",
    route: "/api/account/player/account",
    valid: async (h) => post("/api/account/player/account", { Hash: await h.signup() }),
  },
  {
    method: "POST",
    route: "/api/account/player/login/phone",
    valid: async (h) => {
      const { phone, code } = await h.register();
      return post("/api/account/player/login/phone", { phone, password: code });
    },
  },
  {
    method: "POST",
    route: "/api/account/player/changepass/phone",
    valid: async (h) =>
      post("/api/account/player/changepass/phone", { Phone: (await h.register()).phone }),
    optional: ["Hash"],
  },
  {
    method: "POST",
    route: "/api/account/player/changepass/link",
    valid: async (h) =>
      post("/api/account/player/changepass/link", { token: await h.resetToken() }),
  },
  {
    method: "PUT",
    route: "/api/account/player/changepass",
    // With the token of a reset link: a signed-in player's token needs more (the current one).
    valid: async (h) => ({
      method: "PUT",
      path: "/api/account/player/changepass",
      body: { password: "Wegmarke-Fuzz-7391", token: await h.resetToken() },
    }),
    optional: ["current"],
  },
  // The game base.
  {
    method: "POST",
    route: "/api/game/station/activate",
    fields: { in: "body", schema: activateRequest },
    valid: async (h) =>
      post("/api/game/station/activate", { StationID: 1, Hash: await h.signup(), Language: "de" }),
  },
  {
    method: "POST",
    route: "/api/game/station/code",
    fields: { in: "body", schema: stationCodeRequest },
    valid: async (h) => {
      const pack = await teamPack();
      const station = pack.stations.find((s) => s.id === 1);
      if (!station) throw new Error("the demo pack has no station 1");
      const code = stationCode(Buffer.from(deploymentSecret), pack.id, station);
      return post("/api/game/station/code", { Code: code, Hash: await h.signup() });
    },
  },
  {
    method: "POST",
    route: "/api/game/station/cancel",
    fields: { in: "body", schema: stationRequest },
    valid: async (h) => {
      const hash = await h.atStation(1);
      return post("/api/game/station/cancel", { StationID: 1, Hash: hash });
    },
  },
  {
    method: "POST",
    route: "/api/game/story/activate",
    fields: { in: "body", schema: stationRequest },
    valid: async (h) => {
      // Story 1 opens after one station with points.
      const hash = await h.atStation(1);
      await h.game(hash, "player/answer", { StationID: 1, Answer: "Gockel" });
      return post("/api/game/story/activate", { StationID: 1, Hash: hash });
    },
  },
  {
    method: "POST",
    route: "/api/game/player/answer",
    fields: { in: "body", schema: answerRequest },
    // A wrong answer: station 1 asks again, so the same request stays valid.
    valid: async (h) =>
      post("/api/game/player/answer", {
        StationID: 1,
        Answer: "Katze",
        Hash: await h.atStation(1),
      }),
  },
  {
    method: "POST",
    route: "/api/game/button/activate",
    fields: { in: "body", schema: buttonRequest },
    valid: async (h) => {
      const hash = await h.atStation(2);
      const [target] = await h.buttonTargets(hash);
      return post("/api/game/button/activate", { StationID: 2, Button: target, Hash: hash });
    },
  },
  {
    method: "POST",
    route: "/api/game/player/medium/progress",
    fields: { in: "body", schema: mediumProgressRequest },
    valid: async (h) =>
      post("/api/game/player/medium/progress", {
        StationID: 3,
        Hash: await h.atStation(3),
        ContentRef: "stations/3/rosenwunder.mp3",
        ProgressRatio: 0.5,
      }),
  },
  // Missions: a tus upload's creation, pieces, offset, termination and preflight.
  {
    method: "POST",
    route: "/api/game/uploads",
    status: 201,
    tus: true,
    valid: async (h) => h.uploadCreation(await h.atMission()),
  },
  {
    method: "PATCH",
    route: "/api/game/uploads/:id",
    status: 204,
    tus: true,
    param: "id",
    valid: async (h) => {
      const hash = await h.atMission();
      const photo = await fuzzPhoto();
      const path = await h.createUpload(hash, photo.byteLength);
      return {
        method: "PATCH",
        path,
        raw: { type: "application/offset+octet-stream", payload: photo },
        headers: { ...tusHeaders(hash), "upload-offset": "0" },
      };
    },
  },
  {
    method: "HEAD",
    route: "/api/game/uploads/:id",
    tus: true,
    param: "id",
    valid: async (h) => {
      const hash = await h.atMission();
      return { method: "HEAD", path: await h.createUpload(hash, 100), headers: tusHeaders(hash) };
    },
  },
  {
    method: "DELETE",
    route: "/api/game/uploads/:id",
    status: 204,
    tus: true,
    param: "id",
    valid: async (h) => {
      const hash = await h.atMission();
      return { method: "DELETE", path: await h.createUpload(hash, 100), headers: tusHeaders(hash) };
    },
  },
  {
    method: "POST",
    route: "/api/client/errors",
    fields: { in: "body", schema: clientErrorReport },
    valid: async () =>
      post("/api/client/errors", {
        kind: "chunk",
        message: "Failed to fetch dynamically imported module",
        path: "/webapp/points",
      }),
  },
  {
    method: "GET",
    route: "/api/push/key",
    valid: async () => get("/api/push/key"),
  },
  {
    method: "GET",
    route: "/api/push/subscription",
    valid: async (h) => get("/api/push/subscription", { hash: await h.signup() }),
  },
  {
    method: "PUT",
    route: "/api/push/subscription",
    fields: { in: "body", schema: pushSubscribeRequest },
    optional: ["news"],
    valid: async (h) => ({
      method: "PUT",
      path: "/api/push/subscription",
      body: { Hash: await h.signup(), ...pushSubscription(), news: true },
    }),
  },
  {
    method: "DELETE",
    route: "/api/push/subscription",
    fields: { in: "body", schema: pushUnsubscribeRequest },
    valid: async (h) => ({
      method: "DELETE",
      path: "/api/push/subscription",
      body: { Hash: await h.signup(), endpoint: pushSubscription().endpoint },
    }),
  },
  {
    method: "GET",
    route: "/api/game/submissions",
    valid: async (h) => get("/api/game/submissions", { hash: await h.signup() }),
  },
  {
    method: "GET",
    route: "/api/submissions/:id/:file",
    fields: { in: "query", schema: signedLinkQuery },
    valid: async (h) => {
      const link = new URL((await h.submission()).Url, "http://localhost");
      return get(link.pathname, Object.fromEntries(link.searchParams));
    },
  },
  {
    method: "GET",
    route: "/api/ops/submissions/export.zip",
    valid: async () => ({
      ...get("/api/ops/submissions/export.zip", { separator: "tab", timeZone: "Europe/Berlin" }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/submissions",
    valid: async () => ({ ...get("/api/ops/submissions"), headers: OPS_BEARER }),
  },
  {
    method: "POST",
    route: "/api/ops/submissions/:id/verdict",
    fields: { in: "body", schema: verdictRequest },
    optional: ["Points", "Line"],
    valid: async (h) => ({
      ...post(`/api/ops/submissions/${(await h.submission()).ID}/verdict`, { Approved: true }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/submissions/:id/verdict",
    fields: { in: "path", schema: submissionIdParams },
    param: "id",
    valid: async (h) => ({
      ...post(`/api/ops/submissions/${(await h.submission()).ID}/verdict`, { Approved: false }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/game/player/read",
    valid: async (h) => get("/api/game/player/read", { hash: await h.signup() }),
  },
  {
    method: "PUT",
    route: "/api/game/player/read",
    fields: { in: "body", schema: readMarksRequest },
    valid: async (h) => ({
      method: "PUT",
      path: "/api/game/player/read",
      body: {
        Hash: await h.signup(),
        Read: { Stations: { "2": 7 }, News: 5, OperatorNews: 1, Stories: [1], Points: 3 },
      },
    }),
  },
  {
    method: "GET",
    route: "/api/game/organisers",
    valid: async (h) => get("/api/game/organisers", { hash: await h.signup() }),
  },
  {
    method: "POST",
    route: "/api/game/organisers",
    fields: { in: "body", schema: organisersSendRequest },
    optional: ["Photo"],
    bodyLimit: 12 * 1024 * 1024,
    valid: async (h) =>
      post("/api/game/organisers", { Hash: await h.signup(), Text: "Wo geht es weiter?" }),
  },
  {
    method: "GET",
    route: "/api/organisers/photos/:id/:file",
    fields: { in: "query", schema: signedLinkQuery },
    valid: async (h) => {
      const photo = (await fuzzPhoto()).toString("base64");
      const sent = await h.game(await h.signup(), "organisers", { Photo: photo });
      const message = organisersSendResponse.parse(sent).value;
      const link = new URL(message.Photo?.Thumb ?? "", "http://localhost");
      return get(link.pathname, Object.fromEntries(link.searchParams));
    },
  },
  {
    method: "PUT",
    route: "/api/game/organisers/read",
    fields: { in: "body", schema: organisersReadRequest },
    valid: async (h) => ({
      method: "PUT",
      path: "/api/game/organisers/read",
      body: { Hash: await h.signup(), Read: 1 },
    }),
  },
  {
    method: "GET",
    route: "/api/game/scoreboard",
    valid: async (h) => get("/api/game/scoreboard", { hash: await h.signup() }),
  },
  {
    method: "POST",
    route: "/api/game/team/invite",
    valid: async (h) => post("/api/game/team/invite", { Hash: await h.signup() }),
  },
  {
    method: "GET",
    route: "/api/game/team/join",
    valid: async (h) => {
      const tjr = await h.invitation(await h.signup());
      return get("/api/game/team/join", { hash: await h.signup(), tjr });
    },
  },
  {
    method: "GET",
    route: "/api/game/team/preview",
    valid: async (h) => {
      const tjr = await h.invitation(await h.signup());
      return get("/api/game/team/preview", { hash: await h.signup(), tjr });
    },
  },
  {
    method: "GET",
    route: "/api/game/team/members",
    valid: async (h) => {
      const hash = await h.signup();
      await h.invitation(hash);
      return get("/api/game/team/members", { hash });
    },
  },
  {
    method: "POST",
    route: "/api/game/team/position",
    fields: { in: "body", schema: teamPositionRequest },
    valid: async (h) => {
      // The invitation founds the player's team.
      const hash = await h.signup();
      await h.invitation(hash);
      return post("/api/game/team/position", {
        Hash: hash,
        Share: true,
        Position: { Latitude: 50.81, Longitude: 8.77, Accuracy: 20 },
      });
    },
  },
  {
    method: "POST",
    route: "/api/game/outro/activate",
    valid: async (h) => post("/api/game/outro/activate", { Skip: true, Hash: await h.signup() }),
  },
  {
    method: "GET",
    route: "/api/game/events",
    valid: async (h) => get("/api/game/events", { hash: await h.signup(), lasteventid: "0" }),
    stream: true,
  },
  // The operators' API: a fresh operator's sign-in, its cookie, OPERATOR_TOKEN.
  {
    method: "POST",
    route: "/api/ops/session",
    valid: async (h) => post("/api/ops/session", await h.newOperator()),
  },
  {
    method: "DELETE",
    route: "/api/ops/session",
    valid: async (h) => ({
      method: "DELETE",
      path: "/api/ops/session",
      headers: { cookie: await h.operatorCookie() },
    }),
  },
  {
    method: "GET",
    route: "/api/ops/me",
    valid: async () => ({ ...get("/api/ops/me"), headers: OPS_BEARER }),
  },
  {
    method: "PUT",
    route: "/api/ops/password",
    // A fresh operator's console, which must change its one-time password.
    valid: async (h) => {
      const { cookie, password } = await h.operatorSession();
      return {
        method: "PUT",
        path: "/api/ops/password",
        body: { current: password, password: "Wegmarke-Fuzz-7391" },
        headers: { cookie },
      };
    },
  },
  {
    method: "GET",
    route: "/api/ops/audit",
    fields: { in: "query", schema: auditQuery },
    valid: async () => ({ ...get("/api/ops/audit", { limit: "10" }), headers: OPS_BEARER }),
  },
  {
    method: "GET",
    route: "/api/ops/overview",
    valid: async () => ({ ...get("/api/ops/overview"), headers: OPS_BEARER }),
  },
  {
    method: "GET",
    route: "/api/ops/map",
    valid: async () => ({ ...get("/api/ops/map"), headers: OPS_BEARER }),
  },
  {
    method: "GET",
    route: "/api/ops/live",
    valid: async () => ({ ...get("/api/ops/live"), headers: OPS_BEARER }),
    stream: true,
  },
  {
    method: "GET",
    route: "/api/ops/players",
    fields: { in: "query", schema: opsPlayersQuery },
    valid: async () => ({
      ...get("/api/ops/players", { q: "wanderer", limit: "5", offset: "0" }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/stations/:stationId/cancel",
    fields: { in: "path", schema: opsCancelParams },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(1)}/stations/1/cancel`, {}),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/stations/:stationId/close",
    fields: { in: "body", schema: opsStationAccessRequest },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(1)}/stations/1/close`, {
        reason: "Baustelle",
      }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/stations/:stationId/reopen",
    fields: { in: "body", schema: opsStationAccessRequest },
    valid: async (h) => {
      const path = `/api/ops/players/${await h.playerAtStation(1)}/stations/1`;
      await h.ok({ ...post(`${path}/close`, {}), headers: OPS_BEARER });
      return { ...post(`${path}/reopen`, { reason: "Baustelle vorbei" }), headers: OPS_BEARER };
    },
  },
  {
    method: "GET",
    route: "/api/ops/players/:playerId/thread",
    fields: { in: "path", schema: opsPlayerParams },
    valid: async (h) => ({
      ...get(`/api/ops/players/${await h.playerAtStation(1)}/thread`),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/players/:playerId/watch",
    fields: { in: "path", schema: opsPlayerParams },
    valid: async (h) => ({
      ...get(`/api/ops/players/${await h.playerAtStation(1)}/watch`),
      headers: OPS_BEARER,
    }),
    stream: true,
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/lines",
    fields: { in: "body", schema: opsLineRequest },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(1)}/lines`, {
        stationId: 1,
        from: "Spielleitung",
        text: "Hallo!",
      }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/deliver",
    fields: { in: "body", schema: opsDeliverRequest },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerWaitingForLine()}/deliver`, { stationId: 5 }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/hint",
    fields: { in: "body", schema: opsHintRequest },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(8)}/hint`, { stationId: 8, free: true }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/jump",
    fields: { in: "body", schema: opsJumpRequest },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(8)}/jump`, {
        stationId: 8,
        knot: "raetsel",
      }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/points",
    fields: { in: "body", schema: opsAwardRequest },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(1)}/points`, {
        points: 2,
        reason: "Beste Verkleidung",
      }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/inbox",
    valid: async () => ({ ...get("/api/ops/inbox"), headers: OPS_BEARER }),
  },
  {
    method: "GET",
    route: "/api/ops/players/:playerId/organisers",
    fields: { in: "path", schema: opsPlayerParams },
    valid: async (h) => ({
      ...get(`/api/ops/players/${await h.playerAtStation(1)}/organisers`),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/organisers",
    fields: { in: "body", schema: opsInboxReply },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(1)}/organisers`, { text: "Hallo!" }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/players/:playerId/organisers/read",
    fields: { in: "body", schema: opsInboxRead },
    valid: async (h) => ({
      ...post(`/api/ops/players/${await h.playerAtStation(1)}/organisers/read`, { upTo: 1 }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/news",
    valid: async () => ({ ...get("/api/ops/news"), headers: OPS_BEARER }),
  },
  {
    method: "GET",
    route: "/api/ops/clock",
    valid: async () => ({ ...get("/api/ops/clock"), headers: OPS_BEARER }),
  },
  {
    method: "PUT",
    route: "/api/ops/clock",
    fields: { in: "body", schema: opsClockRequest },
    // null: the pack's end (the demo has none), so the game stays open for the routes after it.
    valid: async () => ({
      method: "PUT",
      path: "/api/ops/clock",
      body: { endsAt: null },
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/news/audience",
    valid: async () => ({ ...get("/api/ops/news/audience"), headers: OPS_BEARER }),
  },
  {
    method: "POST",
    route: "/api/ops/news",
    fields: { in: "body", schema: opsNewsRequest },
    valid: async () => ({
      ...post("/api/ops/news", { text: { de: "Hallo", en: "Hello", "de-formal": "Guten Tag" } }),
      headers: OPS_BEARER,
    }),
    optional: ["stationId", "urgent"],
  },
  {
    method: "DELETE",
    route: "/api/ops/news/:id",
    fields: { in: "path", schema: opsNewsParams },
    valid: async (h) => ({
      method: "DELETE",
      path: `/api/ops/news/${await h.newsItem()}`,
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/export.csv",
    valid: async () => ({
      ...get("/api/ops/export.csv", {
        table: "stations",
        separator: "semicolon",
        timeZone: "Europe/Berlin",
      }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/stations/posters.pdf",
    valid: async () => ({
      ...get("/api/ops/stations/posters.pdf", { language: "en" }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/content/reload",
    valid: async () => ({ ...post("/api/ops/content/reload", {}), headers: OPS_BEARER }),
  },
  {
    method: "GET",
    route: "/api/ops/pack/versions",
    valid: async () => ({ ...get("/api/ops/pack/versions"), headers: OPS_BEARER }),
  },
  {
    method: "GET",
    route: "/api/ops/pack/versions/:id/zip",
    fields: { in: "path", schema: opsPackVersionParams },
    valid: async (h) => ({
      ...get(`/api/ops/pack/versions/${await h.packVersion()}/zip`),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/pack/versions/:id/changes",
    fields: { in: "path", schema: opsPackVersionParams },
    valid: async (h) => ({
      ...get(`/api/ops/pack/versions/${await h.packVersion()}/changes`),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "POST",
    route: "/api/ops/pack/import",
    jsonRefusal: { 422: "problems" },
    valid: async () => ({
      method: "POST",
      path: "/api/ops/pack/import",
      raw: { type: "application/zip", payload: await demoZip() },
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/pack/game.zip",
    valid: async () => ({ ...get("/api/ops/pack/game.zip"), headers: OPS_BEARER }),
  },
  {
    method: "POST",
    route: "/api/ops/pack/versions/:id/release",
    fields: { in: "path", schema: opsPackVersionParams },
    valid: async (h) => ({
      ...post(`/api/ops/pack/versions/${await h.packVersion()}/release`, {}),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft",
    valid: async (h) => {
      await h.packVersion();
      return { ...get("/api/ops/pack/draft"), headers: OPS_BEARER };
    },
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/file",
    valid: async (h) => {
      await h.packVersion();
      return { ...get("/api/ops/pack/draft/file", { path: "game.yaml" }), headers: OPS_BEARER };
    },
  },
  {
    method: "PUT",
    route: "/api/ops/pack/draft/file",
    jsonRefusal: { 409: "theirs" },
    valid: async (h) => ({
      method: "PUT",
      path: "/api/ops/pack/draft/file",
      body: { path: "texts/fuzz.md", text: "Fuzz", replaces: await h.draftFile("texts/fuzz.md") },
      headers: OPS_BEARER,
    }),
  },
  {
    method: "DELETE",
    route: "/api/ops/pack/draft/file",
    jsonRefusal: { 409: "theirs" },
    valid: async (h) => ({
      method: "DELETE",
      path: "/api/ops/pack/draft/file",
      query: { path: "texts/fuzz.md", replaces: (await h.draftFile("texts/fuzz.md")) ?? "" },
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/station",
    valid: async (h) => {
      await h.packVersion();
      return {
        ...get("/api/ops/pack/draft/station", { folder: "stations/1-marktplatz" }),
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "PUT",
    route: "/api/ops/pack/draft/station",
    jsonRefusal: { 409: "theirs" },
    fields: { in: "body", schema: opsStationSave },
    valid: async (h) => {
      const edit = await h.stationEdit("stations/1-marktplatz");
      return {
        method: "PUT",
        path: "/api/ops/pack/draft/station",
        body: { folder: edit.folder, form: edit.form, replaces: edit.hash },
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/stations",
    status: 201,
    valid: async (h) => {
      await h.packVersion();
      return { ...post("/api/ops/pack/draft/stations", { title: "Fuzz" }), headers: OPS_BEARER };
    },
  },
  {
    method: "DELETE",
    route: "/api/ops/pack/draft/station",
    valid: async (h) => {
      const query = await h.draftFolder(
        "/api/ops/pack/draft/station/copy",
        { folder: "stations/1-marktplatz" },
        "station.yaml",
      );
      return {
        method: "DELETE",
        path: "/api/ops/pack/draft/station",
        query,
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/station/copy",
    status: 201,
    valid: async (h) => {
      await h.packVersion();
      return {
        ...post("/api/ops/pack/draft/station/copy", { folder: "stations/1-marktplatz" }),
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/stories",
    status: 201,
    valid: async (h) => {
      await h.packVersion();
      return { ...post("/api/ops/pack/draft/stories", { title: "Fuzz" }), headers: OPS_BEARER };
    },
  },
  {
    method: "DELETE",
    route: "/api/ops/pack/draft/story",
    valid: async (h) => {
      const query = await h.draftFolder(
        "/api/ops/pack/draft/stories",
        { title: "Fuzz" },
        "story.yaml",
      );
      return {
        method: "DELETE",
        path: "/api/ops/pack/draft/story",
        query,
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/stations/script",
    status: 201,
    valid: async (h) => {
      // The castle without its English dialogue, so that it can be begun anew.
      const path = "stations/2-schloss/script.en.ink";
      const replaces = await h.draftHash(path);
      if (replaces !== null) {
        const query = { path, replaces };
        await h.ok({
          method: "DELETE",
          path: "/api/ops/pack/draft/file",
          query,
          headers: OPS_BEARER,
        });
      }
      const body = { folder: "stations/2-schloss", language: "en" };
      return { ...post("/api/ops/pack/draft/stations/script", body), headers: OPS_BEARER };
    },
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/compile",
    valid: async () => ({
      ...post("/api/ops/pack/draft/compile", {
        path: "stations/1-marktplatz/script.de.ink",
        text: "VAR points = 0\nHallo\n-> END\n",
      }),
      headers: OPS_BEARER,
    }),
  },
  {
    method: "PUT",
    route: "/api/ops/pack/draft/media",
    jsonRefusal: { 409: "theirs" },
    valid: async (h) => ({
      method: "PUT",
      path: "/api/ops/pack/draft/media",
      query: {
        path: "intro/fuzz.png",
        ...((await h.draftHash("intro/fuzz.png")) !== null && {
          replaces: (await h.draftHash("intro/fuzz.png")) ?? "",
        }),
      },
      raw: { type: "image/png", payload: await demoPng() },
      headers: OPS_BEARER,
    }),
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/story",
    valid: async (h) => {
      await h.packVersion();
      return {
        ...get("/api/ops/pack/draft/story", { folder: "stories/1-zwei-studenten" }),
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "PUT",
    route: "/api/ops/pack/draft/story",
    jsonRefusal: { 409: "theirs" },
    fields: { in: "body", schema: opsStorySave },
    valid: async (h) => {
      await h.packVersion();
      const edit = opsStoryEdit.parse(
        await h.ok({
          ...get("/api/ops/pack/draft/story", { folder: "stories/1-zwei-studenten" }),
          headers: OPS_BEARER,
        }),
      );
      return {
        method: "PUT",
        path: "/api/ops/pack/draft/story",
        body: { folder: edit.folder, form: edit.form, replaces: edit.hash },
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/game",
    valid: async (h) => {
      await h.packVersion();
      return { ...get("/api/ops/pack/draft/game"), headers: OPS_BEARER };
    },
  },
  {
    method: "PUT",
    route: "/api/ops/pack/draft/game",
    jsonRefusal: { 409: "theirs" },
    valid: async (h) => {
      await h.packVersion();
      const edit = opsGameEdit.parse(
        await h.ok({ ...get("/api/ops/pack/draft/game"), headers: OPS_BEARER }),
      );
      return {
        method: "PUT",
        path: "/api/ops/pack/draft/game",
        body: { form: edit.form, replaces: edit.hash },
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/texts",
    valid: async (h) => {
      await h.packVersion();
      return { ...get("/api/ops/pack/draft/texts"), headers: OPS_BEARER };
    },
  },
  {
    method: "PUT",
    route: "/api/ops/pack/draft/texts",
    jsonRefusal: { 409: "theirs" },
    fields: { in: "body", schema: opsGameTextsSave },
    valid: async (h) => {
      await h.packVersion();
      const edit = opsGameTextsEdit.parse(
        await h.ok({ ...get("/api/ops/pack/draft/texts"), headers: OPS_BEARER }),
      );
      return {
        method: "PUT",
        path: "/api/ops/pack/draft/texts",
        body: { form: edit.form, replaces: edit.hash },
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/map",
    valid: async (h) => {
      await h.packVersion();
      return { ...get("/api/ops/pack/draft/map"), headers: OPS_BEARER };
    },
  },
  {
    method: "PUT",
    route: "/api/ops/pack/draft/map",
    jsonRefusal: { 409: "theirs" },
    fields: { in: "body", schema: opsMapSave },
    valid: async (h) => {
      await h.packVersion();
      const edit = opsMapEdit.parse(
        await h.ok({ ...get("/api/ops/pack/draft/map"), headers: OPS_BEARER }),
      );
      return {
        method: "PUT",
        path: "/api/ops/pack/draft/map",
        body: { form: edit.form, replaces: edit.hash },
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/media",
    valid: async (h) => {
      await h.packVersion();
      return {
        ...get("/api/ops/pack/draft/media", { path: "map/oberstadt.svg" }),
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "GET",
    route: "/api/ops/pack/draft/places",
    // The app under test has no geocoder (address-search.test.ts has one): the query is read
    // and refused, then the search answers that it is off.
    status: 404,
    valid: async (h) => {
      await h.packVersion();
      return {
        ...get("/api/ops/pack/draft/places", { q: "Marktplatz", lang: "en" }),
        headers: OPS_BEARER,
      };
    },
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/check",
    valid: async (h) => {
      await h.packVersion();
      return { ...post("/api/ops/pack/draft/check", {}), headers: OPS_BEARER };
    },
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/publish",
    jsonRefusal: { 422: "check" },
    valid: async (h) => {
      await h.packVersion();
      // The other cases leave the draft as their fuzz made it.
      await h.ok({ method: "DELETE", path: "/api/ops/pack/draft", headers: OPS_BEARER });
      return { ...post("/api/ops/pack/draft/publish", {}), headers: OPS_BEARER };
    },
  },
  // The team page: the operators and their roles.
  {
    method: "GET",
    route: "/api/ops/operators",
    valid: async () => ({ ...get("/api/ops/operators"), headers: OPS_BEARER }),
  },
  {
    method: "POST",
    route: "/api/ops/operators",
    valid: async (h) => ({
      ...post("/api/ops/operators", { name: `team-${h.nextPhone().slice(-7)}`, roles: ["host"] }),
      headers: OPS_BEARER,
    }),
    status: 201,
  },
  {
    method: "PUT",
    route: "/api/ops/operators/:name/roles",
    valid: async (h) => {
      const { name } = await h.newOperator();
      return {
        method: "PUT",
        path: `/api/ops/operators/${name}/roles`,
        body: { roles: ["author"] },
        headers: OPS_BEARER,
      };
    },
    param: "fuzz-",
  },
  {
    method: "POST",
    route: "/api/ops/pack/draft/preview",
    jsonRefusal: { 422: "check" },
    optional: ["start", "fast"],
    valid: async (h) => {
      await h.packVersion();
      return { ...post("/api/ops/pack/draft/preview", { desk: true }), headers: OPS_BEARER };
    },
  },
  // The preview's player app: its calls handed to the draft's own game.
  ...handedOn("/preview/:id/*", (h) => h.preview(), {
    get: "webapp/config.json",
    post: "api/account/player/optin/anon",
  }),
  {
    method: "GET",
    route: "/api/ops/games",
    valid: async (h) => {
      await h.otherGame();
      return { ...get("/api/ops/games"), headers: OPS_BEARER };
    },
  },
  {
    method: "POST",
    route: "/api/ops/games",
    valid: async (h) => ({
      ...post("/api/ops/games", h.newGame()),
      headers: OPS_BEARER,
    }),
    status: 201,
  },
  {
    method: "POST",
    route: "/api/ops/games/import",
    fields: { in: "query", schema: opsGameImportQuery },
    valid: async (h) => ({
      method: "POST",
      path: "/api/ops/games/import",
      query: { name: h.newGame().name },
      raw: { type: "application/zip", payload: await demoGameZip() },
      headers: OPS_BEARER,
    }),
    status: 201,
  },
  {
    method: "POST",
    route: "/api/ops/games/:name/archive",
    valid: async (h) => {
      const game = h.newGame();
      const made = await h.send(toSent({ ...post("/api/ops/games", game), headers: OPS_BEARER }));
      if (made.status !== 201) throw new Error(`the game was not made: ${made.body}`);
      return { ...post(`/api/ops/games/${game.name}/archive`, {}), headers: OPS_BEARER };
    },
    param: "game-",
  },
  {
    method: "GET",
    route: "/api/ops/games/archived",
    valid: async () => ({ ...get("/api/ops/games/archived"), headers: OPS_BEARER }),
  },
  {
    method: "POST",
    route: "/api/ops/games/:name/restore",
    valid: async (h) => {
      const game = h.newGame();
      for (const call of [
        post("/api/ops/games", game),
        post(`/api/ops/games/${game.name}/archive`, {}),
      ]) {
        const done = await h.send(toSent({ ...call, headers: OPS_BEARER }));
        if (done.status >= 300) throw new Error(`the game was not made and ended: ${done.body}`);
      }
      return { ...post(`/api/ops/games/${game.name}/restore`, {}), headers: OPS_BEARER };
    },
    param: "game-",
  },
  // Another game of the installation: every address of it handed to its own server.
  ...handedOn("/g/:name/*", (h) => h.otherGame(), { get: "fuzz", post: "fuzz" }),
  {
    method: "DELETE",
    route: "/api/ops/pack/draft",
    valid: async (h) => {
      await h.packVersion();
      return { method: "DELETE", path: "/api/ops/pack/draft", headers: OPS_BEARER };
    },
  },
  // Development (SMS_PROVIDER=outbox), the pack's content, the web app, health.
  { method: "GET", route: "/api/dev/outbox", valid: async () => get("/api/dev/outbox") },
  { method: "GET", route: "/webapp/config.json", valid: async () => get("/webapp/config.json") },
  {
    method: "GET",
    route: "/webapp/manifest.webmanifest",
    valid: async () => get("/webapp/manifest.webmanifest"),
  },
  {
    method: "GET",
    route: "/webapp/app-icons/:name",
    valid: async () => get("/webapp/app-icons/icon-192.png"),
    param: "icon-192.png",
  },
  {
    method: "GET",
    route: "/webapp/content/:lang.json",
    valid: async () => get("/webapp/content/de.json"),
    param: "de",
  },
  {
    method: "GET",
    route: "/assets/webapp-data/*",
    valid: async () => get("/assets/webapp-data/stations/3/elisabethkirche.jpg", { w: "480" }),
    param: "stations/3/elisabethkirche.jpg",
    fields: { in: "query", schema: mediaSizeQuery },
  },
  { method: "GET", route: "/", valid: async () => get("/"), status: 302 },
  { method: "GET", route: "/webapp", valid: async () => get("/webapp"), status: 302 },
  {
    method: "GET",
    route: "/webapp/*",
    valid: async () => get("/webapp/map/station/1"),
    param: "map/station/1",
  },
  // The operators' console: the page needs no sign-in, its calls do.
  { method: "GET", route: "/ops", valid: async () => get("/ops"), status: 302 },
  { method: "GET", route: "/ops/*", valid: async () => get("/ops/players"), param: "players" },
  // CORS answers preflights (OPTIONS) itself, for the origins of CORS_ORIGINS.
  {
    method: "OPTIONS",
    route: "*",
    valid: async () => ({
      method: "OPTIONS",
      path: "/api/game/station/activate",
      headers: { origin: FRIEND, "access-control-request-method": "POST" },
    }),
    param: "api/game/station/activate",
  },
  { method: "GET", route: "/healthz", valid: async () => get("/healthz") },
  { method: "GET", route: "/readyz", valid: async () => get("/readyz") },
  { method: "GET", route: "/metrics", valid: async () => get("/metrics") },
  // The API description and the page that renders it (http/api-docs/), open to all.
  { method: "GET", route: "/api/openapi.json", valid: async () => get("/api/openapi.json") },
  { method: "GET", route: "/api/docs", valid: async () => get("/api/docs") },
  // Fastify announces the page's path with a slash for HEAD only; GET answers it all the same.
  {
    method: "HEAD",
    route: "/api/docs/",
    valid: async () => ({ method: "HEAD", path: "/api/docs/" }),
  },
  { method: "GET", route: "/api/docs/json", valid: async () => get("/api/docs/json") },
  { method: "GET", route: "/api/docs/yaml", valid: async () => get("/api/docs/yaml") },
  {
    method: "GET",
    route: "/api/docs/static/index.html",
    valid: async () => get("/api/docs/static/index.html"),
    status: 302,
  },
  {
    method: "GET",
    route: "/api/docs/static/swagger-initializer.js",
    valid: async () => get("/api/docs/static/swagger-initializer.js"),
  },
  {
    method: "GET",
    route: "/api/docs/static/*",
    valid: async () => get("/api/docs/static/index.css"),
    param: "index.css",
  },
];

/** The fuzz pack's station with a photo mission (the demo with one station more). */
const MISSION_STATION = 16;

const MISSION_FILES: Record<string, string> = {
  "stations/16-brunnen/station.yaml": `id: 16
name: brunnen
character: { de: Der Drachenwart }
latitude: 50.8095
longitude: 8.7705
points: 3
texts:
  de: { title: Der Marktbrunnen, desc: Ein Drache speit Wasser. }
`,
  "stations/16-brunnen/script.de.ink": `VAR points = 0
Zeig mir den Drachen am Brunnen!
- (drache)
+ [Der Drache #photo #points: 3]
    Genau der!
+ [#rejected]
    -> drache
- -> END
`,
};

let photo: Promise<Buffer> | undefined;

/** A small photo, made once. */
function fuzzPhoto(): Promise<Buffer> {
  photo ??= sharp({ create: { width: 64, height: 48, channels: 3, background: "#48c" } })
    .jpeg()
    .toBuffer();
  return photo;
}

function tusHeaders(hash: string): Record<string, string> {
  return { "tus-resumable": "1.0.0", authorization: `Bearer ${hash}` };
}

const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

function creationHeaders(hash: string, size: number): Record<string, string> {
  return {
    ...tusHeaders(hash),
    "upload-length": String(size),
    "upload-metadata": tusMetadata({ station: String(MISSION_STATION), kind: "photo" }),
  };
}

/** Mutations of a tus request's headers and body: versions, lengths, metadata, tokens. */
function tusMutations(valid: Call): Mutation[] {
  const header = (
    name: string,
    value: string | undefined,
    label = `${name}: ${show(value ?? "(none)")}`,
  ) => ({
    label,
    sent: (call: Call) => {
      const sent = toSent(call);
      const others = Object.entries(sent.headers).filter(([key]) => key !== name);
      const headers = Object.fromEntries(value === undefined ? others : [...others, [name, value]]);
      return { ...sent, headers };
    },
  });
  const odd = ["", "-1", "0", "1.5", "abc", "1e3", "99999999999999999999", "%00", " 12 "];
  const mutations = [
    header("tus-resumable", undefined),
    header("tus-resumable", "0.2.2"),
    header("authorization", undefined),
    header("authorization", "Bearer not-a-token"),
    header("authorization", "Basic eDp5"),
  ];
  if (valid.method === "POST") {
    mutations.push(
      ...odd.map((value) => header("upload-length", value)),
      header("upload-length", undefined),
      header("upload-defer-length", "1"),
      ...[
        "",
        "station",
        "station MTY=",
        "kind cGhvdG8=",
        "station !!!,kind cGhvdG8=",
        tusMetadata({ station: "16", kind: "film" }),
        tusMetadata({ station: "0", kind: "photo" }),
        tusMetadata({ station: "2147483648", kind: "photo" }),
        tusMetadata({ station: "1", kind: "photo" }),
        tusMetadata({ station: "16", kind: "photo", filename: "x".repeat(300) }),
        tusMetadata({ station: "16", kind: "photo", __proto__: "x" }),
        `${"a ".repeat(5000)}`,
      ].map((value) => header("upload-metadata", value)),
    );
  }
  if (valid.method === "PATCH") {
    const body = (
      label: string,
      payload: Buffer | string,
      type = "application/offset+octet-stream",
    ) => ({
      label,
      sent: (call: Call) => withBody(call, payload, type),
    });
    mutations.push(
      ...odd.map((value) => header("upload-offset", value)),
      header("upload-offset", undefined),
      header("upload-offset", "5", "an offset the server does not have"),
      body("a page as the photo", "<html><script>alert(1)</script></html>"),
      body("half a photo", (valid.raw?.payload ?? Buffer.alloc(0)).subarray(0, 20)),
      body("an empty piece", Buffer.alloc(0)),
      body("the photo as JSON", JSON.stringify({ photo: "x" }), JSON_TYPE),
      body("the photo as text", "photo", "text/plain"),
    );
  }
  return mutations;
}

function get(path: string, query?: Record<string, string>): Call {
  return { method: "GET", path, ...(query && { query }) };
}

function post(path: string, body: Record<string, unknown>): Call {
  return { method: "POST", path, body };
}

/**
 * A device's subscription at the one push service the app under test allows: a port where
 * nothing listens, so the news the fuzz sends are pushed nowhere.
 */
function pushSubscription(): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `${PUSH_SERVICE}/push/${randomBytes(8).toString("hex")}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

/** The query string of `params`, whose values are percent-encoded already. */
function queryString(params: [string, string][]): string {
  return params.map(([name, value]) => `${name}=${value}`).join("&");
}

/** A call as sent: its query encoded, its body as JSON. */
function toSent(call: Call, query?: string): Sent {
  const params = Object.entries(call.query ?? {}).map(([name, value]): [string, string] => [
    name,
    encodeURIComponent(value),
  ]);
  const search = query ?? queryString(params);
  return {
    method: call.method,
    url: search === "" ? call.path : `${call.path}?${search}`,
    headers: {
      ...(call.body && { "content-type": JSON_TYPE }),
      ...(call.raw && { "content-type": call.raw.type }),
      ...call.headers,
    },
    ...(call.body && { payload: JSON.stringify(call.body) }),
    ...(call.raw && { payload: call.raw.payload }),
  };
}

/** The valid call with another body: JSON text, or a value to write as JSON. */
function withBody(call: Call, payload: string | Buffer, type = JSON_TYPE): Sent {
  return { ...toSent(call), headers: { ...call.headers, "content-type": type }, payload };
}

const show = (value: unknown) =>
  (JSON.stringify(value) ?? String(value)).replace(/(.{40}).{20,}/s, "$1…");

/** Mutations of a JSON body: each field spoilt, then the body as a whole. */
function bodyMutations(valid: Call, optional: string[], bodyLimit = 1024 * 1024): Mutation[] {
  const fields = [...Object.keys(valid.body ?? {}), ...optional];
  const body = (call: Call) => call.body ?? {};
  const json = (label: string, value: (b: Record<string, unknown>) => unknown): Mutation => ({
    label,
    sent: (call) => withBody(call, JSON.stringify(value(body(call)))),
  });
  const raw = (
    label: string,
    payload: (b: Record<string, unknown>) => string | Buffer,
    status?: number,
  ): Mutation => ({
    label,
    sent: (call) => withBody(call, payload(body(call))),
    ...(status && { status }),
  });
  const mutations: Mutation[] = [];
  for (const field of fields) {
    for (const value of ODD_VALUES) {
      mutations.push(json(`${field}: ${show(value)}`, (b) => ({ ...b, [field]: value })));
    }
    for (const number of RAW_NUMBERS) {
      mutations.push(
        raw(`${field}: ${show(number)}`, (b) =>
          JSON.stringify({ ...b, [field]: MARK }).replace(JSON.stringify(MARK), number),
        ),
      );
    }
    mutations.push(json(`without ${field}`, (b) => ({ ...b, [field]: undefined })));
    // JSON.parse keeps the last of two equal keys: the odd one last.
    mutations.push(
      raw(`${field} twice`, (b) => `{${JSON.stringify(field)}:"x",${JSON.stringify(b).slice(1)}`),
    );
    mutations.push(
      raw(
        `${field} twice, null last`,
        (b) => `${JSON.stringify(b).slice(0, -1)},${JSON.stringify(field)}:null}`,
      ),
    );
  }
  for (const value of [null, true, 0, "x", [], {}]) {
    mutations.push(json(`body ${show(value)}`, () => value));
  }
  mutations.push(json("body in an array", (b) => [b]));
  mutations.push(json("an extra field", (b) => ({ ...b, Extra: "x" })));
  mutations.push(
    json("a thousand extra fields", (b) => ({
      ...b,
      ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i])),
    })),
  );
  const fuzzBody = (b: Record<string, unknown>) => JSON.stringify(b).slice(1);
  mutations.push(raw("__proto__", (b) => `{"__proto__":{"polluted":1},${fuzzBody(b)}`));
  mutations.push(
    raw(
      "constructor.prototype",
      (b) => `{"constructor":{"prototype":{"polluted":1}},${fuzzBody(b)}`,
    ),
  );
  for (const text of [
    "",
    " ",
    "{",
    "}",
    "nul",
    "[1,]",
    '{"a":}',
    '{"a":"\\x"}',
    "{'a':1}",
    "\u0000",
  ]) {
    mutations.push(raw(`malformed JSON ${show(text)}`, () => text));
  }
  mutations.push(raw("JSON after a byte-order mark", (b) => `\uFEFF${JSON.stringify(b)}`));
  mutations.push(raw("JSON with a trailing text", (b) => `${JSON.stringify(b)}x`));
  mutations.push(
    raw("invalid UTF-8", () => Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
  );
  mutations.push(raw("deep array", () => deepArray(50_000)));
  mutations.push(raw("deep object", () => deepObjectText(50_000)));
  mutations.push(
    raw(
      "deep object in a field",
      (b) => `{${fuzzBody(b).slice(0, -1)},"Deep":${deepObjectText(50_000)}}`,
    ),
  );
  mutations.push(
    raw(
      "deep array in a field",
      (b) => `{${fuzzBody(b).slice(0, -1)},"Deep":${deepArray(50_000)}}`,
    ),
  );
  const over = bodyLimit + 1_000_000;
  mutations.push(
    raw(
      `${Math.round(over / 1e6)} MB`,
      (b) => JSON.stringify({ ...b, Long: "x".repeat(over) }),
      413,
    ),
  );
  // The API takes JSON only.
  const typed = (type: string, payload: string, status?: number): Mutation => ({
    label: `content type ${type}`,
    sent: (call) => withBody(call, payload, type),
    ...(status && { status }),
  });
  mutations.push(typed("text/plain", JSON.stringify(valid.body), 415));
  mutations.push(typed("text/plain; charset=utf-8", JSON.stringify(valid.body), 415));
  mutations.push(typed("application/x-www-form-urlencoded", "StationID=1&Hash=x", 415));
  mutations.push(typed("multipart/form-data; boundary=x", "--x--", 415));
  mutations.push(typed("application/jsonx", "{}", 415));
  mutations.push(typed("application/json; charset=utf-16", JSON.stringify(valid.body)));
  mutations.push(typed("application/json; charset=latin1", JSON.stringify(valid.body)));
  mutations.push(typed("APPLICATION/JSON", JSON.stringify(valid.body)));
  mutations.push({
    label: "no content type",
    sent: (call) => ({ ...toSent(call), headers: {}, payload: JSON.stringify(call.body) }),
  });
  mutations.push({
    label: "no body",
    sent: (call) => ({
      ...toSent(call),
      headers: { "content-type": JSON_TYPE },
      payload: undefined,
    }),
  });
  // Another site's page may not change anything.
  mutations.push({
    label: "from another site",
    sent: (call) => ({
      ...toSent(call),
      headers: { ...toSent(call).headers, origin: "https://evil.example" },
    }),
    status: 403,
  });
  return mutations;
}

/** Mutations of a query: each parameter spoilt, then the query as a whole. */
function queryMutations(valid: Call): Mutation[] {
  const names = Object.keys(valid.query ?? {});
  const params = (call: Call) =>
    Object.entries(call.query ?? {}).map(([n, v]): [string, string] => [n, encodeURIComponent(v)]);
  const query = (label: string, search: (p: [string, string][]) => string): Mutation => ({
    label: `?${label}`,
    sent: (call) => toSent(call, search(params(call))),
  });
  const mutations: Mutation[] = [];
  for (const name of names) {
    const replace = (p: [string, string][], value: string) =>
      p.map(([n, v]): [string, string] => [n, n === name ? value : v]);
    for (const value of ODD_ENCODED) {
      mutations.push(query(`${name}=${value.slice(0, 40)}`, (p) => queryString(replace(p, value))));
    }
    mutations.push(
      query(`${name}=(100 000 characters)`, (p) => queryString(replace(p, "x".repeat(100_000)))),
    );
    mutations.push(query(`without ${name}`, (p) => queryString(p.filter(([n]) => n !== name))));
    mutations.push(
      query(`${name} twice`, (p) => queryString([...p, ...p.filter(([n]) => n === name)])),
    );
    mutations.push(query(`${name} twice, empty first`, (p) => queryString([[name, ""], ...p])));
    mutations.push(
      query(`${name}[]`, (p) => queryString(p.map(([n, v]) => [n === name ? `${n}[]` : n, v]))),
    );
    mutations.push(query(`${name}[] and ${name}`, (p) => `${name}[]=&${queryString(p)}`));
    mutations.push(
      query(`${name}[a]`, (p) => queryString(p.map(([n, v]) => [n === name ? `${n}[a]` : n, v]))),
    );
    mutations.push(
      query(`${name} without =`, (p) =>
        [name, queryString(p.filter(([n]) => n !== name))].join("&"),
      ),
    );
    mutations.push(
      query(`${name.toUpperCase()}`, (p) =>
        queryString(p.map(([n, v]) => [n === name ? n.toUpperCase() : n, v])),
      ),
    );
  }
  mutations.push(...junkQueries());
  return mutations;
}

/** Queries no route asks for. */
function junkQueries(): Mutation[] {
  const junk = [
    ...["", "&&&", "=", "=x", "hash[]=", "hash[]=x&hash[]=y", "a=1&a=2", "%E0=1", "%=%"],
    ...["__proto__=1", "constructor[prototype][x]=1", "x=%00", `x=${"y".repeat(100_000)}`],
    Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join("&"),
  ];
  return junk.map((search) => ({
    label: `?${search.slice(0, 40)} (added)`,
    sent: (call: Call) => {
      const sent = toSent(call);
      return { ...sent, url: `${sent.url}${sent.url.includes("?") ? "&" : "?"}${search}` };
    },
  }));
}

/** Mutations of the path's variable part. */
function pathMutations(param: string): Mutation[] {
  const segments = [
    ...["", "xx", "DE", "%00", "x%00", "%0A", "%E0", "%ED%A0%80", "%FF", "..", "%2e%2e"],
    ...["../../package.json", "..%2F..%2Fpackage.json", "%2e%2e/%2e%2e/game.yaml", "..\\..\\x"],
    ...["stations/1-marktplatz/script.de.ink", "game.yaml", "/etc/passwd", "//x", "a/../../../x"],
    ...["__proto__", "constructor", "toString", "x".repeat(10_000), `${param}%00`, `${param}/`],
    ...[`${param}/..`, `${param}.json`, encodeURIComponent(param), `${param}?x=%E0`, `${param}#x`],
  ];
  return segments.map((segment) => ({
    label: `path ${show(segment)}`,
    sent: (call) => ({ ...toSent(call), url: toSent(call).url.replace(param, segment) }),
  }));
}

/** Mutations of the `Last-Event-ID` header of the event stream. */
function headerMutations(): Mutation[] {
  const values = [
    "",
    "-1",
    "abc",
    "1e3",
    "1.5",
    "99999999999999999999",
    "2147483648",
    "999999999999999",
    "0x1",
    " 1",
    "١",
    "1".repeat(1000),
  ];
  return values.map((value) => ({
    label: `Last-Event-ID ${show(value)}`,
    sent: (call) => ({ ...toSent(call), headers: { "last-event-id": value } }),
  }));
}

/**
 * Every numeric field of the route's protocol schema at the edges: in the body (nested objects
 * made valid around it), in the query (added when the valid request leaves it out) or in the
 * path.
 */
function numericMutations(routeCase: RouteCase): Mutation[] {
  const { fields, route } = routeCase;
  if (!fields) return [];
  return numericFields(fields.schema).flatMap(({ path }) => {
    const name = path.join(".");
    const [param = ""] = path;
    if (fields.in === "body") {
      return EDGE_VALUES.map((value) => ({
        label: `${name}: ${show(value)} (edge)`,
        sent: (call: Call) =>
          withBody(call, JSON.stringify(withField(fields.schema, call.body ?? {}, path, value))),
      }));
    }
    if (fields.in === "query") {
      return EDGE_TEXTS.map((text) => ({
        label: `?${name}=${text} (edge)`,
        sent: (call: Call) => toSent({ ...call, query: { ...call.query, [param]: text } }),
      }));
    }
    const at = route.split("/").indexOf(`:${param}`);
    return EDGE_TEXTS.map((text) => ({
      label: `path ${name}=${show(text)} (edge)`,
      sent: (call: Call) => {
        const segments = call.path.split("/");
        segments[at] = encodeURIComponent(text);
        return toSent({ ...call, path: segments.join("/") });
      },
    }));
  });
}

/**
 * The cases of a route that hands every call below a prefix to a server of its own (a
 * preview's, another game's): the player app's config, a sign-up, a password change, and a
 * mission's upload in pieces and dropped. `params`: the part of the GET's and the POST's path
 * the path mutations replace.
 */
function handedOn(
  route: string,
  prefix: (h: Harness) => Promise<string>,
  params: { get: string; post: string },
): RouteCase[] {
  return [
    {
      method: "GET",
      route,
      valid: async (h) => get(`${await prefix(h)}/webapp/config.json`),
      param: params.get,
    },
    {
      method: "POST",
      route,
      valid: async (h) =>
        post(`${await prefix(h)}/api/account/player/optin/anon`, { story_id: STORY }),
      param: params.post,
    },
    {
      method: "PUT",
      route,
      valid: async (h) => {
        const base = await prefix(h);
        return {
          method: "PUT",
          path: `${base}/api/account/player/changepass`,
          body: { password: "Wegmarke-Fuzz-7391", token: await h.under(base).resetToken() },
        };
      },
      param: "api/account/player/changepass",
    },
    {
      method: "PATCH",
      route,
      valid: async (h) => {
        const below = h.under(await prefix(h));
        const hash = await below.atMission();
        const photo = await fuzzPhoto();
        return {
          method: "PATCH",
          path: await below.createUpload(hash, photo.byteLength),
          raw: { type: "application/offset+octet-stream", payload: photo },
          headers: { ...tusHeaders(hash), "upload-offset": "0" },
        };
      },
      status: 204,
      tus: true,
    },
    {
      method: "DELETE",
      route,
      valid: async (h) => {
        const below = h.under(await prefix(h));
        const hash = await below.atMission();
        return {
          method: "DELETE",
          path: await below.createUpload(hash, 100),
          headers: tusHeaders(hash),
        };
      },
      status: 204,
      tus: true,
    },
  ];
}

/** Mutations of a zip body: spoilt, emptied, unsafe inside, or sent as another type. */
function zipMutations(): Mutation[] {
  const zip = (label: string, payload: (valid: Buffer) => Buffer | string, type?: string) => ({
    label,
    sent: (call: Call) =>
      withBody(call, payload(call.raw?.payload ?? Buffer.alloc(0)), type ?? "application/zip"),
  });
  const unsafe = Buffer.from(zipSync({ "../game.yaml": strToU8("id: x") }));
  return [
    zip("a zip cut in half", (valid) => valid.subarray(0, valid.length >> 1)),
    zip("no zip", () => "PK not really"),
    zip("an empty body", () => Buffer.alloc(0)),
    zip("a path out of the pack", () => unsafe),
    zip("a zip without game.yaml", () => Buffer.from(zipSync({ "x.txt": strToU8("x") }))),
    zip("the zip as JSON", (valid) => JSON.stringify({ zip: valid.toString("base64") }), JSON_TYPE),
    zip("the zip as text", (valid) => valid, "text/plain"),
  ];
}

function mutationsOf(routeCase: RouteCase, valid: Call): Mutation[] {
  return [
    ...numericMutations(routeCase),
    ...(valid.body ? bodyMutations(valid, routeCase.optional ?? [], routeCase.bodyLimit) : []),
    ...(valid.raw && !routeCase.tus ? zipMutations() : []),
    ...(routeCase.tus ? tusMutations(valid) : []),
    ...(valid.body || valid.raw ? [] : queryMutations(valid)),
    ...(routeCase.param === undefined ? [] : pathMutations(routeCase.param)),
    ...(routeCase.stream ? headerMutations() : []),
  ];
}

/** What is wrong with an answer: a 5xx, a 4xx without a reason, or another status than due. */
function problemOf(
  answer: Answer,
  status?: number,
  jsonRefusal: Record<number, string> = {},
): string | undefined {
  if (status !== undefined && answer.status !== status) return `expected ${status}`;
  if (answer.status >= 500) return "server error";
  const outcome = jsonRefusal[answer.status];
  if (outcome !== undefined && answer.type.startsWith(JSON_TYPE)) {
    return answer.body.includes(`"${outcome}"`) ? undefined : `${answer.status} without ${outcome}`;
  }
  if (answer.status >= 400) {
    const reason = answer.body.trim();
    if (!answer.type.startsWith("text/plain")) return "4xx without a plain-text reason";
    if (reason === "") return "4xx without a reason";
    if (reason.length > 500) return "4xx with an overlong reason";
  }
  return undefined;
}

/** The app under test, reached through `inject`, and the steps that set up a valid request. */
class Harness {
  requests = 0;
  /** The path before every call (`under` a preview's). */
  base = "";
  private phones = 0;
  private operators = 0;
  private secondGame: Promise<string> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly store: Store,
  ) {}

  /** Sends a request; an event stream is read up to its first event, then hung up. */
  async send(sent: Sent, stream = false): Promise<Answer> {
    this.requests++;
    if (!stream) {
      const response = await this.app.inject(sent);
      return { status: response.statusCode, type: contentType(response), body: response.body };
    }
    const response = await this.app.inject({ ...sent, payloadAsStream: true });
    const open = response.statusCode === 200;
    // A stream's answer to HEAD has its head only: nothing to wait for.
    const until = sent.method === "HEAD" ? "" : "event:";
    const body = open ? await this.readStream(response, until) : await readAll(response);
    return { status: response.statusCode, type: contentType(response), body };
  }

  /** Sends a call that must succeed; answers its JSON. */
  async ok(call: Call): Promise<unknown> {
    const answer = await this.send(toSent(call));
    if (answer.status !== 200) {
      throw new Error(`${call.method} ${call.path}: ${answer.status} ${answer.body}`);
    }
    return JSON.parse(answer.body);
  }

  /**
   * The path of a preview of the draft as the live version has it (`/preview/<id>`), started
   * when none runs.
   */
  async preview(): Promise<string> {
    await this.packVersion();
    await this.ok({ method: "DELETE", path: "/api/ops/pack/draft", headers: OPS_BEARER });
    const started = (await this.ok({
      ...post("/api/ops/pack/draft/preview", { desk: true }),
      headers: OPS_BEARER,
    })) as { path: string };
    return started.path.replace(/\/webapp\/$/, "");
  }

  /**
   * The path of the installation's second game (`/g/fuzz`), made on the first call with the
   * files of the first game's live version.
   */
  otherGame(): Promise<string> {
    this.secondGame ??= (async () => {
      await this.packVersion();
      const cacheDir = join(tmpdir(), "wegmarke-test-pack-cache");
      const first = new PackLibrary({ store: this.store, cacheDir, clock: systemClock });
      const live = await first.live();
      if (!live) throw new Error("no live version");
      const id = await this.store.repos.games.create({
        ...{ name: "fuzz", title: null, host: null, archivedAt: null },
        createdAt: new Date().toISOString(),
      });
      if (id === undefined) throw new Error("the second game was not made");
      const second = new PackLibrary({
        store: this.store.forGame(id),
        cacheDir,
        clock: systemClock,
      });
      const { version } = await second.capture(await first.folder(live), "fuzz", null);
      await second.release(version, null);
      return "/g/fuzz";
    })();
    return this.secondGame;
  }

  /** A new game's request (`POST /api/ops/games`) of a name not taken yet: one station. */
  newGame(): { name: string; title: string; languages: string[]; template: { kind: string } } {
    const name = `game-${this.nextPhone().slice(-7)}`;
    return { name, title: name, languages: ["de"], template: { kind: "one-station" } };
  }

  /** The same app with every path below `base` (a preview's game), numbers shared. */
  under(base: string): Harness {
    const scoped = new Harness(this.app, this.store);
    scoped.base = base;
    scoped.send = (sent, stream) => this.send({ ...sent, url: `${base}${sent.url}` }, stream);
    scoped.nextPhone = () => this.nextPhone();
    return scoped;
  }

  /** A phone number no one has registered yet. */
  nextPhone(): string {
    this.phones++;
    return `0171 ${String(1_000_000 + this.phones)}`;
  }

  /** A fresh operator's name and one-time password (`npm run operator -- add`). */
  async newOperator(): Promise<{ name: string; password: string }> {
    this.operators++;
    return addOperator(this.store, systemClock, `fuzz-${this.operators}`);
  }

  /** The session cookie (`name=value`) of a fresh operator's console. */
  async operatorCookie(): Promise<string> {
    return (await this.operatorSession()).cookie;
  }

  /** A fresh operator's console: its cookie and one-time password. */
  async operatorSession(): Promise<{ cookie: string; password: string }> {
    this.requests++;
    const operator = await this.newOperator();
    const response = await this.app.inject(toSent(post("/api/ops/session", operator)));
    if (response.statusCode !== 200) throw new Error(`operator sign-in: ${response.statusCode}`);
    const cookie = String(response.headers["set-cookie"]).split(";")[0] ?? "";
    return { cookie, password: operator.password };
  }

  /** A fresh anonymous player's token. */
  /** A fresh player at the fuzz pack's photo mission (station 16), its question asked. */
  async atMission(): Promise<string> {
    const hash = await this.signup();
    await this.ok(post("/api/game/station/activate", { StationID: MISSION_STATION, Hash: hash }));
    return hash;
  }

  /** A valid creation of an upload of `size` bytes for the mission, by `hash`. */
  uploadCreation(hash: string, size = 1000): Call {
    return { method: "POST", path: "/api/game/uploads", headers: creationHeaders(hash, size) };
  }

  /** Creates an upload; answers its path. */
  async createUpload(hash: string, size: number): Promise<string> {
    const creation = toSent(this.uploadCreation(hash, size));
    const response = await this.app.inject({ ...creation, url: `${this.base}${creation.url}` });
    this.requests++;
    const location = response.headers.location;
    if (response.statusCode !== 201 || typeof location !== "string") {
      throw new Error(`upload creation: ${response.statusCode} ${response.body}`);
    }
    return new URL(location, "http://localhost/api/game/uploads").pathname;
  }

  /** A fresh photo submission waiting for a host, as its sender's gallery lists it. */
  async submission(): Promise<z.infer<typeof submissionsResponse>["value"][number]> {
    const hash = await this.atMission();
    const photo = await fuzzPhoto();
    const path = await this.createUpload(hash, photo.byteLength);
    const sent = await this.app.inject({
      method: "PATCH",
      url: path,
      headers: {
        ...tusHeaders(hash),
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      payload: photo,
    });
    this.requests++;
    if (sent.statusCode !== 204) throw new Error(`upload: ${sent.statusCode} ${sent.body}`);
    const listed = submissionsResponse.parse(await this.ok(get("/api/game/submissions", { hash })))
      .value[0];
    if (!listed) throw new Error("no submission listed");
    return listed;
  }

  async signup(): Promise<string> {
    const answer = await this.ok(post("/api/account/player/optin/anon", { story_id: STORY }));
    return (answer as { value: string }).value;
  }

  /** Asks for a registration code for a fresh number; answers the number and the code. */
  async requestCode(): Promise<{ phone: string; code: string }> {
    const phone = this.nextPhone();
    await this.ok(
      post("/api/account/player/optin/sms", { first_name: "Lena", phone, story_id: STORY }),
    );
    const code = /\d{6}/.exec(await this.lastSms())?.[0];
    if (!code) throw new Error("no code in the last SMS");
    return { phone, code };
  }

  /** A fresh registered player: number, first password (the code) and token. */
  async register(): Promise<{ phone: string; code: string; token: string }> {
    const { phone, code } = await this.requestCode();
    const answer = await this.ok(
      post("/api/account/player/optin/sms/verify", { phone, smscode: code }),
    );
    return { phone, code, token: (answer as { value: string }).value };
  }

  /** The token of the reset link a fresh registered player gets by SMS. */
  async resetToken(): Promise<string> {
    const { phone } = await this.register();
    await this.ok(post("/api/account/player/changepass/phone", { Phone: phone }));
    const token = /token=([0-9a-f]+)/.exec(await this.lastSms())?.[1];
    if (!token) throw new Error("no reset link in the last SMS");
    return token;
  }

  /** The text of the newest SMS. */
  async lastSms(): Promise<string> {
    const outbox = (await this.ok(get("/api/dev/outbox"))) as { text: string }[];
    return outbox.at(-1)?.text ?? "";
  }

  async game(hash: string, path: string, body: Record<string, unknown>): Promise<unknown> {
    return this.ok(post(`/api/game/${path}`, { ...body, Hash: hash }));
  }

  /** The id of a fresh player at station 5 whose tap left a line for later there. */
  async playerWaitingForLine(): Promise<number> {
    const hash = await this.atStation(5);
    const [target] = await this.buttonTargets(hash);
    await this.game(hash, "button/activate", { StationID: 5, Button: target });
    const newest = (await this.store.repos.figures.players()).at(-1);
    if (!newest) throw new Error("no player");
    return newest.id;
  }

  /** The id of a fresh player at `station`. */
  async playerAtStation(station: number): Promise<number> {
    await this.atStation(station);
    const newest = (await this.store.repos.figures.players()).at(-1);
    if (!newest) throw new Error("no player");
    return newest.id;
  }

  /** The id of the pack's live version, the pack's folder taken as one first when none is. */
  async packVersion(): Promise<number> {
    const list = async () => {
      const answer = await this.send({
        ...toSent(get("/api/ops/pack/versions")),
        headers: OPS_BEARER,
      });
      return opsPackVersions.parse(JSON.parse(answer.body)).versions;
    };
    if ((await list()).length === 0)
      await this.ok({ ...post("/api/ops/content/reload", {}), headers: OPS_BEARER });
    const live = (await list()).find((version) => version.live);
    if (!live) throw new Error("no live version");
    return live.id;
  }

  /**
   * Saves `path` in the studio's draft (a text of its own) and answers the hash a save or a
   * removal of it must name.
   */
  async draftFile(path: string): Promise<string | null> {
    await this.packVersion();
    const draft = opsDraft.parse(
      await this.ok({ ...get("/api/ops/pack/draft"), headers: OPS_BEARER }),
    );
    const current = draft.files.find((file) => file.path === path)?.hash ?? null;
    const saved = opsDraftSaveOutcome.parse(
      await this.ok({
        method: "PUT",
        path: "/api/ops/pack/draft/file",
        body: { path, text: `Fuzz ${Math.random()}`, replaces: current },
        headers: OPS_BEARER,
      }),
    );
    if (!saved.ok) throw new Error(`draft file ${path} not saved`);
    return saved.file.hash;
  }

  /**
   * A station or story the studio makes in the draft (201): its folder and the hash of its
   * `yaml` (`station.yaml`, `story.yaml`), which its removal names.
   */
  async draftFolder(
    path: string,
    body: Record<string, unknown>,
    yaml: string,
  ): Promise<{ folder: string; replaces: string }> {
    await this.packVersion();
    const answer = await this.send(toSent({ ...post(path, body), headers: OPS_BEARER }));
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${answer.body}`);
    const { folder } = opsFolderCreated.parse(JSON.parse(answer.body));
    const draft = opsDraft.parse(
      await this.ok({ ...get("/api/ops/pack/draft"), headers: OPS_BEARER }),
    );
    const replaces = draft.files.find((file) => file.path === `${folder}/${yaml}`)?.hash ?? "";
    return { folder, replaces };
  }

  /** The hash of `path` in the studio's draft; null where it has none. */
  async draftHash(path: string): Promise<string | null> {
    await this.packVersion();
    const draft = opsDraft.parse(
      await this.ok({ ...get("/api/ops/pack/draft"), headers: OPS_BEARER }),
    );
    return draft.files.find((file) => file.path === path)?.hash ?? null;
  }

  /** A station's form as the studio reads it from the draft. */
  async stationEdit(folder: string): Promise<OpsStationEdit> {
    await this.packVersion();
    return opsStationEdit.parse(
      await this.ok({ ...get("/api/ops/pack/draft/station", { folder }), headers: OPS_BEARER }),
    );
  }

  /** The id of a news item just sent. */
  async newsItem(): Promise<number> {
    const sent = await this.send({
      ...toSent(post("/api/ops/news", { text: { de: "Hallo", en: "Hello" } })),
      headers: { ...OPS_BEARER, "content-type": JSON_TYPE },
    });
    return (JSON.parse(sent.body) as { id: number }).id;
  }

  /** A fresh player at `station`, which waits for an answer or a button. */
  async atStation(station: number): Promise<string> {
    const hash = await this.signup();
    await this.game(hash, "station/activate", { StationID: station });
    return hash;
  }

  /** A team invitation code of `hash`'s player. */
  async invitation(hash: string): Promise<string> {
    return ((await this.game(hash, "team/invite", {})) as { value: string }).value;
  }

  /** The targets of the buttons the player's station offers, read from the event stream. */
  async buttonTargets(hash: string): Promise<string[]> {
    const response = await this.app.inject({
      ...toSent(get("/api/game/events", { hash })),
      payloadAsStream: true,
    });
    const text = await this.readStream(response, "event: buttoninput-expected");
    return [...text.matchAll(/^data: (.*"Target".*)$/gm)].map(
      (line) => (JSON.parse(line[1] ?? "") as { Target: string }).Target,
    );
  }

  /** Reads an event stream until `until` has arrived (nothing for ""), then hangs up. */
  private async readStream(response: LightMyRequestResponse, until: string): Promise<string> {
    let text = "";
    try {
      if (until !== "") {
        for await (const chunk of response.stream()) {
          text += String(chunk);
          if (text.includes(until)) break;
        }
      }
    } finally {
      // The server's side of the connection: its stream leaves the hub.
      response.raw.res.destroy();
    }
    return text;
  }
}

function contentType(response: LightMyRequestResponse): string {
  return String(response.headers["content-type"] ?? "");
}

async function readAll(response: LightMyRequestResponse): Promise<string> {
  let text = "";
  for await (const chunk of response.stream()) text += String(chunk);
  return text;
}

/** Rate limits high enough for thousands of calls from one address. */
function generousLimits(): Partial<AccountLimits> {
  const limits: Record<string, unknown> = { smsCodeMaxTries: 1_000_000 };
  for (const [name, value] of Object.entries(defaultLimits)) {
    if (typeof value === "object") limits[name] = { ...value, limit: 1_000_000 };
  }
  return limits as Partial<AccountLimits>;
}

/** The demo with teams, and a station with a photo mission (station 16). */
async function fuzzPack(dir: string): Promise<ContentPack> {
  const packDir = join(dir, "pack");
  await cp(resolve(repoRoot, "content/demo"), packDir, { recursive: true });
  for (const [file, text] of Object.entries(MISSION_FILES)) {
    await mkdir(join(packDir, file, ".."), { recursive: true });
    await writeFile(join(packDir, file), text);
  }
  const pack = await loadContentPack(packDir);
  return { ...pack, settings: { ...pack.settings, teams: "required" } };
}

/**
 * Starts the test app with a built web app; answers it with its Fastify instance and every
 * route the instance registers (Fastify announces a new instance on a diagnostics channel, the
 * place for an `onRoute` hook before any route exists).
 */
async function startFuzzApp(database: "sqlite" | "postgres") {
  const tmp = await tempDir();
  const webDist = join(tmp.dir, "dist");
  await mkdir(join(webDist, "assets"), { recursive: true });
  await writeFile(join(webDist, "index.html"), "<!doctype html><title>Wegmarke</title>");
  await writeFile(join(webDist, "assets", "app-1a2b3c.js"), "console.log('app')");
  const consoleDist = join(tmp.dir, "console");
  await mkdir(join(consoleDist, "assets"), { recursive: true });
  await writeFile(join(consoleDist, "index.html"), "<!doctype html><title>Konsole</title>");
  const schema = database === "postgres" ? await createTestSchema() : undefined;

  const instances: FastifyInstance[] = [];
  const routes = new Set<string>();
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    instances.push(fastify);
    fastify.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    });
  };
  subscribe("fastify.initialization", onInstance);
  let app: TestApp;
  try {
    app = await startApp({
      ...(schema ? { database: schema.database } : { dbFile: `${tmp.dir}/db.sqlite` }),
      pack: await fuzzPack(tmp.dir),
      config: {
        ...{ webDist, consoleDist, corsOrigins: [FRIEND], operatorToken: OPS_TOKEN },
        push: { subject: "mailto:webmaster@localhost", services: [PUSH_SERVICE] },
      },
      limits: generousLimits(),
    });
  } finally {
    unsubscribe("fastify.initialization", onInstance);
  }
  const [fastify] = instances;
  if (instances.length !== 1 || !fastify) throw new Error("expected one Fastify instance");
  return {
    harness: new Harness(fastify, app.store),
    routes,
    close: async () => {
      await app.close();
      await schema?.drop();
      await tmp.remove();
    },
  };
}

describe("the request schemas", () => {
  it("bound every number, and every integer to the database's integer column", () => {
    const unbounded = requestSchemas().flatMap(([name, schema]) =>
      numericFields(schema)
        .filter(({ integer, min, max }) =>
          integer
            ? min === undefined || max === undefined || min < -MAX_COLUMN - 1 || max > MAX_COLUMN
            : min === undefined || max === undefined,
        )
        .map(({ path }) => `${name}.${path.join(".")}`),
    );
    expect(unbounded).toEqual([]);
  });
});

describe.each(["sqlite", "postgres"] as const)("every route on %s", (database) => {
  let harness: Harness;
  let routes: Set<string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ harness, routes, close } = await startFuzzApp(database));
  });
  afterAll(() => close());

  it("has a fuzz case for every registered route", () => {
    const cases = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    // Fastify adds a HEAD route to every GET route; the GET's case sends HEAD too.
    const uncovered = [...routes].filter(
      (r) => !cases.has(r) && !(r.startsWith("HEAD ") && routes.has(`GET ${r.slice(5)}`)),
    );
    expect(uncovered).toEqual([]);
    expect([...cases].filter((c) => !routes.has(c))).toEqual([]);
  });

  it("sends edge numbers to every request schema with numeric fields", () => {
    const named = new Set(CASES.map((c) => c.fields?.schema));
    const missed = requestSchemas()
      .filter(([, schema]) => numericFields(schema).length > 0 && !named.has(schema))
      .map(([name]) => name);
    expect(missed).toEqual([]);
  });

  it.each(CASES)("$method $route", { timeout: 60_000 }, async (routeCase) => {
    const { status } = routeCase;
    const accepted = (answer: Answer) =>
      status === undefined ? answer.status >= 200 && answer.status < 300 : answer.status === status;
    const sendValid = async (call: Call, when: string) => {
      const answer = await harness.send(toSent(call), routeCase.stream);
      expect(accepted(answer), `${when}: ${answer.status} ${answer.body.slice(0, 200)}`).toBe(true);
      if (call.method === "GET") {
        const head = await harness.send({ ...toSent(call), method: "HEAD" }, routeCase.stream);
        expect(accepted(head), `HEAD ${when}: ${head.status}`).toBe(true);
      }
    };

    let valid = await routeCase.valid(harness);
    await sendValid(valid, "valid request");
    valid = await routeCase.valid(harness);

    const failures: string[] = [];
    for (const mutation of mutationsOf(routeCase, valid)) {
      const answer = await harness.send(mutation.sent(valid), routeCase.stream);
      // The answer to a HEAD has no body, a refusal's reason included.
      const problem =
        routeCase.method === "HEAD"
          ? answer.status >= 500
            ? "server error"
            : undefined
          : problemOf(answer, mutation.status, routeCase.jsonRefusal);
      if (problem) {
        failures.push(
          `${mutation.label} -> ${answer.status} ${answer.body.slice(0, 160)}: ${problem}`,
        );
      }
      // A call that was taken may have used up what the valid request needs (a code, a player).
      if (answer.status < 400) valid = await routeCase.valid(harness);
    }
    expect(failures).toEqual([]);

    await sendValid(await routeCase.valid(harness), "valid request after the mutations");
  });

  it("is still ready after it all, and stayed within its bound of requests", async () => {
    const answer = await harness.send(toSent(get("/readyz")));
    expect([answer.status, answer.body]).toEqual([200, "ready"]);
    // About 24,200 per database (the studio's routes added 1,800, then its preview, texts, map
    // and the team page 2,500, then missions and Web Push, then the studio's folders 1,800,
    // then a station's script in another language and its picture 1,200, then the game
    // master's routes and the organisers' photos): a new mutation or route should
    // not make it many times that.
    expect(harness.requests, String(harness.requests)).toBeLessThan(MAX_REQUESTS);
  });
});
