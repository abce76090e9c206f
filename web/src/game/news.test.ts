import { describe, expect, it } from "vitest";
import type { PlayerStatus } from "@wegmarke/protocol";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState } from "./play-state";
import type { PlayState } from "./play-state";
import {
  bellMarked,
  hasNewPoints,
  isNewPlayer,
  newestNewsId,
  newsShown,
  operatorNewsText,
  pickFixedText,
  recommendedStation,
  unseenNews,
  unseenOperatorNews,
} from "./news";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };
const plain = playerStatus({
  Stations: {
    "1": station({ DisplayHint: { Style: "plain", View: "station" } }),
    "2": station({ DisplayHint: { Style: "plain", View: "station" } }),
  },
});

function run(actions: GameAction[], state: PlayState = initialPlayState(timing)): PlayState {
  return actions.reduce(gameReducer, state);
}
const status = (overrides: Partial<PlayerStatus> = {}): GameAction => ({
  type: "server-event",
  event: event("playerstatus", { ...plain, ...overrides }, null),
  receivedAt: t0,
});
const recommendation = (id: number, stationId: number, Text: string, at = t0): GameAction => ({
  type: "server-event",
  event: event(
    "webtext-recommendation",
    {
      StationID: stationId,
      Originator: "Lena",
      Text,
      Timestamp: new Date(at).toISOString(),
      RecommendationID: `r-${id}`,
    },
    id,
  ),
  receivedAt: at,
});

/** A `news` event with the items of `ids` (newest first), and `Keep` when given last. */
function news(...args: (number | { keep: number[] })[]): GameAction {
  const ids = args.filter((arg): arg is number => typeof arg === "number");
  const keep = args.find((arg): arg is { keep: number[] } => typeof arg !== "number");
  return {
    type: "server-event",
    event: event(
      "news",
      {
        News: ids.map((id) => ({
          ID: id,
          Text: { de: `Nachricht ${id}`, en: `News ${id}` },
          Timestamp: new Date(t0).toISOString(),
        })),
        ...(keep && { Keep: keep.keep }),
      },
      null,
    ),
    receivedAt: t0,
  };
}

