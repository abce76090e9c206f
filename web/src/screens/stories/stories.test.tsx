import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { station } from "../../test/fixtures";
import { gameContent, gameStatus } from "../../test/game-content";
import { renderApp } from "../../test/render-app";

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();

function withOneStation(stories = {}) {
  const status = gameStatus({ TotalPoints: 2, Stories: stories });
  status.Stations["1"] = station({ Points: 2, GameState: { Done: true, Played: true } });
  return status;
}

describe("stories", () => {
  it("shows cards for the stories the player's stations with points unlock", async () => {
    renderApp("/stories", { token: "abc", content: gameContent });
    act(() => stream().send("playerstatus", withOneStation()));
    const cards = await screen.findAllByRole("link", { name: /Elisabeth|Landgraf|Uhr/ });
    expect(cards.map((card) => card.textContent)).toEqual([
      "Die Rosen der Elisabeth",
      "Der Landgraf und die Universität",
    ]);
    expect(
      screen.getByText("Noch 4 Stationen mit Punkten bis zur nächsten Geschichte."),
    ).toBeTruthy();
  });

  it("opening an unseen story flips its card, then navigates after 1 s", async () => {
    const { router } = renderApp("/stories", { token: "abc", content: gameContent });
    act(() => stream().send("playerstatus", withOneStation()));
    const link = await screen.findByRole("link", { name: "Der Landgraf und die Universität" });
    const started = Date.now();
    fireEvent.click(link);
    expect(link.closest("article")?.className).toContain("story-card--flipping");
    expect(router.state.location.pathname).toBe("/webapp/stories");
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/stories/2"), {
      timeout: 2000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("stories activate on open when live and not done, and count as seen", async () => {
    const { calls, router } = renderApp("/stories/2", { token: "abc", content: gameContent });
    act(() => stream().send("playerstatus", withOneStation()));
    expect(
      await screen.findByRole("heading", { name: "Der Landgraf und die Universität" }),
    ).toBeTruthy();
    expect(screen.getByText("Kapitel 2")).toBeTruthy();
    expect(screen.getByText("Landgräfin").tagName).toBe("STRONG");
    expect(screen.getByRole("group", { name: "Der Landgraf und die Universität" })).toBeTruthy();
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        url: "/api/game/story/activate",
        body: { StationID: 2, Hash: "abc" },
      }),
    );
    // Seen now: back in the list it opens without the flip.
    fireEvent.click(screen.getByRole("link", { name: "Alle Geschichten" }));
    fireEvent.click(await screen.findByRole("link", { name: "Der Landgraf und die Universität" }));
    expect(router.state.location.pathname).toBe("/webapp/stories/2");
  });

  it("a done story is not activated again", async () => {
    const { calls } = renderApp("/stories/1", { token: "abc", content: gameContent });
    act(() =>
      stream().send(
        "playerstatus",
        withOneStation({ "1": { Name: "story-1", Done: true, Live: true } }),
      ),
    );
    await screen.findByRole("heading", { name: "Die Rosen der Elisabeth" });
    expect(calls.filter((call) => call.url.includes("story/activate"))).toEqual([]);
  });

  it("a locked story is not available", async () => {
    renderApp("/stories/3", { token: "abc", content: gameContent });
    act(() => stream().send("playerstatus", withOneStation()));
    expect(await screen.findByText("Nicht verfügbar")).toBeTruthy();
  });
});
