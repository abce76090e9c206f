import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@wegmarke/protocol";
import { event, playerStatus, t0 } from "../test/fixtures";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState, stationLocal } from "./play-state";
import type { PlayState } from "./play-state";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };

function run(actions: GameAction[], state: PlayState = initialPlayState(timing)): PlayState {
  return actions.reduce(gameReducer, state);
}

const received = (e: ServerEvent): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: t0,
});

const opening = (member?: string) =>
  received(
    event(
      "playerstatus",
      playerStatus({
        CurrentStation: 1,
        HasTeam: member !== undefined,
        BacklogUntil: 0,
        ...(member !== undefined && { Member: member }),
      }),
      null,
    ),
  );

const echo = (id: number, text: string, member?: string, name?: string) =>
  received(
    event(
      "webtext",
      {
        StationID: 1,
        Originator: "user",
        Text: text,
        Timestamp: new Date(t0).toISOString(),
        ...(member !== undefined && { Member: member }),
        ...(name !== undefined && { Name: name }),
      },
      id,
    ),
  );

describe("answers in a team", () => {
  it("the stream's opening status tells the member key of this device's player", () => {
    expect(run([opening("a-key")]).member).toBe("a-key");
    expect(run([opening("a-key"), opening()]).member).toBeNull();
  });

  it("a teammate's answer carries the teammate's name, is unread, and is not typed", () => {
    const state = run([opening("a-key"), echo(1, "Gockel", "b-key", "Ben")]);
    expect(stationLocal(state, 1).messages).toMatchObject([
      { originator: "user", content: "Gockel", author: "Ben", unread: true },
    ]);
  });

  it("the own answer stays the player's own, in a team and alone", () => {
    const inTeam = run([opening("a-key"), echo(1, "Gockel", "a-key", "Anna")]);
    const alone = run([opening(), echo(1, "Gockel")]);
    for (const state of [inTeam, alone]) {
      const [own] = stationLocal(state, 1).messages;
      expect(own).toMatchObject({ originator: "user", unread: false });
      expect(own?.author).toBeUndefined();
    }
  });

  it("the answer of a member who has left the team since is a teammate's without a name", () => {
    const state = run([opening("a-key"), echo(1, "Gockel", "b-key")]);
    expect(stationLocal(state, 1).messages).toMatchObject([
      { originator: "user", content: "Gockel", author: "" },
    ]);
  });
});
