import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { gameContent, gameStatus } from "../../test/game-content";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const open = (path = "/") => renderApp(path, { token: "abc", content: gameContent });
const at = (minute: number) => `2026-05-01T10:0${minute}:00.000Z`;

function sendNews(urgent = false) {
  stream().send("news", {
    News: [
      {
        ID: 1,
        Text: { de: "Heute erzählt die Märchenerzählerin an der Kirche." },
        StationID: 30,
        Timestamp: at(2),
        ...(urgent ? { Urgent: true as const } : {}),
      },
    ],
  });
}

describe("the news history", () => {
  it("lists the news home has shown already, newest first, each with its station's link", async () => {
    open();
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      stream().send(
        "webtext-recommendation",
        {
          StationID: 2,
          Originator: "Lena",
          Text: "Schau in deine Post!",
          Timestamp: at(1),
          RecommendationID: "2:tipp",
        },
        2,
      );
      sendNews();
    });
    // Home shows them once; the next visit no longer does.
    await screen.findByRole("region", { name: "Neuigkeiten" });
    const footer = screen.getByRole("navigation", { name: "Bereiche" });
    fireEvent.click(within(footer).getByRole("link", { name: "Stationen" }));
    await screen.findByRole("heading", { name: "Stationen", level: 1 });
    fireEvent.click(within(footer).getByRole("link", { name: "Neuigkeiten" }));
    fireEvent.click(await screen.findByRole("link", { name: "Alle Neuigkeiten" }));
    await screen.findByRole("heading", { name: "Alle Neuigkeiten", level: 1 });

    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [news, tip] = items as [HTMLElement, HTMLElement];
    expect(within(news).getByText("Von der Spielleitung")).toBeTruthy();
    expect(
      within(news).getByRole("link", { name: "Zu „Rosen für die Armen“" }).getAttribute("href"),
    ).toBe("/webapp/email/30");
    expect(within(tip).getByText("Schau in deine Post!")).toBeTruthy();
    expect(within(tip).getByRole("link", { name: /Zu „/ }).getAttribute("href")).toBe(
      "/webapp/station/2",
    );
  });

  it("says when there are no news yet", async () => {
    open("/news");
    act(() => stream().send("playerstatus", gameStatus(), 1));
    expect(await screen.findByTestId("news-empty")).toBeTruthy();
  });
});

describe("the urgent banner", () => {
  it("links to the station the news names", async () => {
    open("/station");
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      sendNews(true);
    });
    const banner = await screen.findByRole("alert");
    const link = await within(banner).findByRole("link", { name: "Zu „Rosen für die Armen“" });
    expect(link.getAttribute("href")).toBe("/webapp/email/30");
  });
});
