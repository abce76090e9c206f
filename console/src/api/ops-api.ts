import {
  auditPage,
  opsMe,
  opsNews,
  opsNewsAudience,
  opsNewsList,
  opsOverview,
  opsPlayersPage,
  opsMap,
  opsDraft,
  opsDraftCheck,
  opsDraftPublishOutcome,
  opsDraftSaveOutcome,
  opsDraftText,
  opsGameEdit,
  opsInkCompiled,
  opsStoryEdit,
  opsStationCreated,
  opsStationEdit,
  opsPackChanges,
  opsPackImportOutcome,
  opsPackVersions,
  opsPreviewOutcome,
  opsReloadOutcome,
} from "@wegmarke/protocol";
import type {
  AuditPage,
  Language,
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
  OpsDraft,
  OpsDraftCheck,
  OpsDraftPublishOutcome,
  OpsDraftSaveOutcome,
  OpsDraftText,
  OpsGameEdit,
  OpsGameForm,
  OpsInkCompiled,
  OpsStoryEdit,
  OpsStoryForm,
  OpsStationCreated,
  OpsStationEdit,
  OpsStationForm,
  OpsPackChanges,
  OpsPackImportOutcome,
  OpsPackVersions,
  OpsPlayersPage,
  OpsPreviewOutcome,
  OpsPreviewRequest,
  OpsReloadOutcome,
  OpsSessionRequest,
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
/** The stations' QR posters, one A4 page each, in `language`. */
export const postersUrl = (language: Language): string =>
  `${API_BASE}/stations/posters.pdf?language=${encodeURIComponent(language)}`;

/** What a call answers that has nothing to say (`{"value": "ok"}` or the like). */
const anyAnswer = z.unknown();

export const getMe = (): Promise<OpsMe> => call("/me", { schema: opsMe });

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

/** The studio's draft: the pack's files with the draft's changes. */
export const getDraft = (signal?: AbortSignal): Promise<OpsDraft> =>
  call("/pack/draft", { schema: opsDraft, ...(signal && { signal }) });

/** A text file of the draft, with the hash its save names. */
export const getDraftText = (path: string, signal?: AbortSignal): Promise<OpsDraftText> =>
  call(`/pack/draft/file?${new URLSearchParams({ path })}`, {
    schema: opsDraftText,
    ...(signal && { signal }),
  });

/** Saves a text file over `replaces`: 200, or 409 with the file another author saved. */
export const saveDraftText = (
  path: string,
  text: string,
  replaces: string | null,
): Promise<OpsDraftSaveOutcome> =>
  call("/pack/draft/file", {
    method: "PUT",
    body: { path, text, replaces },
    schema: opsDraftSaveOutcome,
    accept: [409],
  });

/** Removes a file of the draft last seen with `replaces`: 200, or 409 with theirs. */
export const removeDraftFile = (path: string, replaces: string): Promise<OpsDraftSaveOutcome> =>
  call(`/pack/draft/file?${new URLSearchParams({ path, replaces })}`, {
    method: "DELETE",
    schema: opsDraftSaveOutcome,
    accept: [409],
  });

/** A station's form as the draft has it, with the other stations' places. */
export const getStation = (folder: string, signal?: AbortSignal): Promise<OpsStationEdit> =>
  call(`/pack/draft/station?${new URLSearchParams({ folder })}`, {
    schema: opsStationEdit,
    ...(signal && { signal }),
  });

/** Saves a station's form over the station.yaml of hash `replaces`: 200, or 409 with theirs. */
export const saveStation = (
  folder: string,
  form: OpsStationForm,
  replaces: string,
): Promise<OpsDraftSaveOutcome> =>
  call("/pack/draft/station", {
    method: "PUT",
    body: { folder, form, replaces },
    schema: opsDraftSaveOutcome,
    accept: [409],
  });

/** A story's form as the draft has it, with the media of its folder. */
export const getStory = (folder: string, signal?: AbortSignal): Promise<OpsStoryEdit> =>
  call(`/pack/draft/story?${new URLSearchParams({ folder })}`, {
    schema: opsStoryEdit,
    ...(signal && { signal }),
  });

/** Saves a story's form over the story.yaml of hash `replaces`: 200, or 409 with theirs. */
export const saveStory = (
  folder: string,
  form: OpsStoryForm,
  replaces: string,
): Promise<OpsDraftSaveOutcome> =>
  call("/pack/draft/story", {
    method: "PUT",
    body: { folder, form, replaces },
    schema: opsDraftSaveOutcome,
    accept: [409],
  });

/** The game's settings as the draft's game.yaml has them. */
export const getGame = (signal?: AbortSignal): Promise<OpsGameEdit> =>
  call("/pack/draft/game", { schema: opsGameEdit, ...(signal && { signal }) });

/** Saves the game's settings over the game.yaml of hash `replaces`: 200, or 409 with theirs. */
export const saveGame = (form: OpsGameForm, replaces: string): Promise<OpsDraftSaveOutcome> =>
  call("/pack/draft/game", {
    method: "PUT",
    body: { form, replaces },
    schema: opsDraftSaveOutcome,
    accept: [409],
  });

/** A new station in the draft, from its title. */
export const createStation = (title: string): Promise<OpsStationCreated> =>
  call("/pack/draft/stations", { method: "POST", body: { title }, schema: opsStationCreated });

/** A script compiled as it stands, each problem with the name it most likely meant. */
export const compileInk = (path: string, text: string): Promise<OpsInkCompiled> =>
  call("/pack/draft/compile", { method: "POST", body: { path, text }, schema: opsInkCompiled });

/** The checks of `content:check` on the draft, by station. */
export const checkDraft = (): Promise<OpsDraftCheck> =>
  call("/pack/draft/check", { method: "POST", body: {}, schema: opsDraftCheck });

/** Makes the draft the live version on every instance: 200, or 422 with the check. */
export const publishDraft = (): Promise<OpsDraftPublishOutcome> =>
  call("/pack/draft/publish", {
    method: "POST",
    body: {},
    schema: opsDraftPublishOutcome,
    accept: [422],
  });

/**
 * Plays the draft in a preview game of its own (`desk`: every station from the list; `fast`:
 * delays and typing quicker; `start`: a script from a knot): its app's path, or 422 with the
 * check that keeps it from playing.
 */
export const previewDraft = (mode: OpsPreviewRequest): Promise<OpsPreviewOutcome> =>
  call("/pack/draft/preview", {
    method: "POST",
    body: mode,
    schema: opsPreviewOutcome,
    accept: [422],
  });

/** Forgets the draft's changes. */
export const discardDraft = (): Promise<OpsDraft> =>
  call("/pack/draft", { method: "DELETE", schema: opsDraft });

export function getAudit(before: number | undefined, limit: number): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set("before", String(before));
  return call(`/audit?${params}`, { schema: auditPage });
}
