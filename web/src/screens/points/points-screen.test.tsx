import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { station } from "../../test/fixtures";
import { gameContent, gameStatus } from "../../test/game-content";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();

describe("points", () => {
  it("shows the crest by finished stories, the total as a plural and the stars of finished stations", async () => {
    renderApp("/points", { token: "abc", content: gameContent });
    const status = gameStatus({
      TotalPoints: 5,
      Stories: { "1": { Name: "story-1", Done: true, Live: true } },
    });
    status.Stations["1"] = station({
      Points: 2,
      MaxPoints: 3,
      GameState: { Done: true, Played: true },
    });
    status.Stations["2"] = station({
      Name: "schloss",
      Points: 3,
      MaxPoints: 3,
      GameState: { Done: true, Played: true },
    });
    act(() => stream().send("playerstatus", status));
    const crest = await screen.findByRole("img", { name: "Dein Wappen" });
    expect(crest.getAttribute("src")).toBe("/assets/webapp-data/points/1.png");
    expect(screen.getByText("Ritterin")).toBeTruthy();
    expect(screen.getByText("5 Punkte")).toBeTruthy();
    expect(screen.getByText("1 Geschichte abgeschlossen")).toBeTruthy();
    const list = screen.getByRole("list");
    const rows = within(list).getAllByRole("listitem");
    // By their titles, not by the pack's internal names.
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "Das Landgrafenschloss",
      "Der Marktplatz",
    ]);
    const stars = within(rows[1] as HTMLElement).getByRole("img", { name: "2 von 3 Punkten" });
    expect(stars.querySelectorAll(".star--filled")).toHaveLength(2);
    expect(stars.querySelectorAll(".star")).toHaveLength(3);
  });

  it("shows a call to action without finished stations, and a single point in the singular", async () => {
    renderApp("/points", { token: "abc", content: gameContent });
    act(() => stream().send("playerstatus", gameStatus({ TotalPoints: 1 })));
    expect(await screen.findByText("1 Punkt")).toBeTruthy();
    expect(screen.getByText(/Du hast noch keine Station geschafft/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Station suchen" }).getAttribute("href")).toBe(
      "/webapp/station",
    );
    expect(await screen.findByText("Knappe")).toBeTruthy();
  });

  it("adds the points from the organisers as one more row, so that the rows add up", async () => {
    renderApp("/points", { token: "abc", content: gameContent });
    const status = gameStatus({ TotalPoints: 5, Awarded: 3 });
    status.Stations["1"] = station({
      Points: 2,
      MaxPoints: 3,
      GameState: { Done: true, Played: true },
    });
    act(() => stream().send("playerstatus", status));
    expect(await screen.findByText("5 Punkte")).toBeTruthy();
    const rows = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Der Marktplatz/),
      "Von der Spielleitung+3 Punkte",
    ]);
  });

  it("shows points the organisers took with a minus, and no such row without any", async () => {
    renderApp("/points", { token: "abc", content: gameContent });
    act(() => stream().send("playerstatus", gameStatus({ TotalPoints: 0, Awarded: -2 })));
    expect(await screen.findByText("\u22122 Punkte")).toBeTruthy();
    expect(screen.getByText("Von der Spielleitung")).toBeTruthy();
    const status = gameStatus({ TotalPoints: 2 });
    status.Stations["1"] = station({
      Points: 2,
      MaxPoints: 3,
      GameState: { Done: true, Played: true },
    });
    act(() => stream().send("playerstatus", status));
    expect(await screen.findByText("2 Punkte")).toBeTruthy();
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByText("Von der Spielleitung")).toBeNull();
  });

  it("never lists a station by its internal name while the texts are still on their way", async () => {
    renderApp("/points", {
      token: "abc",
      // The texts never come.
      respond: ({ url }) =>
        url.includes("/content/") ? new Response(new ReadableStream()) : undefined,
    });
    const status = gameStatus({ TotalPoints: 3 });
    status.Stations["2"] = station({
      Name: "schloss",
      Points: 3,
      MaxPoints: 3,
      GameState: { Done: true, Played: true },
    });
    act(() => stream().send("playerstatus", status));
    await screen.findByText("Einen Moment …");
    expect(screen.queryByText("schloss")).toBeNull();
  });
});
