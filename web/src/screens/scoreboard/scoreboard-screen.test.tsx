import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ScoreboardResponse } from "@wegmarke/protocol";
import { FakeEventSource } from "../../test/fake-event-source";
import { gameStatus } from "../../test/game-content";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.instances = [];
});

const board: ScoreboardResponse = {
  value: {
    entries: [
      { rank: 1, name: "Lena", points: 7, stations: 3, isYou: false },
      { rank: 2, name: "Wanderer 4821", points: 5, stations: 2, isYou: true },
      { rank: 2, name: "Max & Team", points: 5, stations: 2, isYou: false },
    ],
    you: { rank: 2, name: "Wanderer 4821", points: 5, stations: 2, isYou: true },
  },
};

describe("scoreboard", () => {
  it("ranks players and teams by points from GET scoreboard and highlights the player's row", async () => {
    const { calls } = renderApp("/scoreboard", {
      token: "abc",
      respond: (call) => (call.url.includes("scoreboard") ? Response.json(board) : undefined),
    });
    const list = await screen.findByRole("list", { name: "Rangliste" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Platz 1Lena3 Stationen geschafft7 Punkte",
      "Platz 2Wanderer 4821Du2 Stationen geschafft5 Punkte",
      "Platz 2Max & Team2 Stationen geschafft5 Punkte",
    ]);
    expect(rows[1]?.getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("heading", { name: "Du bist auf Platz 2" })).toBeTruthy();
    expect(calls[0]?.url).toBe("/api/game/scoreboard?hash=abc");
  });

  it("is fetched again on the player's own playerstatus", async () => {
    const { calls } = renderApp("/scoreboard", {
      token: "abc",
      respond: (call) => (call.url.includes("scoreboard") ? Response.json(board) : undefined),
    });
    await screen.findByRole("list", { name: "Rangliste" });
    const before = calls.length;
    act(() => FakeEventSource.latest().send("playerstatus", gameStatus({ TotalPoints: 9 }), 1));
    await waitFor(() => expect(calls.length).toBe(before + 1));
  });

  it("is fetched again every 30 s while the page is visible, and when it becomes visible", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { calls } = renderApp("/scoreboard", {
      token: "abc",
      respond: (call) => (call.url.includes("scoreboard") ? Response.json(board) : undefined),
    });
    await screen.findByRole("list", { name: "Rangliste" });
    const fetched = () => calls.filter((call) => call.url.includes("scoreboard")).length;
    const before = fetched();
    act(() => void vi.advanceTimersByTime(29_999));
    expect(fetched()).toBe(before);
    act(() => void vi.advanceTimersByTime(1));
    expect(fetched()).toBe(before + 1);

    Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
    act(() => void vi.advanceTimersByTime(60_000));
    expect(fetched()).toBe(before + 1);
    Reflect.deleteProperty(document, "visibilityState");
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(fetched()).toBe(before + 2);
  });

  it("says so when it cannot be loaded", async () => {
    renderApp("/scoreboard", {
      token: "abc",
      respond: (call) =>
        call.url.includes("scoreboard") ? new Response("down", { status: 503 }) : undefined,
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText("Die Rangliste konnte nicht geladen werden.")).toBeTruthy();
  });
});
