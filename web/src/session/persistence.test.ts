import { describe, expect, it } from "vitest";
import type { WebAppConfig } from "@wegmarke/protocol";
import type { ServerEvent } from "@wegmarke/protocol";
import { gameReducer, nextDueAt } from "../game/game-reducer";
import type { GameAction } from "../game/game-reducer";
import { messengerState } from "../game/messenger";
import { initialPlayState, stationLocal } from "../game/play-state";
import { event, playerStatus, t0, text } from "../test/fixtures";
import { testConfig } from "../test/render-app";
import { loadGame, saveGame } from "./game-cache";
import {
  cacheKeyPrefix,
  clearPersisted,
  configKey,
  startConfig,
  updateConfig,
} from "./persistence";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };
const server: WebAppConfig = {
  ...testConfig,
  allowGeolocation: true,
  unreadMessageDelayMs: 5000,
  timePerCharacterInMs: 15,
};

const received = (e: ServerEvent): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: t0,
});

function played() {
  let state = initialPlayState(timing);
  state = gameReducer(state, {
    type: "server-event",
    event: { id: null, type: "playerstatus", data: playerStatus({ CurrentStation: 1 }) },
    receivedAt: t0,
  });
  state = gameReducer(state, { type: "server-event", event: text(1, 1, "eins"), receivedAt: t0 });
  state = gameReducer(state, { type: "tick", now: t0 + 60 });
  return gameReducer(state, { type: "server-event", event: text(2, 1, "zwei"), receivedAt: t0 });
}

describe("persisted config", () => {
  it("holds debug, apiVersion, authToken, projectId, storyId, both bases and the last event id", () => {
    updateConfig(startConfig({ ...server, debug: true }), { authToken: "abc", lastEventId: 4 });
    expect(JSON.parse(localStorage.getItem(configKey) ?? "null")).toEqual({
      debug: true,
      apiVersion: 1,
      authToken: "abc",
      projectId: "marburg",
      storyId: "marburg",
      accountBase: "/api/account/",
      gameBase: "/api/game/",
      lastEventId: 4,
      language: null,
    });
  });

  it("keeps the token of a config stored before it held debug and projectId, and completes it", () => {
    const { debug, projectId, ...older } = { ...startConfig(server), authToken: "abc" };
    expect([debug, projectId]).toEqual([false, "marburg"]);
    localStorage.setItem(configKey, JSON.stringify(older));
    const start = startConfig(server);
    expect(start.authToken).toBe("abc");
    updateConfig(start, { language: "en" });
    expect(JSON.parse(localStorage.getItem(configKey) ?? "null")).toMatchObject({
      authToken: "abc",
      debug: false,
      projectId: "marburg",
      language: "en",
    });
  });

  it("after a logout, a change of language does not bring the old token back", () => {
    updateConfig(startConfig(server), { authToken: "abc" });
    const start = startConfig(server);
    clearPersisted("abc");
    updateConfig(start, { language: "en" });
    expect(startConfig(server)).toMatchObject({ authToken: null, language: "en" });
  });

  it("keeps the token, last event id and language of the same game", () => {
    updateConfig(startConfig(server), { authToken: "abc", lastEventId: 7, language: "en" });
    expect(startConfig(server)).toMatchObject({ authToken: "abc", lastEventId: 7, language: "en" });
  });

  it("drops the token of another game but keeps the language", () => {
    updateConfig(startConfig(server), { authToken: "abc", lastEventId: 7, language: "en" });
    expect(startConfig({ ...server, storyId: "kassel" })).toMatchObject({
      authToken: null,
      lastEventId: null,
      language: "en",
    });
  });

  it("ignores an unreadable stored config", () => {
    localStorage.setItem(configKey, "{nope");
    expect(startConfig(server).authToken).toBeNull();
  });
});

describe("game cache", () => {
  it("is stored under a key suffixed with the token, together with the config's last event id", () => {
    updateConfig(startConfig(server), { authToken: "abc" });
    saveGame("abc", played());
    expect(localStorage.getItem(`${cacheKeyPrefix}abc`)).not.toBeNull();
    expect(startConfig(server).lastEventId).toBe(2);
  });

  it("a reload resumes with every message, queued ones typed again", () => {
    saveGame("abc", played());
    const reloaded = loadGame("abc", timing, t0 + 60_000);
    expect(reloaded.lastEventId).toBe(2);
    expect(stationLocal(reloaded, 1).messages.map((message) => message.content)).toEqual(["eins"]);
    expect(stationLocal(reloaded, 1).queue.map((queued) => queued.message.content)).toEqual([
      "zwei",
    ]);
    expect(nextDueAt(reloaded)).toBe(t0 + 60_000 + 60);
  });

  it("without a cache starts empty, so the stream replays everything", () => {
    updateConfig(startConfig(server), { authToken: "abc", lastEventId: 9 });
    expect(loadGame("abc", timing, t0).lastEventId).toBeNull();
  });

  it("a reload after a tap whose stream came first offers no used button", () => {
    let state = played();
    for (const action of [
      received(event("buttongroup-start", { StationID: 1 }, 3)),
      received(event("webbutton", { StationID: 1, Target: "tipp", Text: "Einen Tipp" }, 4)),
      received(event("buttoninput-expected", { StationID: 1 }, 5)),
      received(text(6, 1, "Einen Tipp", { Originator: "user" })),
      received(event("answer-expected", { StationID: 1 }, 7)),
      { type: "button-sent", stationId: 1, sentAfterEventId: 5 } as const,
    ]) {
      state = gameReducer(state, action);
    }
    saveGame("abc", state);
    const reloaded = loadGame("abc", timing, t0 + 60_000);
    expect(messengerState(reloaded, 1)).toMatchObject({ buttons: [] });
    expect(stationLocal(reloaded, 1).expectingAnswer).toBe(true);
  });

  it("reads a cache of version 1, whose expectations shared one event id", () => {
    const { version, stations, member, ...rest } = played();
    expect(version).toBe(2);
    expect(member).toBeNull();
    const v1Stations = Object.fromEntries(
      Object.entries(stations).map(([id, { answerEventId, buttonEventId, ...local }]) => {
        expect([answerEventId, buttonEventId]).toEqual([null, null]);
        return [id, { ...local, expectingButton: true, expectationEventId: 2 }];
      }),
    );
    localStorage.setItem(
      `${cacheKeyPrefix}abc`,
      JSON.stringify({ ...rest, version: 1, stations: v1Stations }),
    );
    const loaded = loadGame("abc", timing, t0);
    expect(loaded.lastEventId).toBe(2);
    expect(stationLocal(loaded, 1)).toMatchObject({
      expectingButton: true,
      answerEventId: 2,
      buttonEventId: 2,
    });
    expect(stationLocal(loaded, 1).messages).toHaveLength(1);
  });

  it("logout removes the config and the token's cache", () => {
    updateConfig(startConfig(server), { authToken: "abc" });
    saveGame("abc", played());
    clearPersisted("abc");
    expect(localStorage.length).toBe(0);
  });
});
