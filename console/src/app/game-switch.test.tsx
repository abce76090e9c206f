import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json, text } from "../test/fake-server";

const KEY = "wegmarke.ops.game";

const games = {
  games: [
    { name: "default", title: "Fairy-tale Marburg", first: true, app: "/webapp/" },
    { name: "hafen", title: "Harbour walk", first: false, app: "/g/hafen/webapp/" },
  ],
};

/**
 * The switch (or, `elsewhere`, the page of an operator who does not see the game) as the
 * console loads it with `stored` as the browser's kept choice.
 */
async function renderSwitch(stored: string | null, elsewhere = false) {
  if (stored === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, stored);
  vi.resetModules();
  const { GameElsewhere, GameSwitch } = await import("./game-switch");
  const client = await import("../api/client");
  // The console's modules of this load, its i18n among them.
  const { renderView } = await import("../test/render");
  renderView(elsewhere ? <GameElsewhere onSignOut={() => undefined} /> : <GameSwitch />);
  return client.API_BASE;
}

beforeEach(() => {
  // Choosing a game starts the console over; jsdom only says it cannot navigate.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  localStorage.removeItem(KEY);
  vi.restoreAllMocks();
});

describe("the header's choice of game", () => {
  it("lists the installation's games and keeps the one chosen, whose API the console calls", async () => {
    const server = fakeServer({ "GET /api/ops/games": () => json(games) });
    expect(await renderSwitch(null)).toBe("/api/ops");
    const select = await screen.findByLabelText("Game");
    expect((select as HTMLSelectElement).value).toBe("default");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Fairy-tale Marburg",
      "Harbour walk",
    ]);
    fireEvent.change(select, { target: { value: "hafen" } });
    expect(localStorage.getItem(KEY)).toBe("hafen");
    expect(server.requests.map((request) => request.path)).toEqual(["/api/ops/games"]);
  });

  it("shows the chosen game, lists the games from the installation's API and goes back to the first", async () => {
    const server = fakeServer({ "GET /api/ops/games": () => json(games) });
    expect(await renderSwitch("hafen")).toBe("/g/hafen/api/ops");
    const select = await screen.findByLabelText("Game");
    expect((select as HTMLSelectElement).value).toBe("hafen");
    fireEvent.change(select, { target: { value: "default" } });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(server.requests.map((request) => request.path)).toEqual(["/api/ops/games"]);
  });

  it("gives way to the first game when the chosen one no longer plays", async () => {
    fakeServer({ "GET /api/ops/games": () => json({ games: games.games.slice(0, 1) }) });
    await renderSwitch("hafen");
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    expect(screen.queryByLabelText("Game")).toBeNull();
  });

  it("is not there with one game, nor when the list does not come", async () => {
    fakeServer({ "GET /api/ops/games": () => json({ games: games.games.slice(0, 1) }) });
    await renderSwitch(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText("Game")).toBeNull();
    fakeServer({ "GET /api/ops/games": () => text("operator sign-in required", 401) });
    await renderSwitch(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText("Game")).toBeNull();
  });

  it("takes an operator who does not see the game to one they see, the first if they see it", async () => {
    const hafen = games.games.slice(1);
    fakeServer({ "GET /api/ops/games": () => json({ games: hafen }) });
    await renderSwitch(null, true);
    await waitFor(() => expect(localStorage.getItem(KEY)).toBe("hafen"));
    fakeServer({ "GET /api/ops/games": () => json(games) });
    await renderSwitch("gone", true);
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    // The header's switch does the same with a chosen game the operator no longer sees.
    fakeServer({ "GET /api/ops/games": () => json({ games: hafen }) });
    await renderSwitch(null);
    await waitFor(() => expect(localStorage.getItem(KEY)).toBe("hafen"));
  });

  it("names the one game an operator sees where it is not the first, with no choice", async () => {
    fakeServer({ "GET /api/ops/games": () => json({ games: games.games.slice(1) }) });
    await renderSwitch("hafen");
    await screen.findByText("Game: Harbour walk");
    expect(screen.queryByLabelText("Game")).toBeNull();
  });

  it("tells an operator who sees no game that none is theirs yet", async () => {
    fakeServer({ "GET /api/ops/games": () => json({ games: [] }) });
    await renderSwitch(null, true);
    expect((await screen.findByRole("status")).textContent).toBe(
      "No game is yours yet: an admin of this installation gives you a role in one.",
    );
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("goes back to the first game when the one the browser kept has ended", async () => {
    localStorage.setItem(KEY, "museum");
    const server = fakeServer({
      "GET /g/museum/api/ops/me": () => text('the game "museum" has ended', 410),
    });
    vi.resetModules();
    const { App } = await import("./app");
    const { renderView } = await import("../test/render");
    renderView(<App />);
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    expect(server.requests.map((request) => request.path)).toEqual(["/g/museum/api/ops/me"]);
  });
});
