import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../test/fake-event-source";
import { gameContent, gameStatus } from "../test/game-content";
import { renderApp } from "../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const now = () => new Date().toISOString();
const open = (path: string) => renderApp(path, { token: "abc", content: gameContent });

describe("route titles", () => {
  it.each([
    ["/", "Neuigkeiten"],
    ["/station", "Stationen"],
    ["/station/1", "Station"],
    ["/main", "Spiel"],
    ["/main/10", "Spiel"],
    ["/story", "Erzählstationen"],
    ["/story/9", "Erzählstationen"],
    ["/archive", "Archiv"],
    ["/custom", "Einträge"],
    ["/email", "Nachrichten"],
    ["/email/30", "Nachrichten"],
    ["/scoreboard", "Rangliste"],
    ["/points", "Punkte"],
    ["/stories", "Geschichten"],
    ["/stories/1", "Geschichten"],
    ["/intro", "Willkommen"],
    ["/help", "Tipps und Hilfe"],
    ["/privacy", "Datenschutz"],
    ["/organisers", "Spielleitung"],
  ])("%s has the title %s", async (path, title) => {
    open(path);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    await waitFor(() => expect(document.title).toBe(`${title} · Märchenhaftes Marburg`));
  });

  it.each([
    ["/login", "Willkommen"],
    ["/nirgendwo", "404 Nicht gefunden"],
  ])("%s, outside the game, has the title %s", async (path, title) => {
    renderApp(path, { content: gameContent });
    await waitFor(() => expect(document.title).toBe(`${title} · Märchenhaftes Marburg`));
  });

  it("the 404 page is titled 404 not found in each language's words", async () => {
    renderApp("/nirgendwo", { content: gameContent, config: { defaultLanguage: "en" } });
    await waitFor(() => expect(document.title).toBe("404 Not found · Märchenhaftes Marburg"));
    cleanup();
    renderApp("/nirgendwo", { content: gameContent, config: { defaultLanguage: "de-formal" } });
    await waitFor(() => expect(document.title).toBe("404 Nicht gefunden · Märchenhaftes Marburg"));
  });
});

describe("menu", () => {
  it("lists news, stations, stories, help and privacy; points is hidden", () => {
    open("/");
    fireEvent.click(screen.getByRole("button", { name: "Menü" }));
    const menu = screen.getByRole("navigation", { name: "Hauptmenü" });
    const links = within(menu)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links.slice(0, 5)).toEqual([
      "Neuigkeiten",
      "Stationen",
      "Geschichten",
      "Hilfe",
      "Datenschutz",
    ]);
    expect(links).not.toContain("Punkte");
  });

  it("arrows (Left and Right like Up and Down) move through the menu, Escape closes it and Tab does too", () => {
    open("/");
    const button = screen.getByRole("button", { name: "Menü" });
    fireEvent.click(button);
    const menu = screen.getByRole("navigation", { name: "Hauptmenü" });
    expect(document.activeElement?.textContent).toBe("Neuigkeiten");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Stationen");
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toBe("Neuigkeiten");
    fireEvent.keyDown(menu, { key: "ArrowRight" });
    expect(document.activeElement?.textContent).toBe("Stationen");
    fireEvent.keyDown(menu, { key: "ArrowLeft" });
    expect(document.activeElement?.textContent).toBe("Neuigkeiten");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("navigation", { name: "Hauptmenü" })).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole("navigation", { name: "Hauptmenü" }), { key: "Tab" });
    expect(screen.queryByRole("navigation", { name: "Hauptmenü" })).toBeNull();
    // The focus moved on past the menu, not back to the page.
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).not.toBe(button);
  });
});

describe("footer", () => {
  it("shows stations with an unread-message count and stories with an unseen count", async () => {
    open("/points");
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      stream().send(
        "webtext",
        { StationID: 20, Originator: "Archiv", Text: "Hallo", Timestamp: now() },
        2,
      );
    });
    const footer = screen.getByRole("navigation", { name: "Bereiche" });
    expect(
      await within(footer).findByRole("link", { name: /Geschichten.*1 neue Geschichte/ }),
    ).toBeTruthy();
    const more = within(footer).getByRole("button", { name: "Mehr" });
    expect(within(more).getByText("1")).toBeTruthy();
  });

  it("opens More with the game's other sections; arrows (Left and Right too) move, Escape and Tab close", () => {
    open("/");
    act(() => stream().send("playerstatus", gameStatus()));
    const more = screen.getByRole("button", { name: "Mehr" });
    fireEvent.click(more);
    const list = screen.getByRole("list", { name: "Weitere Bereiche" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Hauptgeschichte 1 offen",
      "Archiv 2 offen",
      "Weitere Stationen 1 offen",
      "Briefe 1 offen",
      "Punkte",
      "Rangliste",
      "Spielleitung",
    ]);
    expect(document.activeElement?.textContent).toBe("Hauptgeschichte 1 offen");
    fireEvent.keyDown(list, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Archiv 2 offen");
    fireEvent.keyDown(list, { key: "ArrowRight" });
    expect(document.activeElement?.textContent).toBe("Weitere Stationen 1 offen");
    fireEvent.keyDown(list, { key: "ArrowLeft" });
    expect(document.activeElement?.textContent).toBe("Archiv 2 offen");
    fireEvent.keyDown(list, { key: "Escape" });
    expect(screen.queryByRole("list", { name: "Weitere Bereiche" })).toBeNull();
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    fireEvent.keyDown(screen.getByRole("list", { name: "Weitere Bereiche" }), { key: "Tab" });
    expect(screen.queryByRole("list", { name: "Weitere Bereiche" })).toBeNull();
  });
});

describe("header bell", () => {
  it("is marked by a recommendation until home shows the news", async () => {
    open("/station");
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      stream().send(
        "webtext-recommendation",
        {
          StationID: 20,
          Originator: "Lena",
          Text: "Tipp",
          Timestamp: now(),
          RecommendationID: "r1",
        },
        2,
      );
    });
    const bell = screen.getByRole("link", { name: "Neuigkeiten – Neue Neuigkeiten" });
    expect(screen.getByTestId("bell-marker")).toBeTruthy();
    fireEvent.click(bell);
    await waitFor(() => expect(screen.queryByTestId("bell-marker")).toBeNull());
  });
});

describe("app badge", () => {
  it("is set to the unread total", async () => {
    const setAppBadge = vi.fn(async () => {});
    Object.defineProperty(navigator, "setAppBadge", { configurable: true, value: setAppBadge });
    Object.defineProperty(navigator, "clearAppBadge", {
      configurable: true,
      value: vi.fn(async () => {}),
    });
    open("/points");
    act(() => {
      stream().send("playerstatus", gameStatus(), 1);
      stream().send(
        "webtext",
        { StationID: 20, Originator: "Archiv", Text: "eins", Timestamp: now() },
        2,
      );
      stream().send(
        "webtext",
        { StationID: 21, Originator: "Archiv", Text: "zwei", Timestamp: now() },
        3,
      );
    });
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(2));
    Reflect.deleteProperty(navigator, "setAppBadge");
    Reflect.deleteProperty(navigator, "clearAppBadge");
  });
});
