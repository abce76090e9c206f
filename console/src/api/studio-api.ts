/* The studio's calls: the draft, its files and forms, the check, the preview and publish. */
import {
  opsMapEdit,
  opsDraft,
  opsDraftCheck,
  opsDraftPublishOutcome,
  opsDraftSaveOutcome,
  opsDraftText,
  opsFolderCreated,
  opsFolderRemoved,
  opsGameEdit,
  opsGameTextsEdit,
  opsInkCompiled,
  opsStoryEdit,
  opsScriptCreated,
  opsStationCreated,
  opsStationEdit,
  opsPlaces,
  opsPreviewOutcome,
} from "@wegmarke/protocol";
import type {
  Language,
  OpsMapEdit,
  OpsMapForm,
  OpsDraft,
  OpsDraftCheck,
  OpsDraftPublishOutcome,
  OpsDraftSaveOutcome,
  OpsDraftText,
  OpsFolderCreated,
  OpsFolderRemoved,
  OpsGameEdit,
  OpsGameForm,
  OpsGameTextsEdit,
  OpsGameTextsForm,
  OpsInkCompiled,
  OpsStoryEdit,
  OpsStoryForm,
  OpsScriptCreated,
  OpsStationCreated,
  OpsStationEdit,
  OpsStationForm,
  OpsPlaces,
  OpsPreviewOutcome,
  OpsPreviewRequest,
} from "@wegmarke/protocol";
import { API_BASE, call } from "./client";

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

/** What players read in game.yaml (help, introduction, news texts, crest, privacy). */
export const getGameTexts = (signal?: AbortSignal): Promise<OpsGameTextsEdit> =>
  call("/pack/draft/texts", { schema: opsGameTextsEdit, ...(signal && { signal }) });

/** Saves the texts over the game.yaml of hash `replaces`: 200, or 409 with theirs. */
export const saveGameTexts = (
  form: OpsGameTextsForm,
  replaces: string,
): Promise<OpsDraftSaveOutcome> =>
  call("/pack/draft/texts", {
    method: "PUT",
    body: { form, replaces },
    schema: opsDraftSaveOutcome,
    accept: [409],
  });

/** A new station in the draft, from its title. */
export const createStation = (title: string): Promise<OpsStationCreated> =>
  call("/pack/draft/stations", { method: "POST", body: { title }, schema: opsStationCreated });

/** A station's dialogue in another language, begun from one it has, marked for translation. */
export const createScript = (folder: string, language: Language): Promise<OpsScriptCreated> =>
  call("/pack/draft/stations/script", {
    method: "POST",
    body: { folder, language },
    schema: opsScriptCreated,
  });

/** A copy of a station in the draft: the next number, its media with it. */
export const copyStation = (folder: string): Promise<OpsFolderCreated> =>
  call("/pack/draft/station/copy", { method: "POST", body: { folder }, schema: opsFolderCreated });

/** Removes a station's folder whose station.yaml the author saw with the hash `replaces`. */
export const removeStation = (folder: string, replaces: string): Promise<OpsFolderRemoved> =>
  call(`/pack/draft/station?${new URLSearchParams({ folder, replaces })}`, {
    method: "DELETE",
    schema: opsFolderRemoved,
  });

/** A new story in the draft, from its headline. */
export const createStory = (title: string): Promise<OpsFolderCreated> =>
  call("/pack/draft/stories", { method: "POST", body: { title }, schema: opsFolderCreated });

/** Removes a story's folder whose story.yaml the author saw with the hash `replaces`. */
export const removeStory = (folder: string, replaces: string): Promise<OpsFolderRemoved> =>
  call(`/pack/draft/story?${new URLSearchParams({ folder, replaces })}`, {
    method: "DELETE",
    schema: opsFolderRemoved,
  });

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

/** The map of the draft's game.yaml, with the pictures of map/ and the stations' places. */
export const getDraftMap = (signal?: AbortSignal): Promise<OpsMapEdit> =>
  call("/pack/draft/map", { schema: opsMapEdit, ...(signal && { signal }) });

/** Saves the map over the game.yaml of hash `replaces`: 200, or 409 with theirs. */
export const saveDraftMap = (form: OpsMapForm, replaces: string): Promise<OpsDraftSaveOutcome> =>
  call("/pack/draft/map", {
    method: "PUT",
    body: { form, replaces },
    schema: opsDraftSaveOutcome,
    accept: [409],
  });

/** The address of a medium as the draft has it (an uploaded map picture, say). */
export const draftMediumUrl = (path: string): string =>
  `${API_BASE}/pack/draft/media?${new URLSearchParams({ path })}`;

/** Places for a typed address, near the game's stations, named in the console's language. */
export const findPlaces = (
  q: string,
  lang: "de" | "en",
  signal?: AbortSignal,
): Promise<OpsPlaces> =>
  call(`/pack/draft/places?${new URLSearchParams({ q, lang })}`, {
    schema: opsPlaces,
    ...(signal && { signal }),
  });
