import { describe, expect, it } from "vitest";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { footerMarker, unreadInViews } from "./footer-counts";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState } from "./play-state";

const status = playerStatus({
  Stations: {
    "1": station({ DisplayHint: { Style: "plain", View: "station" } }),
    "2": station({ DisplayHint: { Style: "plain", View: "email" } }),
  },
});
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
    ].reduce(
      gameReducer,
      initialPlayState({ timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 }),
    );
    expect(unreadInViews(state, ["station"])).toBe(2);
    expect(unreadInViews(state, ["email", "main"])).toBe(1);
  });

  it("default view is station (for a station the status does not name yet)", () => {
    const state = [received(event("playerstatus", status, null)), received(text(1, 7, "Hallo"))]
      .concat([{ type: "tick", now: t0 + 5000 }])
      .reduce(
        gameReducer,
        initialPlayState({ timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 }),
      );
    expect(unreadInViews(state, ["station"])).toBe(1);
  });

  it("the unseen count for a view is set to ! when new stations appear there", () => {
    expect(footerMarker(0, true)).toBe("!");
    expect(footerMarker(3, true)).toBe("3");
    expect(footerMarker(0, false)).toBeNull();
  });
});