describe("news", () => {
  it("home shows the unseen news messages: recommendations newer than those it showed, newest first", () => {
    const state = run([
      status(),
      recommendation(1, 1, "Schau beim Schloss vorbei!"),
      { type: "server-event", event: text(2, 1, "Nur ein Gruß"), receivedAt: t0 },
      recommendation(3, 2, "Neu: die Kirche", t0 + 1000),
    ]);
    expect(unseenNews(state, null).map((message) => message.content)).toEqual([
      "Neu: die Kirche",
      "Schau beim Schloss vorbei!",
    ]);
    expect(unseenNews(state, 1).map((message) => message.content)).toEqual(["Neu: die Kirche"]);
    const shown = run([{ type: "seen", mark: newsShown(state, null) }], state);
    expect(unseenNews(shown, shown.seen.news)).toEqual([]);
  });

  it("the operators' news replace each other as sent, ring the bell until home showed them", () => {
    const state = run([status(), news(2, 1)]);
    expect(unseenOperatorNews(state, null).map((item) => item.ID)).toEqual([2, 1]);
    expect(bellMarked(state, null)).toBe(true);
    const shown = run([{ type: "seen", mark: newsShown(state, null) }], state);
    expect(bellMarked(shown, null)).toBe(false);
    // A withdrawn item goes; a new one rings again; the stream's last id stays.
    const again = run([news(3, 1)], shown);
    expect(unseenOperatorNews(again, again.seen.operatorNews).map((item) => item.ID)).toEqual([3]);
    expect(bellMarked(again, null)).toBe(true);
    expect(again.lastEventId).toBe(shown.lastEventId);
    const [item] = again.operatorNews;
    if (!item) throw new Error("no news");
    expect(operatorNewsText(item, "en")).toBe("News 3");
    expect(operatorNewsText(item, "de-formal")).toBe("Nachricht 3");
    // A reconnect opens with a status; the news event after it says what changed.
    expect(run([status({ BacklogUntil: 0 })], again).operatorNews).toHaveLength(2);
  });

  it("a news event with Keep changes the list the app holds: new items, and the kept ones", () => {
    const held = run([status(), news(3, 2, 1)]);
    expect(held.operatorNews.map((item) => item.ID)).toEqual([3, 2, 1]);
    // Opened with newsafter=3: nothing newer, item 2 was withdrawn meanwhile.
    const opened = run([status({ BacklogUntil: 0 }), news({ keep: [3, 1] })], held);
    expect(opened.operatorNews.map((item) => item.ID)).toEqual([3, 1]);
    expect(opened.operatorNews[0]?.Text.en).toBe("News 3");
    // A change: item 4 is new, item 1 went.
    const changed = run([news(4, { keep: [3] })], opened);
    expect(changed.operatorNews.map((item) => item.ID)).toEqual([4, 3]);
    expect(newestNewsId(changed.operatorNews)).toBe(4);
    expect(newestNewsId(run([news({ keep: [] })], changed).operatorNews)).toBeNull();
  });

  it("the bell is set on recommendations until home has shown them", () => {
    const state = run([status(), recommendation(1, 1, "Tipp")]);
    expect(bellMarked(state, null)).toBe(true);
    const shown = run([{ type: "seen", mark: newsShown(state, null) }], state);
    expect(bellMarked(shown, null)).toBe(false);
    const again = run([recommendation(2, 2, "Noch ein Tipp")], shown);
    expect(bellMarked(again, null)).toBe(true);
  });

  it("a recommendation leads to the station it names, else to the station that sent it", () => {
    const secret = { Done: false, Played: false, Visible: "secret" as const };
    const withSecret = playerStatus({
      Stations: {
        "5": station({
          Name: "alte-universitaet",
          DisplayHint: { Style: "plain", View: "main" },
        }),
        "6": station({ Name: "kilianskapelle", GameState: secret }),
        "7": station({ Name: "offline", Live: false }),
      },
    });
    const tip = (RecommendationID: string) =>
      run([
        status(withSecret),
        {
          type: "server-event",
          event: event(
            "webtext-recommendation",
            {
              StationID: 5,
              Originator: "Wilhelm",
              Text: "Tipp",
              Timestamp: new Date(t0).toISOString(),
              RecommendationID,
            },
            1,
          ),
          receivedAt: t0,
        },
      ]).stations["5"]?.messages[0];
    const named = tip("5:kilianskapelle");
    const unnamed = tip("5:line-1234abcd");
    const offline = tip("5:offline");
    if (!named || !unnamed || !offline) throw new Error("the recommendation did not arrive");
    expect(recommendedStation(withSecret, named)).toBe(6);
    expect(recommendedStation(withSecret, unnamed)).toBe(5);
    expect(recommendedStation(withSecret, offline)).toBe(5);
  });

  it("the bell is set on a nearby station other than the one home showed last", () => {
    const state = run([status()]);
    expect(bellMarked(state, null)).toBe(false);
    expect(bellMarked(state, 2)).toBe(true);
    const shown = run([{ type: "seen", mark: newsShown(state, 2) }], state);
    expect(bellMarked(shown, 2)).toBe(false);
    expect(bellMarked(shown, 1)).toBe(true);
  });

  it("the bell is set on arriving at a near station, even one home showed as nearby", () => {
    const state = run([status()]);
    const nearby = run([{ type: "seen", mark: newsShown(state, 2) }], state);
    expect(bellMarked(nearby, 2, null)).toBe(false);
    expect(bellMarked(nearby, 2, 2)).toBe(true);
    const arrived = run([{ type: "seen", mark: newsShown(nearby, 2, 2) }], nearby);
    expect(bellMarked(arrived, 2, 2)).toBe(false);
    expect(arrived.seen.arrived).toBe(2);
  });

  it("a link to a reward shows while points were earned after the points page was seen", () => {
    const state = run([status({ TotalPoints: 3 })]);
    expect(hasNewPoints(state)).toBe(true);
    const seen = run([{ type: "seen", mark: { kind: "points", points: 3 } }], state);
    expect(hasNewPoints(seen)).toBe(false);
    expect(hasNewPoints(run([status({ TotalPoints: 5 })], seen))).toBe(true);
  });

  it("without anything else home shows a random fixed text, the pack's news texts first", () => {
    expect(pickFixedText(["a", "b", "c"], ["x"], 0.5)).toBe("b");
    expect(pickFixedText(["a", "b", "c"], ["x"], 0.99)).toBe("c");
    expect(pickFixedText([], ["x", "y"], 0)).toBe("x");
  });

  it("offers the intro to a player without any progress", () => {
    expect(isNewPlayer(plain)).toBe(true);
    expect(isNewPlayer(null)).toBe(false);
    expect(isNewPlayer({ ...plain, CurrentStation: 1 })).toBe(false);
    const played = playerStatus({
      Stations: { "1": station({ GameState: { Done: false, Played: true } }) },
    });
    expect(isNewPlayer(played)).toBe(false);
  });

  it("marks are kept in the state and survive unrelated events", () => {
    const seen = run([status(), { type: "seen", mark: { kind: "story", storyId: 4 } }]);
    expect(run([status({ TotalPoints: 1 })], seen).seen.stories).toEqual([4]);
  });
});
