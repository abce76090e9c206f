import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { OpsThread } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeEventSource, fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { PlayerChat } from "./player-chat";

beforeEach(() => {
  localStorage.clear();
  fakeEventSource();
});

type Station = NonNullable<OpsThread["station"]>;

function threadAt(hint: Station["hint"], hintsUsed: number): OpsThread {
  return {
    player: { id: 7, name: "Anna", team: null },
    points: 4,
    station: {
      id: 1,
      title: "Der Marktplatz",
      waits: "answer",
      speakers: ["Lena", "Spielleitung"],
      hint,
      hintsUsed,
      knots: [],
    },
    waiting: [],
    awards: [],
    titles: { "1": "Der Marktplatz" },
    runs: { "1": "running" },
    lines: [],
  };
}

const giveButton = () => screen.findByRole("button", { name: "Give the next hint" });

describe("the game master's hint button", () => {
  it("gives the next hint at its cost, says so, and reads the chat again", async () => {
    let thread = threadAt({ cost: 2 }, 1);
    let answer: (response: Response) => void = () => undefined;
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(thread),
      "POST /api/ops/players/7/hint": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderView(<PlayerChat playerId={7} />);
    const button = await giveButton();
    expect(screen.getByRole("heading", { level: 2, name: "Hint" })).toBeTruthy();
    expect(screen.getByText("costs 2 points")).toBeTruthy();
    expect(screen.getByText("Hints taken: 1")).toBeTruthy();
    expect((screen.getByLabelText("without taking points") as HTMLInputElement).checked).toBe(
      false,
    );

    fireEvent.click(button);
    // One hint at a time: the button waits for the server's answer.
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(server.requests.find((r) => r.method === "POST")).toMatchObject({
      path: "/api/ops/players/7/hint",
      body: { stationId: 1, free: false },
    });
    thread = threadAt(null, 2);
    answer(json({ value: "ok" }));
    expect((await screen.findByRole("status")).textContent).toBe("Hint sent.");
    // The station has no hint left: the button goes, the count stays.
    await screen.findByText("Hints taken: 2");
    expect(screen.queryByRole("button", { name: "Give the next hint" })).toBeNull();
  });

  it("gives it without taking points when the host ticks the box", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadAt({ cost: 1 }, 0)),
      "POST /api/ops/players/7/hint": () => json({ value: "ok" }),
    });
    renderView(<PlayerChat playerId={7} />);
    const button = await giveButton();
    expect(screen.getByText("costs 1 point")).toBeTruthy();
    expect(screen.queryByText(/^Hints taken/)).toBeNull();
    fireEvent.click(screen.getByLabelText("without taking points"));
    fireEvent.click(button);
    await screen.findByText("Hint sent.");
    expect(server.requests.find((r) => r.method === "POST")?.body).toEqual({
      stationId: 1,
      free: true,
    });
  });

  it("says a free hint is free, in German too", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadAt({ cost: 0 }, 3)) });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await screen.findByRole("button", { name: "Nächsten Tipp geben" });
    expect(screen.getByText("kostenlos")).toBeTruthy();
    expect(screen.getByText("Tipps genommen: 3")).toBeTruthy();
    expect(screen.queryByLabelText("ohne Punktabzug")).toBeNull();
  });

  it("names the cost in German", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadAt({ cost: 1 }, 0)) });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await screen.findByRole("button", { name: "Nächsten Tipp geben" });
    expect(screen.getByText("kostet 1 Punkt")).toBeTruthy();
    expect(screen.getByLabelText("ohne Punktabzug")).toBeTruthy();
  });

  it("shows no hint block while the station offers none and gave none", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadAt(null, 0)) });
    renderView(<PlayerChat playerId={7} />);
    await screen.findByRole("heading", { level: 1, name: "Anna's chat" });
    expect(screen.queryByRole("heading", { name: "Hint" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Give the next hint" })).toBeNull();
    expect(screen.queryByText(/^Hints taken/)).toBeNull();
  });

  it("says why the server gave no hint", async () => {
    fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadAt({ cost: 2 }, 0)),
      "POST /api/ops/players/7/hint": () => text("the station offers no hint now", 409),
    });
    renderView(<PlayerChat playerId={7} />);
    fireEvent.click(await giveButton());
    expect((await screen.findByRole("alert")).textContent).toMatch(/offers no hint now/);
    expect(((await giveButton()) as HTMLButtonElement).disabled).toBe(false);
  });
});
