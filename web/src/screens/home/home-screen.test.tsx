import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
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
const open = (path = "/") => renderApp(path, { token: "abc", content: gameContent });
const now = () => new Date().toISOString();

function recommend(id: number, stationId: number, text: string) {
  stream().send(
    "webtext-recommendation",
    {
      StationID: stationId,
      Originator: "Lena",
      Text: text,
      Timestamp: now(),
      RecommendationID: `r${id}`,
    },
    id,
  );
}

describe("home", () => {
  it("shows a random fixed text from the pack when there is nothing else", async () => {
    renderApp("/", { token: "abc", content: { ...gameContent, stories: {} } });
    act(() => stream().send("playerstatus", gameStatus({ Stations: {} })));
    expect(await screen.findByText("Heute ist ein guter Tag für einen Spaziergang.")).toBeTruthy();
  });

  it("shows unseen news messages with a link to their station, once", async () => {
    open("/station");
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      recommend(2, 30, "Schau mal in deine **Post**!");
    });
    const footer = screen.getByRole("navigation", { name: "Bereiche" });
    fireEvent.click(within(footer).getByRole("link", { name: "Neuigkeiten" }));
    const news = await screen.findByRole("region", { name: "Neuigkeiten" });
    expect(within(news).getByText("Von Lena")).toBeTruthy();
    expect(within(news).getByText("Post").tagName).toBe("STRONG");
    fireEvent.click(await within(news).findByRole("link", { name: "Zu „Rosen für die Armen“" }));
    await screen.findByRole("heading", { name: "Rosen für die Armen" });
    fireEvent.click(within(footer).getByRole("link", { name: "Neuigkeiten" }));
    await screen.findByRole("link", { name: "Zur Stationsliste" });
    expect(screen.queryByRole("region", { name: "Neuigkeiten" })).toBeNull();
  });

  it("shows the operators' news at once in the player's language, and rings the bell elsewhere", async () => {
    open("/station");
    const news = (texts: string[]) =>
      stream().send("news", {
        News: texts.map((de, index) => ({
          ID: texts.length - index,
          Text: { de, en: `EN ${de}` },
          StationID: 30,
          Timestamp: now(),
        })),
      });
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      news(["Der Turm schließt um 18 Uhr.\nDas Finale ist am Markt."]);
    });
    expect(await screen.findByTestId("bell-marker")).toBeTruthy();
    const footer = screen.getByRole("navigation", { name: "Bereiche" });
    fireEvent.click(within(footer).getByRole("link", { name: "Neuigkeiten" }));
    const region = await screen.findByRole("region", { name: "Neuigkeiten" });
    expect(within(region).getByText("Von der Spielleitung")).toBeTruthy();
    expect(within(region).getByText("Der Turm schließt um 18 Uhr.").nextSibling?.nodeName).toBe(
      "BR",
    );
    expect(within(region).getByText("Das Finale ist am Markt.")).toBeTruthy();
    expect(
      within(region).getByRole("link", { name: "Zu „Rosen für die Armen“" }).getAttribute("href"),
    ).toBe("/webapp/email/30");
    await waitFor(() => expect(screen.queryByTestId("bell-marker")).toBeNull());
    // Sent while home is open: it appears there at once.
    act(() => news(["Neu: Kuchen im Café.", "Der Turm schließt um 18 Uhr."]));
    expect(await within(region).findByText("Neu: Kuchen im Café.")).toBeTruthy();
  });

  it("shows the operators' news like a chat text: bold, italic and links", async () => {
    open();
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      stream().send("news", {
        News: [
          {
            ID: 1,
            Text: { de: "**Heute Abend** Finale, *pünktlich*: https://example.org/finale." },
            Timestamp: now(),
          },
        ],
      });
    });
    const region = await screen.findByRole("region", { name: "Neuigkeiten" });
    expect(within(region).getByText("Heute Abend").tagName).toBe("STRONG");
    expect(within(region).getByText("pünktlich").tagName).toBe("EM");
    const link = within(region).getByRole("link", { name: "https://example.org/finale" });
    expect(link.getAttribute("href")).toBe("https://example.org/finale");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(region.textContent).not.toContain("**");
  });

  it("shows the active station", async () => {
    open();
    act(() =>
      stream().send("playerstatus", gameStatus({ CurrentStation: 2, ActiveStations: [2] })),
    );
    const active = await screen.findByRole("region", { name: "Deine aktive Station" });
    const link = await within(active).findByRole("link", { name: /Das Landgrafenschloss/ });
    expect(link.getAttribute("href")).toBe("/webapp/station/2");
  });

  it("links a new story and a reward", async () => {
    open();
    const status = gameStatus({ TotalPoints: 3 });
    status.Stations["1"] = station({ Points: 3, GameState: { Done: true, Played: true } });
    act(() => stream().send("playerstatus", status));
    const story = await screen.findByRole("region", {
      name: "Eine neue Geschichte ist freigeschaltet",
    });
    expect(within(story).getByRole("link").getAttribute("href")).toBe("/webapp/stories/1");
    const reward = screen.getByRole("region", { name: "Du hast neue Punkte gesammelt!" });
    expect(within(reward).getByRole("link").getAttribute("href")).toBe("/webapp/points");
    expect(screen.queryByText("Heute ist ein guter Tag für einen Spaziergang.")).toBeNull();
  });

  it("turns the new story's card over, then opens the story after 1 s", async () => {
    const { router } = open();
    const status = gameStatus();
    status.Stations["1"] = station({ Points: 3, GameState: { Done: true, Played: true } });
    act(() => stream().send("playerstatus", status));
    const story = await screen.findByRole("region", {
      name: "Eine neue Geschichte ist freigeschaltet",
    });
    const started = Date.now();
    fireEvent.click(within(story).getByRole("link"));
    expect(story.className).toContain("card--flipping");
    expect(router.state.location.pathname).toBe("/webapp");
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/stories/1"), {
      timeout: 2000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("offers the intro to a new player", async () => {
    open();
    act(() => stream().send("playerstatus", gameStatus()));
    expect((await screen.findByRole("link", { name: "So geht's" })).getAttribute("href")).toBe(
      "/webapp/intro",
    );
  });

  it("waits for the player's status, whose cards would push the rest down", async () => {
    open();
    expect(await screen.findByText("Einen Moment …")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Zur Stationsliste" })).toBeNull();
    act(() => stream().send("playerstatus", gameStatus()));
    await screen.findByRole("link", { name: "So geht's" });
    expect(screen.getByRole("link", { name: "Zur Stationsliste" })).toBeTruthy();
  });
});
