import {
  auditPage,
  opsConversationView,
  opsGames,
  opsInbox,
  opsInboxMessage,
  opsClock,
  opsMe,
  opsNews,
  opsNewsAudience,
  opsNewsList,
  opsOverview,
  opsPlayersPage,
  opsThread,
  opsMap,
  opsPackChanges,
  opsPackImportOutcome,
  opsPackVersions,
  opsReloadOutcome,
  submissionQueueResponse,
} from "@wegmarke/protocol";
import type {
  AuditPage,
  OpsAwardRequest,
  OpsHintRequest,
  OpsJumpRequest,
  OpsLineRequest,
  OpsStationAccessRequest,
  OpsClock,
  OpsClockRequest,
  OpsThread,
  Language,
  OpsConversationView,
  OpsGames,
  OpsInbox,
  OpsInboxMessage,
  OpsMe,
  ExportSeparator,
  ExportTable,
  OpsNews,
  OpsNewsAudience,
  OpsNewsList,
  OpsMap,
  OpsNewsRequest,
  OpsOverview,
  OpsPasswordRequest,
  OpsPackChanges,
  OpsPackImportOutcome,
  OpsPackVersions,
  OpsPlayersPage,
  OpsReloadOutcome,
  OpsSessionRequest,
  SubmissionQueueResponse,
  VerdictRequest,
} from "@wegmarke/protocol";
import { z } from "zod";
import { API_BASE, call } from "./client";

/** The console's event stream (`overview`, `activity`, `news`). */
export const LIVE_URL = `${API_BASE}/live`;
/**
 * A table of the export as CSV, a plain download (the cookie goes along): `players` (one row
 * each) or `stations` (one per player and station, with the answers given).
 */
export function exportUrl(table: ExportTable, separator: ExportSeparator, timeZone: string) {
  return `${API_BASE}/export.csv?${new URLSearchParams({ table, separator, timeZone })}`;
}
/** Every mission's submission as a zip, its index with `separator` and times in `timeZone`. */
export function submissionsZipUrl(separator: ExportSeparator, timeZone: string) {
  return `${API_BASE}/submissions/export.zip?${new URLSearchParams({ separator, timeZone })}`;
}
/** The stations' QR posters, one A4 page each, in `language`. */
export const postersUrl = (language: Language): string =>
  `${API_BASE}/stations/posters.pdf?language=${encodeURIComponent(language)}`;

/** What a call answers that has nothing to say (`{"value": "ok"}` or the like). */
const anyAnswer = z.unknown();

export const getMe = (): Promise<OpsMe> => call("/me", { schema: opsMe });

/** The installation's games that play, for the header's choice (decisions/054). */
export const getGames = (signal?: AbortSignal): Promise<OpsGames> =>
  call("/games", { schema: opsGames, installation: true, ...(signal && { signal }) });

export const signIn = (body: OpsSessionRequest): Promise<OpsMe> =>
  call("/session", { method: "POST", body, schema: opsMe });

/** The signed-in operator's new password; answers who is signed in now. */
export const changePassword = (body: OpsPasswordRequest): Promise<OpsMe> =>
  call("/password", { method: "PUT", body, schema: opsMe });

export const signOut = (): Promise<unknown> =>
  call("/session", { method: "DELETE", schema: anyAnswer });

export const getOverview = (signal?: AbortSignal): Promise<OpsOverview> =>
  call("/overview", { schema: opsOverview, ...(signal && { signal }) });

/** The pack's base map and its stations, for the map of the teams. */
export const getMap = (signal?: AbortSignal): Promise<OpsMap> =>
  call("/map", { schema: opsMap, ...(signal && { signal }) });

