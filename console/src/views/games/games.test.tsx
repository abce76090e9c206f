import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OpsMe } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { GamesView } from "./games";

const admin: OpsMe = {
  name: "ada",
  roles: ["author", "host"],
  member: true,
  admin: true,
  via: "session",
};
const marburg = { name: "default", title: "Fairy-tale Marburg", first: true, app: "/webapp/" };
const hafen = { name: "hafen", title: "Harbour walk", first: false, app: "/g/hafen/webapp/" };
const museum = { name: "museum", title: "In the museum", first: false, app: "/g/museum/webapp/" };

describe("the games page", () => {
  it("makes a game from a template for the admin, who then opens its studio", async () => {
    let games = [marburg, hafen];
    const server = fakeServer({
      "GET /api/ops/games": () => json({ games }),
      "POST /api/ops/games": () => {
        games = [...games, museum];
        return json({ game: museum, warnings: ["stations/1-start: no English dialogue"] }, 201);
      },
    });
    renderView(<GamesView me={admin} />);
    await screen.findByRole("listitem", { name: "Harbour walk" });
    fireEvent.change(screen.getByLabelText(/Short name/), { target: { value: "Museum" } });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "In the museum" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "English" }));
    fireEvent.click(screen.getByRole("radio", { name: "A copy of a game" }));
    fireEvent.change(screen.getByLabelText("Game to copy"), { target: { value: "hafen" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /^With its pictures, sounds and films/ }));
    fireEvent.click(screen.getByRole("button", { name: "Make the game" }));
    const made = await screen.findByRole("status");
    expect(made.textContent).toContain("In the museum plays at /g/museum/webapp/.");
    expect(made.textContent).toContain("stations/1-start: no English dialogue");
    expect(server.requests.find((request) => request.method === "POST")?.body).toEqual({
      name: "museum",
      title: "In the museum",
      languages: ["de", "en"],
      template: { kind: "copy", from: "hafen", media: false },
    });
    await screen.findByRole("listitem", { name: "In the museum" });
    expect(within(made).getByRole("button", { name: "Open its studio" })).toBeTruthy();
  });

  it("says why a game was not made", async () => {
    fakeServer({
      "GET /api/ops/games": () => json({ games: [marburg] }),
      "POST /api/ops/games": () => text("game museum: name taken", 409),
    });
    renderView(<GamesView me={admin} />);
    fireEvent.change(await screen.findByLabelText(/Short name/), { target: { value: "museum" } });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "X" } });
    fireEvent.click(screen.getByRole("button", { name: "Make the game" }));
    expect((await screen.findByRole("alert")).textContent).toContain("game museum: name taken");
  });

  it("ends a game after a question, for the admin only", async () => {
    let games = [marburg, hafen];
    const server = fakeServer({
      "GET /api/ops/games": () => json({ games }),
      "POST /api/ops/games/hafen/archive": () => {
        games = [marburg];
        return json({ value: "ok" });
      },
    });
    renderView(<GamesView me={admin} />);
    const row = await screen.findByRole("listitem", { name: "Harbour walk" });
    expect(
      within(screen.getByRole("listitem", { name: "Fairy-tale Marburg" })).queryByRole("button", {
        name: /^End/,
      }),
    ).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "End Harbour walk" }));
    fireEvent.click(within(row).getByRole("button", { name: "End the game" }));
    await waitFor(() =>
      expect(screen.queryByRole("listitem", { name: "Harbour walk" })).toBeNull(),
    );
    expect(server.requests.some((request) => request.method === "POST")).toBe(true);
  });

  it("lists the games an operator sees, without the admin's form and buttons", async () => {
    fakeServer({ "GET /api/ops/games": () => json({ games: [hafen] }) });
    renderView(<GamesView me={{ ...admin, admin: false }} />);
    const row = await screen.findByRole("listitem", { name: "Harbour walk" });
    expect(within(row).queryByRole("button", { name: /^End/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: "New game" })).toBeNull();
  });
});
