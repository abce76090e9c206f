import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OpsThread } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format";
import { fakeEventSource, fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { PlayerChat } from "./player-chat";

beforeEach(() => {
  localStorage.clear();
  fakeEventSource();
});

/** A player at no station (the points go all the same), with the awards so far. */
function threadOf(awards: OpsThread["awards"] = [], team: string | null = "Die Füchse"): OpsThread {
  return {
    player: { id: 7, name: "Anna", team },
    points: 4,
    station: null,
    waiting: [],
    awards,
    titles: {},
    runs: {},
    lines: [],
  };
}

const hostMessage = (text: string) => ({ id: 20, from: "host", name: "lena", text, at: "x" });
const posts = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === "POST");
const button = (name: string) =>
  screen.findByRole("button", { name }) as Promise<HTMLButtonElement>;

/** Types the points and the reason in. */
async function fill(points: string, reason: string) {
  await screen.findByRole("heading", { level: 2, name: "Points" });
  fireEvent.change(screen.getByLabelText("Points"), { target: { value: points } });
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: reason } });
}

describe("the game master's points", () => {
  it("awards points with the reason, says so, reads the chat again and empties the form", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadOf()),
      "POST /api/ops/players/7/points": () => json({}),
    });
    renderView(<PlayerChat playerId={7} />);
    await fill("3", "Best costume");
    fireEvent.click(await button("Award points"));
    expect((await screen.findByRole("status")).textContent).toBe("3 points awarded.");
    expect(posts(server)).toEqual([
      expect.objectContaining({
        path: "/api/ops/players/7/points",
        body: { points: 3, reason: "Best costume" },
      }),
    ]);
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === "/api/ops/players/7/thread")).toHaveLength(2),
    );
    expect((screen.getByLabelText("Points") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Reason") as HTMLInputElement).value).toBe("");
  });

  it("takes points below 0, in German too", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadOf()),
      "POST /api/ops/players/7/points": () => json({}),
    });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    await screen.findByRole("heading", { level: 2, name: "Punkte" });
    fireEvent.change(screen.getByLabelText("Punkte"), { target: { value: "-2" } });
    fireEvent.change(screen.getByLabelText("Grund"), { target: { value: "Zu laut" } });
    fireEvent.click(await button("Punkte abziehen"));
    expect((await screen.findByRole("status")).textContent).toBe("2 Punkte abgezogen.");
    expect(posts(server)[0]?.body).toEqual({ points: -2, reason: "Zu laut" });
  });

  it("sends the team the note after the points, its text following them until edited", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadOf()),
      "POST /api/ops/players/7/points": () => json({}),
      "POST /api/ops/players/7/organisers": ({ body }) =>
        json(hostMessage((body as { text: string }).text)),
    });
    renderView(<PlayerChat playerId={7} />);
    await fill("1", "Sang");
    expect(screen.queryByLabelText("Text of the note")).toBeNull();
    fireEvent.click(screen.getByLabelText("Send the team a note"));
    const note = screen.getByLabelText("Text of the note") as HTMLTextAreaElement;
    expect(note.value).toBe("+1 point from the organisers: Sang");
    fireEvent.change(screen.getByLabelText("Points"), { target: { value: "-3" } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Zu laut" } });
    expect(note.value).toBe("\u22123 points from the organisers: Zu laut");
    fireEvent.click(await button("Take points"));
    expect((await screen.findByRole("status")).textContent).toBe("3 points taken and note sent.");
    expect(posts(server).map(({ path, body }) => [path, body])).toEqual([
      ["/api/ops/players/7/points", { points: -3, reason: "Zu laut" }],
      ["/api/ops/players/7/organisers", { text: "\u22123 points from the organisers: Zu laut" }],
    ]);
    expect(screen.queryByLabelText("Text of the note")).toBeNull();
  });

  it("keeps the note the host wrote, and names a player without a team", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadOf([], null)),
      "POST /api/ops/players/7/points": () => json({}),
      "POST /api/ops/players/7/organisers": () => json(hostMessage("")),
    });
    renderView(<PlayerChat playerId={7} />);
    await fill("2", "Quick");
    fireEvent.click(screen.getByLabelText("Send Anna a note"));
    fireEvent.change(screen.getByLabelText("Text of the note"), { target: { value: "Well done" } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Very quick" } });
    expect((screen.getByLabelText("Text of the note") as HTMLTextAreaElement).value).toBe(
      "Well done",
    );
    fireEvent.click(await button("Award points"));
    await screen.findByText("2 points awarded and note sent.");
    expect(posts(server)[1]?.body).toEqual({ text: "Well done" });
  });

  it("awards nothing at 0 points or without a reason", async () => {
    fakeServer({ "GET /api/ops/players/7/thread": () => json(threadOf()) });
    renderView(<PlayerChat playerId={7} />);
    expect((await button("Award points")).disabled).toBe(true);
    await fill("0", "Nothing");
    expect((await button("Award points")).disabled).toBe(true);
    await fill("5", "  ");
    expect((await button("Award points")).disabled).toBe(true);
    await fill("5", "Something");
    expect((await button("Award points")).disabled).toBe(false);
  });

  it("says why the server took no points, and sends no note", async () => {
    const server = fakeServer({
      "GET /api/ops/players/7/thread": () => json(threadOf()),
      "POST /api/ops/players/7/points": () => text("points must not be 0", 400),
    });
    renderView(<PlayerChat playerId={7} />);
    await fill("4", "Why not");
    fireEvent.click(screen.getByLabelText("Send the team a note"));
    fireEvent.click(await button("Award points"));
    expect((await screen.findByRole("alert")).textContent).toMatch(/points must not be 0/);
    expect(posts(server)).toHaveLength(1);
    expect((screen.getByLabelText("Reason") as HTMLInputElement).value).toBe("Why not");
    expect((await button("Award points")).disabled).toBe(false);
  });

  it("lists the awards newest first, with their sign", async () => {
    const first = "2026-11-30T21:51:00Z";
    const second = "2026-11-30T22:10:00Z";
    fakeServer({
      "GET /api/ops/players/7/thread": () =>
        json(
          threadOf([
            { points: 3, reason: "Beste Verkleidung", by: "jost", at: first },
            { points: -2, reason: "Zu laut", by: null, at: second },
          ]),
        ),
    });
    renderView(<PlayerChat playerId={7} />, { language: "de" });
    const list = await screen.findByRole("list", { name: "Bisher von der Spielleitung vergeben" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      `\u22122 · Zu laut · ${formatDateTime(second, "de-DE")}`,
      `+3 · Beste Verkleidung · von jost · ${formatDateTime(first, "de-DE")}`,
    ]);
  });
});