export function getPlayers(
  query: { q: string; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<OpsPlayersPage> {
  const params = new URLSearchParams({
    q: query.q,
    limit: String(query.limit),
    offset: String(query.offset),
  });
  return call(`/players?${params}`, { schema: opsPlayersPage, ...(signal && { signal }) });
}

export const cancelStation = (playerId: number, stationId: number): Promise<unknown> =>
  call(`/players/${playerId}/stations/${stationId}/cancel`, {
    method: "POST",
    body: {},
    schema: anyAnswer,
  });

/** A player's chat as their app shows it, and where they are (the game master's page). */
export const getThread = (playerId: number, signal?: AbortSignal): Promise<OpsThread> =>
  call(`/players/${playerId}/thread`, { schema: opsThread, ...(signal && { signal }) });

/** A host's line in the player's running station, as one of its characters. */
export const sendLine = (playerId: number, line: OpsLineRequest): Promise<unknown> =>
  call(`/players/${playerId}/lines`, { method: "POST", body: line, schema: anyAnswer });

/** The riddle's next hint in the player's running station, at its cost or `free`. */
export const giveHint = (playerId: number, hint: OpsHintRequest): Promise<unknown> =>
  call(`/players/${playerId}/hint`, { method: "POST", body: hint, schema: anyAnswer });

/**
 * The player's running station goes on at a knot of its script, whatever it waited for; its
 * later lines of the old path go.
 */
export const jumpTo = (playerId: number, request: OpsJumpRequest): Promise<unknown> =>
  call(`/players/${playerId}/jump`, { method: "POST", body: request, schema: anyAnswer });

/**
 * Points a host awards the player (their team, in a team), or takes below 0, with the reason
 * the audit log and the player's page keep.
 */
export const awardPoints = (playerId: number, request: OpsAwardRequest): Promise<unknown> =>
  call(`/players/${playerId}/points`, { method: "POST", body: request, schema: anyAnswer });

/**
 * The host closes a station for the player (their team): their app hides it and does not start
 * it; a running one ends first. The reason goes to the audit log.
 */
export const closeStation = (
  playerId: number,
  stationId: number,
  request: OpsStationAccessRequest,
): Promise<unknown> =>
  call(`/players/${playerId}/stations/${stationId}/close`, {
    method: "POST",
    body: request,
    schema: anyAnswer,
  });

/**
 * The host opens a closed station for the player (their team) again, or a done one to be played
 * anew (its points count again once it is done again). The reason goes to the audit log.
 */
export const reopenStation = (
  playerId: number,
  stationId: number,
  request: OpsStationAccessRequest,
): Promise<unknown> =>
  call(`/players/${playerId}/stations/${stationId}/reopen`, {
    method: "POST",
    body: request,
    schema: anyAnswer,
  });

/** The next of a station's later lines (`#delay`) in the player's game, now. */
export const deliverNow = (playerId: number, stationId: number): Promise<unknown> =>
  call(`/players/${playerId}/deliver`, { method: "POST", body: { stationId }, schema: anyAnswer });

/** The game's start, the end in force, the pack's own end, and the server's time. */
export const getClock = (signal?: AbortSignal): Promise<OpsClock> =>
  call("/clock", { schema: opsClock, ...(signal && { signal }) });

/** A host sets the game's end (later, now) or goes back to the pack's (null): the new clock. */
export const setClockEnd = (body: OpsClockRequest): Promise<OpsClock> =>
  call("/clock", { method: "PUT", body, schema: opsClock });

export const getNews = (signal?: AbortSignal): Promise<OpsNewsList> =>
  call("/news", { schema: opsNewsList, ...(signal && { signal }) });

/** Whom news reach: every player, by language. */
export const getNewsAudience = (): Promise<OpsNewsAudience> =>
  call("/news/audience", { schema: opsNewsAudience });

export const sendNews = (body: OpsNewsRequest): Promise<OpsNews> =>
  call("/news", { method: "POST", body, schema: opsNews });

export const withdrawNews = (id: number): Promise<OpsNews> =>
  call(`/news/${id}`, { method: "DELETE", schema: opsNews });

/** 200 with the new version, or 422 with the pack's problems: both are answers to show. */
export const reloadContent = (): Promise<OpsReloadOutcome> =>
  call("/content/reload", { method: "POST", body: {}, schema: opsReloadOutcome, accept: [422] });

/** The pack's versions, newest first. */
export const getPackVersions = (signal?: AbortSignal): Promise<OpsPackVersions> =>
  call("/pack/versions", { schema: opsPackVersions, ...(signal && { signal }) });

/** What differs in a version from the one before it. */
export const getPackChanges = (id: number, signal?: AbortSignal): Promise<OpsPackChanges> =>
  call(`/pack/versions/${id}/changes`, { schema: opsPackChanges, ...(signal && { signal }) });

/** A version as a zip of the pack's folder, a plain download (the cookie goes along). */
export const packZipUrl = (id: number): string => `${API_BASE}/pack/versions/${id}/zip`;

/** A zip of a pack's folder becomes a version (not live): 200, or 422 with its problems. */
export const importPack = (zip: File): Promise<OpsPackImportOutcome> =>
  call("/pack/import", {
    method: "POST",
    body: new Blob([zip], { type: "application/zip" }),
    schema: opsPackImportOutcome,
    accept: [422],
  });

/** Makes a version live on every instance (publish, roll back): 200, or 422 with problems. */
export const releasePack = (id: number): Promise<OpsReloadOutcome> =>
  call(`/pack/versions/${id}/release`, {
    method: "POST",
    body: {},
    schema: opsReloadOutcome,
    accept: [422],
  });

export function getAudit(before: number | undefined, limit: number): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set("before", String(before));
  return call(`/audit?${params}`, { schema: auditPage });
}

/** The missions' submissions waiting for a host, oldest first, and how many wait in all. */
export const getSubmissionQueue = (
  signal?: AbortSignal,
): Promise<SubmissionQueueResponse["value"]> =>
  call("/submissions", { schema: submissionQueueResponse, ...(signal && { signal }) }).then(
    (answer) => answer.value,
  );

/** Approves or rejects a submission; 409 `submission judged` when another host was first. */
export const judgeSubmission = (id: number, body: VerdictRequest): Promise<unknown> =>
  call(`/submissions/${id}/verdict`, { method: "POST", body, schema: anyAnswer });

/** The players' conversations with the organisers: open ones first, then the newest. */
export const getInbox = (signal?: AbortSignal): Promise<OpsInbox> =>
  call("/inbox", { schema: opsInbox, ...(signal && { signal }) });

/** The conversation of a player's participant with the organisers, oldest message first. */
export const getConversation = (
  playerId: number,
  signal?: AbortSignal,
): Promise<OpsConversationView> =>
  call(`/players/${playerId}/organisers`, {
    schema: opsConversationView,
    ...(signal && { signal }),
  });

/** A host's answer to the player's participant; answers the message as the console shows it. */
export const replyToPlayer = (playerId: number, text: string): Promise<OpsInboxMessage> =>
  call(`/players/${playerId}/organisers`, {
    method: "POST",
    body: { text },
    schema: opsInboxMessage,
  });

/** Marks the conversation read up to the message `upTo`, for every host. */
export const markConversationRead = (playerId: number, upTo: number): Promise<unknown> =>
  call(`/players/${playerId}/organisers/read`, {
    method: "POST",
    body: { upTo },
    schema: anyAnswer,
  });
