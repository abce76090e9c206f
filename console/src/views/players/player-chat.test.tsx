import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OpsThread } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, fakeEventSource, fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { CHAT_FALLBACK_MS, PlayerChat } from "./player-chat";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  fakeEventSource();
});

afterEach(() => {
  vi.useRealTimers();
});

const at = "2026-11-30T12:00:00.000Z";

function threadOf(lines: OpsThread["lines"], waits: "answer" | null = "answer"): OpsThread {
  return {
    player: { id: 7, name: "Anna", team: "Die Füchse" },
    points: 4,
    station: {
      id: 1,
      title: "Der Marktplatz",
      waits,
      speakers: ["Lena", "Spielleitung"],
      hint: null,
      hintsUsed: 0,
      knots: [],
    },
    waiting: [],
    awards: [],
    titles: { "1": "Der Marktplatz", "2": "Das Schloss" },
    runs: { "1": "running", "2": "done" },
    lines,
  };
}

const question = {
  id: 3,
  stationId: 1,
  from: "Lena",
  kind: "text" as const,
  text: "Welches Tier?",
  at,
};

describe("a player's chat for the game master", () => {
  it("shows the chat station by station, reads it again, and writes as the chosen speaker", async () => {
    let lines: OpsThread["lines"] = [
      { id: 1, stationId: 2, from: "Der Türmer", kind: "media", text: "stations/2/turm.jpg", at },
      { id: 2, stationId: 1, from: "user", kind: "text", text: "Hallo", name: "Ben", at },
      question,
    ];
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadOf(lines)),
      "POST /api/ops/players/7/lines": ({ body }) => {
        lines = [
          ...lines,
          {
            id: 4,
            stationId: 1,
            from: "Spielleitung",
            kind: "text",
            text: String((body as { text: string }).text),
            at,
          },
        ];
        return json({});
      },
    });
    renderView(<PlayerChat playerId={7} />);
    await screen.findByRole("heading", { level: 1, name: "Anna's chat (team Die Füchse)" });
    expect(screen.getByText("At Der Marktplatz: waits for an answer")).toBeTruthy();
    // The player's conversation with the organisers is one step away.
    expect(
      screen.getByRole("link", { name: "Messages to the organisers" }).getAttribute("href"),
    ).toBe("/ops/inbox?player=7");
    const sections = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      "Points",
      "Das Schloss",
      "Der Marktplatz",
      "Write in “Der Marktplatz”",
      "Stations",
    ]);
    expect(screen.getByText("[Media: stations/2/turm.jpg]")).toBeTruthy();
    // A member's answer shows under the member's name.
    expect(
      within(screen.getByText("Hallo").closest("li") ?? document.body).getByText("Ben"),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText("As"), { target: { value: "Spielleitung" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Braucht ihr Hilfe?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Sent as Spielleitung.");
    await screen.findByText("Braucht ihr Hilfe?");
    expect(server.requests.find((r) => r.method === "POST")?.body).toEqual({
      stationId: 1,
      from: "Spielleitung",
      text: "Braucht ihr Hilfe?",
    });
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");

    // What the player writes meanwhile appears as the server's watch tells of it.
    const watch = FakeEventSource.latest();
    expect(watch.url).toBe("/api/ops/players/7/watch");
    lines = [...lines, { id: 5, stationId: 1, from: "user", kind: "text", text: "Ein Hahn", at }];
    act(() => watch.emit("changed", {}));
    await screen.findByText("Ein Hahn");
    // Without the watch, the page still reads it again now and then.
    lines = [...lines, { id: 6, stationId: 1, from: "user", kind: "text", text: "Ein Gockel", at }];
    await act(async () => vi.advanceTimersByTime(CHAT_FALLBACK_MS));
    await screen.findByText("Ein Gockel");
  });

  it("sends a station's next later line now, and the list follows", async () => {
    let waiting: OpsThread["waiting"] = [
      { stationId: 2, count: 2, nextAt: "2026-11-30T12:05:00.000Z" },
    ];
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json({ ...threadOf([question]), waiting }),
      "POST /api/ops/players/7/deliver": () => {
        waiting = [];
        return json({});
      },
    });
    renderView(<PlayerChat playerId={7} />);
    await screen.findByText(/^Das Schloss: 2 lines wait, the next due at /);
    fireEvent.click(screen.getByRole("button", { name: "Send the next of “Das Schloss” now" }));
    await waitFor(() => expect(screen.queryByText("Lines for later")).toBeNull());
    expect(server.requests.find((r) => r.method === "POST")).toMatchObject({
      path: "/api/ops/players/7/deliver",
      body: { stationId: 2 },
    });
  });

  it("keeps lines a host uses often, puts one in the message, and forgets one", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadOf([question])) });
    const view = renderView(<PlayerChat playerId={7} />);
    const message = (await screen.findByLabelText("Message")) as HTMLTextAreaElement;
    expect(
      (screen.getByRole("button", { name: "Keep this line" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    for (const line of ["Schaut zur Uhr!", "Braucht ihr Hilfe?", "Schaut zur Uhr!"]) {
      fireEvent.change(message, { target: { value: line } });
      fireEvent.click(screen.getByRole("button", { name: "Keep this line" }));
    }
    const kept = () =>
      within(screen.getByRole("list", { name: "Kept lines (tap to use)" }))
        .getAllByRole("listitem")
        .map((item) => item.firstChild?.textContent);
    expect(kept()).toEqual(["Schaut zur Uhr!", "Braucht ihr Hilfe?"]);

    // Another visit of the page has them.
    view.unmount();
    renderView(<PlayerChat playerId={7} />);
    fireEvent.click(await screen.findByRole("button", { name: "Braucht ihr Hilfe?" }));
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(
      "Braucht ihr Hilfe?",
    );
    fireEvent.click(screen.getByRole("button", { name: "Forget “Schaut zur Uhr!”" }));
    expect(kept()).toEqual(["Braucht ihr Hilfe?"]);
  });

  it("says why a line was refused, and keeps what was typed", async () => {
    fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadOf([question])),
      "POST /api/ops/players/7/lines": () => text("the player does not run this station", 409),
    });
    renderView(<PlayerChat playerId={7} />);
    fireEvent.change(await screen.findByLabelText("Message"), { target: { value: "Hallo?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/does not run this station/);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Hallo?");
  });
});
