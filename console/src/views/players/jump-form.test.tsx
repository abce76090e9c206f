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

function threadAt(knots: string[], team: string | null = null): OpsThread {
  return {
    player: { id: 7, name: "Anna", team },
    points: 4,
    station: {
      id: 1,
      title: "Der Marktplatz",
      waits: "answer",
      speakers: ["Lena", "Spielleitung"],
      hint: null,
      hintsUsed: 0,
      knots,
    },
    waiting: [],
    awards: [],
    titles: { "1": "Der Marktplatz" },
    runs: { "1": "running" },
    lines: [],
  };
}

const KNOTS = ["start", "frage", "ende"];
const askButton = () => screen.findByRole("button", { name: "Continue at this knot…" });
const threadReads = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === "GET" && r.path === "/api/ops/players/7/thread")
    .length;

/** Chooses `knot` and presses the button that asks. */
async function choose(knot: string) {
  const ask = await askButton();
  fireEvent.change(screen.getByLabelText("Continue at knot"), { target: { value: knot } });
  fireEvent.click(ask);
}

describe("the game master's jump to a knot", () => {
  it("shows nothing while the script has no knot to go to", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadAt([])) });
    renderView(<PlayerChat playerId={7} />);
    await screen.findByRole("heading", { level: 1, name: "Anna's chat" });
    expect(screen.queryByRole("heading", { name: "Direct the story" })).toBeNull();
    expect(screen.queryByLabelText("Continue at knot")).toBeNull();
    expect(screen.queryByRole("button", { name: "Continue at this knot…" })).toBeNull();
  });

  it("lists the script's knots in its order and asks before it sends", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadAt(KNOTS, "Die Füchse")),
    });
    renderView(<PlayerChat playerId={7} />);
    await askButton();
    expect(screen.getByRole("heading", { level: 2, name: "Direct the story" })).toBeTruthy();
    const select = screen.getByLabelText("Continue at knot") as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(KNOTS);
    expect(select.value).toBe("start");

    await choose("frage");
    expect(
      screen.getByText(
        "Station “Der Marktplatz” goes on at “frage” for Die Füchse. What it asks now is " +
          "dropped; its later lines will not come.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes, continue at “frage”" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue at this knot…" })).toBeNull();
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("sends nothing when the host cancels, and asks no more", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadAt(KNOTS)),
    });
    renderView(<PlayerChat playerId={7} />);
    await choose("ende");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await askButton()).toBeTruthy();
    expect(screen.queryByText(/goes on at “ende”/)).toBeNull();
    expect(screen.queryByRole("button", { name: /^Yes, continue/ })).toBeNull();
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("on yes goes on at the knot, says so, and reads the chat again", async () => {
    let answer: (response: Response) => void = () => undefined;
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadAt(KNOTS)),
      "POST /api/ops/players/7/jump": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderView(<PlayerChat playerId={7} />);
    await choose("frage");
    expect(screen.getByText(/for Anna\. What it asks now/)).toBeTruthy();
    const yes = screen.getByRole("button", { name: "Yes, continue at “frage”" });
    fireEvent.click(yes);
    // One jump at a time: the buttons wait for the server's answer.
    await waitFor(() => expect((yes as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([
      expect.objectContaining({
        path: "/api/ops/players/7/jump",
        body: { stationId: 1, knot: "frage" },
      }),
    ]);
    const reads = threadReads(server);
    answer(json({ value: "ok" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "The dialogue goes on at “frage”.",
    );
    await waitFor(() => expect(threadReads(server)).toBe(reads + 1));
    expect(screen.queryByRole("button", { name: /^Yes, continue/ })).toBeNull();
    expect(((await askButton()) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says why the server did not jump", async () => {
    fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadAt(KNOTS)),
      "POST /api/ops/players/7/jump": () => text("the station's script has no such knot", 400),
    });
    renderView(<PlayerChat playerId={7} />);
    await choose("ende");
    fireEvent.click(screen.getByRole("button", { name: "Yes, continue at “ende”" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /the station's script has no such knot/,
    );
    expect(((await askButton()) as HTMLButtonElement).disabled).toBe(false);
  });

  it("asks in German too", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadAt(KNOTS, "Die Füchse")) });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    const ask = await screen.findByRole("button", { name: "Weiter bei diesem Knoten…" });
    expect(screen.getByRole("heading", { level: 2, name: "Dialog lenken" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Weiter bei Knoten"), { target: { value: "frage" } });
    fireEvent.click(ask);
    expect(
      screen.getByText(
        "Die Station „Der Marktplatz“ geht für Die Füchse bei „frage“ weiter. Was sie gerade " +
          "fragt, entfällt; spätere Zeilen kommen nicht mehr.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ja, weiter bei „frage“" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Abbrechen" })).toBeTruthy();
  });
});
