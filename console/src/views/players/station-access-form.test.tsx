import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OpsThread } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeEventSource, fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { PlayerChat } from "./player-chat";

beforeEach(() => {
  localStorage.clear();
  fakeEventSource();
});

const TITLES = {
  "10": "Die Brücke",
  "2": "Der Frosch",
  "1": "Der Marktplatz",
  "3": "Das Schloss",
  "4": "Die Baustelle",
};

function threadWith(runs: OpsThread["runs"], team: string | null = null): OpsThread {
  return {
    player: { id: 7, name: "Anna", team },
    points: 4,
    station: null,
    waiting: [],
    awards: [],
    titles: TITLES,
    runs,
    lines: [],
  };
}

const RUNS: OpsThread["runs"] = { "1": "running", "2": "done", "3": "left", "4": "closed" };

const stationsList = () => screen.findByRole("list", { name: "Stationen" });
const posts = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === "POST");
const threadReads = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === "GET" && r.path === "/api/ops/players/7/thread")
    .length;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("the game master's stations of a player", () => {
  it("lists every station by id with where the player stands and what the host may do", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadWith(RUNS)) });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    const list = await stationsList();
    expect(screen.getByRole("heading", { level: 2, name: "Stationen" })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Der Marktplatzläuft" + "Schließen",
      "Der Froschgeschafft" + "Wieder öffnen",
      "Das Schlossverlassen" + "Schließen",
      "Die Baustellegeschlossen" + "Wieder öffnen",
      "Die Brückeoffen" + "Schließen",
    ]);
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual([
      "„Der Marktplatz“ schließen",
      "„Der Frosch“ wieder öffnen",
      "„Das Schloss“ schließen",
      "„Die Baustelle“ wieder öffnen",
      "„Die Brücke“ schließen",
    ]);
  });

  it("asks before it closes, and sends nothing when the host cancels", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadWith(RUNS, "Die Füchse")),
    });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await stationsList();
    const close = button("„Der Marktplatz“ schließen");
    fireEvent.click(close);
    expect(close.getAttribute("aria-expanded")).toBe("true");
    expect(
      screen.getByText(
        "„Der Marktplatz“ wird für Die Füchse geschlossen: die App zeigt die Station nicht " +
          "mehr und startet sie nicht. Was dort gerade läuft, endet.",
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText("Grund (für das Protokoll)") as HTMLInputElement).maxLength).toBe(
      200,
    );
    expect(button("Ja, schließen")).toBeTruthy();
    expect(posts(server)).toEqual([]);

    // Another station's button asks about that one instead; one not running says no more.
    fireEvent.click(button("„Die Brücke“ schließen"));
    expect(screen.queryByText(/^„Der Marktplatz“ wird/)).toBeNull();
    expect(
      screen.getByText(
        "„Die Brücke“ wird für Die Füchse geschlossen: die App zeigt die Station nicht mehr " +
          "und startet sie nicht.",
      ),
    ).toBeTruthy();

    fireEvent.click(button("Abbrechen"));
    expect(screen.queryByText(/wird für Die Füchse geschlossen/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Ja, schließen" })).toBeNull();
    expect(posts(server)).toEqual([]);
  });

  it("on yes closes the station with the reason, says so, and reads the thread again", async () => {
    let runs: OpsThread["runs"] = { ...RUNS };
    let answer: (response: Response) => void = () => undefined;
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadWith(runs)),
      "POST /api/ops/players/7/stations/1/close": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await stationsList();
    fireEvent.click(button("„Der Marktplatz“ schließen"));
    fireEvent.change(screen.getByLabelText("Grund (für das Protokoll)"), {
      target: { value: "  Baustelle am Markt  " },
    });
    const yes = button("Ja, schließen");
    fireEvent.click(yes);
    // One change at a time: the buttons wait for the server's answer.
    await waitFor(() => expect(yes.disabled).toBe(true));
    expect(button("Abbrechen").disabled).toBe(true);
    expect(button("„Die Brücke“ schließen").disabled).toBe(true);
    expect(posts(server)).toEqual([
      expect.objectContaining({
        path: "/api/ops/players/7/stations/1/close",
        body: { reason: "Baustelle am Markt" },
      }),
    ]);
    const reads = threadReads(server);
    runs = { ...runs, "1": "closed" };
    answer(json({ ok: true }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "„Der Marktplatz“ ist für Anna geschlossen.",
    );
    await waitFor(() => expect(threadReads(server)).toBe(reads + 1));
    expect(screen.queryByRole("button", { name: "Ja, schließen" })).toBeNull();
    const reopen = await screen.findByRole("button", { name: "„Der Marktplatz“ wieder öffnen" });
    expect((reopen as HTMLButtonElement).disabled).toBe(false);
    expect(within(reopen.closest("li") ?? document.body).getByText("geschlossen")).toBeTruthy();
  });

  it("sends no reason when none was given", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadWith(RUNS)),
      "POST /api/ops/players/7/stations/10/close": () => json({ ok: true }),
    });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await stationsList();
    fireEvent.click(button("„Die Brücke“ schließen"));
    fireEvent.change(screen.getByLabelText("Grund (für das Protokoll)"), {
      target: { value: "   " },
    });
    fireEvent.click(button("Ja, schließen"));
    await screen.findByText("„Die Brücke“ ist für Anna geschlossen.");
    expect(posts(server)).toEqual([
      expect.objectContaining({ path: "/api/ops/players/7/stations/10/close", body: {} }),
    ]);
  });

  it("opens a done station again to be played anew, and a closed one to be shown", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadWith(RUNS, "Die Füchse")),
      "POST /api/ops/players/7/stations/2/reopen": () => json({ ok: true }),
    });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await stationsList();
    fireEvent.click(button("„Die Baustelle“ wieder öffnen"));
    expect(
      screen.getByText(
        "„Die Baustelle“ wird für Die Füchse wieder geöffnet: die App zeigt die Station wieder.",
      ),
    ).toBeTruthy();
    fireEvent.click(button("„Der Frosch“ wieder öffnen"));
    expect(
      screen.getByText(
        "„Der Frosch“ wird für Die Füchse wieder geöffnet: sie kann neu gespielt werden; ihre " +
          "Punkte zählen erst wieder, wenn sie erneut geschafft ist.",
      ),
    ).toBeTruthy();
    expect(posts(server)).toEqual([]);
    fireEvent.click(button("Ja, wieder öffnen"));
    expect((await screen.findByRole("status")).textContent).toBe(
      "„Der Frosch“ ist für Die Füchse wieder geöffnet.",
    );
    expect(posts(server)).toEqual([
      expect.objectContaining({ path: "/api/ops/players/7/stations/2/reopen", body: {} }),
    ]);
  });

  it("says why the server refused", async () => {
    fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadWith(RUNS)),
      "POST /api/ops/players/7/stations/3/close": () =>
        text("the player has finished this station", 409),
    });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await stationsList();
    fireEvent.click(button("„Das Schloss“ schließen"));
    fireEvent.click(button("Ja, schließen"));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /the player has finished this station/,
    );
    expect(screen.queryByRole("status")).toBeNull();
    expect(button("„Das Schloss“ schließen").disabled).toBe(false);
  });

  it("speaks English too", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadWith(RUNS)) });
    renderView(<PlayerChat playerId={7} />);
    const list = await screen.findByRole("list", { name: "Stations" });
    expect(within(list).getByRole("button", { name: "Close “Der Marktplatz”" }).textContent).toBe(
      "Close",
    );
    fireEvent.click(within(list).getByRole("button", { name: "Reopen “Der Frosch”" }));
    expect(screen.getByRole("button", { name: "Yes, open it again" })).toBeTruthy();
    expect(screen.getByLabelText("Reason (for the audit log)")).toBeTruthy();
    expect(within(list).getByText("done")).toBeTruthy();
  });
});
