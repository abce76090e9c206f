import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json, text } from "../../test/fake-server";
import { player } from "../../test/fixtures";
import { renderView } from "../../test/render";
import { PAGE_SIZE, PlayersView, SEARCH_DELAY_MS } from "./players";

const stuck = player({
  id: 7,
  name: "Anna",
  phone: "+•• ••• •••• 67",
  team: { id: 2, name: "Die Füchse" },
  currentStation: { id: 1, title: "Der Marktplatz" },
  points: 4,
  stationsDone: 1,
  online: true,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the player search", () => {
  it("searches once typing pauses, and pages through many", async () => {
    const server = fakeServer({
      "GET /api/ops/players": ({ url }) => {
        const q = url.searchParams.get("q");
        const offset = Number(url.searchParams.get("offset"));
        const total = q === "" ? 30 : 1;
        const count = Math.min(PAGE_SIZE, total - offset);
        return json({
          players: Array.from({ length: count }, (_, i) =>
            player({ id: offset + i + 1, name: q === "" ? `Wanderer ${offset + i + 1}` : "Anna" }),
          ),
          total,
        });
      },
    });
    renderView(<PlayersView />);
    expect((await screen.findByText(/^30 players/)).textContent).toBe("30 players (1–25)");
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("30 players (26–30)");
    expect(screen.getByRole("heading", { name: "Wanderer 26" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Search by name, team or number"), {
      target: { value: "An" },
    });
    fireEvent.change(screen.getByLabelText("Search by name, team or number"), {
      target: { value: "Anna " },
    });
    await act(async () => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    await screen.findByText("1 player");
    // "An" was never searched for: typing went on within the delay.
    expect(
      server.requests.map(({ query }) => [query.get("q"), query.get("offset"), query.get("limit")]),
    ).toEqual([
      ["", "0", String(PAGE_SIZE)],
      ["", String(PAGE_SIZE), String(PAGE_SIZE)],
      ["Anna", "0", String(PAGE_SIZE)],
    ]);
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });

  it("says when nobody matches, and shows a failed search's reason", async () => {
    let fail = false;
    fakeServer({
      "GET /api/ops/players": () =>
        fail ? text("database busy", 503) : json({ players: [], total: 0 }),
    });
    renderView(<PlayersView />);
    await screen.findByText("No player matches.");
    fail = true;
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The server answered 503: database busy",
    );
  });
});

describe("cancelling a player's station", () => {
  it("is offered for a player at a station only, asks first, and can be kept", async () => {
    fakeServer({
      "GET /api/ops/players": () => json({ players: [stuck, player()], total: 2 }),
    });
    renderView(<PlayersView />);
    const anna = (await screen.findByRole("heading", { name: "Anna" })).closest("li");
    if (anna === null) throw new Error("no card");
    expect(within(anna).getByText("At Der Marktplatz")).toBeTruthy();
    expect(within(anna).getByText("Team Die Füchse")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Cancel station" })).toHaveLength(1);

    const cancel = within(anna).getByRole("button", { name: "Cancel station" });
    fireEvent.click(cancel);
    const keep = within(anna).getByRole("button", { name: "Keep it" });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(within(anna).queryByRole("button", { name: "Yes, cancel it" })).toBeNull();
    expect(document.activeElement).toBe(cancel);
  });

  it("cancels on confirmation, says so and loads the list again", async () => {
    let cancelled = false;
    const server = fakeServer({
      "GET /api/ops/players": () =>
        json({
          players: [cancelled ? { ...stuck, currentStation: null } : stuck],
          total: 1,
        }),
      "POST /api/ops/players/7/stations/1/cancel": () => {
        cancelled = true;
        return json({ value: "ok" });
      },
    });
    renderView(<PlayersView />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel station" }));
    expect(
      screen.getByRole("group", {
        name: "Cancel “Der Marktplatz” for Anna? Their progress at this station is lost and they can start it again.",
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    await screen.findByText("“Der Marktplatz” of Anna was cancelled.");
    await waitFor(() => expect(screen.queryByText("At Der Marktplatz")).toBeNull());
    expect(server.requests.find((request) => request.method === "POST")?.body).toEqual({});
  });

  it("shows why a cancel failed and keeps the question", async () => {
    fakeServer({
      "GET /api/ops/players": () => json({ players: [stuck], total: 1 }),
      "POST /api/ops/players/7/stations/1/cancel": () => text("no such station", 404),
    });
    renderView(<PlayersView />, { language: "de" });
    fireEvent.click(await screen.findByRole("button", { name: "Station abbrechen" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, abbrechen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Der Server antwortete 404: no such station",
    );
    expect(screen.getByRole("button", { name: "Ja, abbrechen" })).toBeTruthy();
  });
});
