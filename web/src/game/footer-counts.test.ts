import { describe, expect, it } from "vitest";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { footerMarker, stationsToRead, unreadInAllViews, unreadInViews } from "./footer-counts";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState } from "./play-state";
import { viewList } from "./view-list";

const status = playerStatus({
  Stations: {
    "1": station({ DisplayHint: { Style: "plain", View: "station" } }),
    "2": station({ DisplayHint: { Style: "plain", View: "email" } }),
  },
});
const plain = (overrides: Parameters<typeof station>[0]) =>
  station({ DisplayHint: { Style: "plain", View: "station" }, ...overrides });
const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };
const received = (e: ReturnType<typeof text>): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: t0,
});

describe("footer counts", () => {
  it("the footer shows stations with an unread-message count, per view", () => {
    const state = [
      received(event("playerstatus", status, null)),
      received(text(1, 1, "eins")),
      received(text(2, 1, "zwei")),
      received(text(3, 2, "Post")),
    ].reduce(gameReducer, initialPlayState(timing));
    expect(unreadInViews(state, ["station"])).toBe(2);
    expect(unreadInViews(state, ["email", "main"])).toBe(1);
  });

  it("counts only messages the lists lead to: not those of a station the status does not list", () => {
    const hidden = playerStatus({
      Stations: {
        ...status.Stations,
        "3": station({ Live: false }),
        "4": station({ GameState: { Done: false, Played: false, Visible: false } }),
      },
    });
    const state = [
      received(event("playerstatus", hidden, null)),
      received(text(1, 3, "offline")),
      received(text(2, 4, "unsichtbar")),
      received(text(3, 7, "unbekannt")),
      received(text(4, 1, "eins")),
    ].reduce(gameReducer, initialPlayState(timing));
    expect(unreadInViews(state, ["station"])).toBe(1);
    expect(unreadInAllViews(state)).toBe(1);
  });

  it("a done or secret station keeps its place in the lists while it has unread messages", () => {
    const finished = playerStatus({
      Stations: {
        "1": plain({ GameState: { Done: true, Played: true, Visible: true } }),
        "2": plain({
          Name: "geheim",
          GameState: { Done: false, Played: false, Visible: "secret" },
        }),
        "3": plain({ Name: "ruhig", GameState: { Done: true, Played: true, Visible: true } }),
        "10": station({
          Name: "spiel",
          DisplayHint: { Style: "plain", View: "main" },
          GameState: { Done: false, Played: false, Visible: "secret" },
        }),
      },
    });
    const state = [
      received(event("playerstatus", finished, null)),
      received(text(1, 1, "Bis bald!")),
      received(text(2, 2, "Psst")),
      received(text(3, 10, "Geheimes Spiel")),
    ].reduce(gameReducer, initialPlayState(timing));
    const listed = (view: "station" | "main", of = state) =>
      viewList(of.status, view, null, false, stationsToRead(of)).map(({ id }) => id);
    expect(listed("station")).toEqual([2, 1]);
    expect(listed("main")).toEqual([10]);
    expect(unreadInViews(state, ["station"])).toBe(2);
    expect(unreadInAllViews(state)).toBe(3);

    const read = [1, 2, 10].reduce(
      (was, stationId) => gameReducer(was, { type: "station-viewed", stationId }),
      state,
    );
    expect(listed("station", read)).toEqual([]);
    expect(listed("main", read)).toEqual([]);
    expect(unreadInAllViews(read)).toBe(0);
  });

  it("a station still typing its closing messages stays listed once done", () => {
    const typing = playerStatus({ CurrentStation: 1, ActiveStations: [1] });
    const state = [
      received(event("playerstatus", typing, null)),
      received(text(1, 1, "Genau!")),
      received(
        event(
          "playerstatus",
          playerStatus({
            Stations: { "1": station({ GameState: { Done: true, Played: true, Visible: true } }) },
          }),
          null,
        ),
      ),
    ].reduce(gameReducer, initialPlayState(timing));
    expect([...stationsToRead(state)]).toEqual([1]);
    expect(unreadInViews(state, ["station"])).toBe(0);
    expect(viewList(state.status, "station", null, false, stationsToRead(state))).toHaveLength(1);
  });

  it("the unseen count for a view is set to ! when new stations appear there", () => {
    expect(footerMarker(0, true)).toBe("!");
    expect(footerMarker(3, true)).toBe("3");
    expect(footerMarker(0, false)).toBeNull();
  });
});
