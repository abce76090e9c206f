import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../test/fake-event-source";
import { gameContent, gameStatus } from "../test/game-content";
import { renderApp } from "../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

describe("intro", () => {
  it("has 4 steps with a counter, previous and next, and a final button to the stories", async () => {
    renderApp("/intro", { token: "abc", content: gameContent });
    act(() => FakeEventSource.latest().send("playerstatus", gameStatus()));
    // The pack's steps, once its texts have loaded.
    expect(await screen.findByRole("heading", { name: "Hallo!" })).toBeTruthy();
    expect(screen.getByText("Schritt 1 von 4")).toBeTruthy();
    const back = screen.getByRole("button", { name: "Zurück" }) as HTMLButtonElement;
    expect(back.disabled).toBe(true);
    for (const step of [2, 3, 4]) {
      fireEvent.click(screen.getByRole("button", { name: "Weiter" }));
      expect(screen.getByText(`Schritt ${step} von 4`)).toBeTruthy();
    }
    expect(screen.getByRole("heading", { name: "Geschichten" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Weiter" })).toBeNull();
    expect(screen.getByRole("link", { name: "Zu den Geschichten" }).getAttribute("href")).toBe(
      "/webapp/stories",
    );
    fireEvent.click(screen.getByRole("button", { name: "Zurück" }));
    expect(screen.getByText("Schritt 3 von 4")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zur Geschichte" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zu den Stationen" }).getAttribute("href")).toBe(
      "/webapp/station",
    );
  });

  it("has 4 steps of its own where the pack has no intro", async () => {
    renderApp("/intro", { token: "abc" });
    expect(await screen.findByText("Schritt 1 von 4")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Willkommen!" })).toBeTruthy();
  });
});

describe("help", () => {
  it("is an accordion of headline and text with a link to the intro", async () => {
    renderApp("/help", { token: "abc", content: gameContent });
    const question = await screen.findByText("Wie starte ich?");
    const item = question.closest("details") as HTMLDetailsElement;
    expect(item.open).toBe(false);
    fireEvent.click(question);
    expect(item.open).toBe(true);
    expect(screen.getByText("Station starten").tagName).toBe("STRONG");
    expect(
      screen.getByRole("link", { name: "Einführung noch einmal ansehen" }).getAttribute("href"),
    ).toBe("/webapp/intro");
  });

  it("is open to anonymous visitors, with the link to the intro, which asks them to sign in", async () => {
    const { router } = renderApp("/help");
    expect(router.state.location.pathname).toBe("/webapp/help");
    expect(await screen.findByText("Wie starte ich eine Station?")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Einführung noch einmal ansehen" }));
    expect(router.state.location.pathname).toBe("/webapp/login");
    expect(router.state.location.search).toBe(`?target=${encodeURIComponent("/webapp/intro")}`);
  });
});

describe("privacy", () => {
  it("shows the pack's text with the provider's address and the retention rules", async () => {
    renderApp("/privacy", { content: gameContent });
    expect(await screen.findByText("Stadtmarketing Marburg GmbH")).toBeTruthy();
    expect(screen.getByText("35037 Marburg")).toBeTruthy();
    expect(screen.getByRole("link", { name: "datenschutz@example.org" }).getAttribute("href")).toBe(
      "mailto:datenschutz@example.org",
    );
    expect(screen.getByText("Wir speichern nur, was das Spiel braucht.")).toBeTruthy();
    expect(screen.getByText(/14 Tage nach der Registrierung automatisch gelöscht/)).toBeTruthy();
  });

  it("says so when the texts cannot be loaded, never that there is no notice, and tries again", async () => {
    let reachable = false;
    renderApp("/privacy", {
      content: gameContent,
      respond: ({ url }) =>
        url.includes("/content/") && !reachable ? new Response("down", { status: 503 }) : undefined,
    });
    expect(screen.getByText("Einen Moment …")).toBeTruthy();
    expect(await screen.findByText(/konnte nicht geladen werden/)).toBeTruthy();
    expect(screen.queryByText(/noch keine Datenschutzerklärung/)).toBeNull();
    reachable = true;
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await screen.findByText("Stadtmarketing Marburg GmbH")).toBeTruthy();
  });
});
