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
const hafenEnded = {
  name: "hafen",
  title: "Harbour walk",
  archivedAt: "2026-11-25T12:00:00Z",
  erasedFrom: "2027-02-23T12:00:00Z",
};
/** The admin's list of ended games, none ended. */
const noneEnded = { "GET /api/ops/games/archived": () => json({ games: [] }) };

/** The bytes of a file sent (jsdom's Blob reads only through a FileReader). */
function bytesOf(blob: Blob): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(reader.result instanceof ArrayBuffer ? [...new Uint8Array(reader.result)] : []);
    reader.onerror = () => reject(new Error("the file could not be read"));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Sends the form of the submit `button`. jsdom keeps a file input's files apart from those a
 * test gives it: its required file input would stop a click, as no browser with the file does.
 */
function submit(button: HTMLElement): void {
  const form = button.closest("form");
  if (form === null) throw new Error("the button is in no form");
  fireEvent.submit(form);
}

describe("the games page", () => {
  it("makes a game from a template for the admin, who then opens its studio", async () => {
    let games = [marburg, hafen];
    const server = fakeServer({
      ...noneEnded,
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
      ...noneEnded,
      "GET /api/ops/games": () => json({ games: [marburg] }),
      "POST /api/ops/games": () => text("game museum: name taken", 409),
    });
    renderView(<GamesView me={admin} />);
    fireEvent.change(await screen.findByLabelText(/Short name/), { target: { value: "museum" } });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "X" } });
    fireEvent.click(screen.getByRole("button", { name: "Make the game" }));
    expect((await screen.findByRole("alert")).textContent).toContain("game museum: name taken");
  });

  it("ends a game after a question, for the admin only, and lists it among the ended", async () => {
    let games = [marburg, hafen];
    let ended: (typeof hafenEnded)[] = [];
    const server = fakeServer({
      "GET /api/ops/games": () => json({ games }),
      "GET /api/ops/games/archived": () => json({ games: ended }),
      "POST /api/ops/games/hafen/archive": () => {
        games = [marburg];
        ended = [hafenEnded];
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
    const endedHeading = await screen.findByRole("heading", { name: "Ended games" });
    const endedSection = within(endedHeading.closest("section") ?? document.body);
    expect(endedSection.getByRole("listitem", { name: "Harbour walk" })).toBeTruthy();
    // Gone from the games: only the ended one is left.
    await waitFor(() =>
      expect(screen.getAllByRole("listitem", { name: "Harbour walk" })).toHaveLength(1),
    );
    expect(server.requests.some((request) => request.method === "POST")).toBe(true);
  });

  it("lists the games an operator sees, without the admin's form and buttons", async () => {
    fakeServer({ "GET /api/ops/games": () => json({ games: [hafen] }) });
    renderView(<GamesView me={{ ...admin, admin: false }} />);
    const row = await screen.findByRole("listitem", { name: "Harbour walk" });
    expect(within(row).queryByRole("button", { name: /^End/ })).toBeNull();
    expect(within(row).queryByRole("link", { name: /^Export/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: "New game" })).toBeNull();
  });

  it("offers the admin each game as a zip from its own operators' API", async () => {
    fakeServer({ ...noneEnded, "GET /api/ops/games": () => json({ games: [marburg, hafen] }) });
    renderView(<GamesView me={admin} />, { language: "de" });
    const first = within(await screen.findByRole("listitem", { name: "Fairy-tale Marburg" }));
    const other = within(screen.getByRole("listitem", { name: "Harbour walk" }));
    const firstZip = first.getByRole("link", { name: "Fairy-tale Marburg exportieren (ZIP)" });
    const otherZip = other.getByRole("link", { name: "Harbour walk exportieren (ZIP)" });
    expect(firstZip.getAttribute("href")).toBe("/api/ops/pack/game.zip");
    expect(otherZip.getAttribute("href")).toBe("/g/hafen/api/ops/pack/game.zip");
    expect(firstZip.hasAttribute("download")).toBe(true);
    expect(otherZip.hasAttribute("download")).toBe(true);
  });

  it("imports a game's zip as a new game, its name from the file's", async () => {
    let games = [marburg, hafen];
    const server = fakeServer({
      ...noneEnded,
      "GET /api/ops/games": () => json({ games }),
      "POST /api/ops/games/import": () => {
        games = [...games, museum];
        return json(
          { game: museum, warnings: ["stations/2-hall: no picture"], draftChanges: 3 },
          201,
        );
      },
    });
    renderView(<GamesView me={admin} />);
    await screen.findByRole("listitem", { name: "Harbour walk" });
    expect(screen.queryByLabelText(/^The game's zip/)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "A game's zip (export)" }));
    // The zip brings the title and languages.
    expect(screen.queryByLabelText("Title")).toBeNull();
    expect(screen.queryByRole("group", { name: /^Languages/ })).toBeNull();
    expect(screen.getByText("The title and languages come with the zip.")).toBeTruthy();
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], "museum-game.zip", {
      type: "application/zip",
    });
    const input = screen.getByLabelText<HTMLInputElement>(/^The game's zip/);
    expect([input.type, input.accept, input.required]).toEqual([
      "file",
      ".zip,application/zip",
      true,
    ]);
    fireEvent.change(input, { target: { files: [zip] } });
    expect(screen.getByLabelText<HTMLInputElement>(/Short name/).value).toBe("museum");
    submit(screen.getByRole("button", { name: "Import the game" }));
    const made = await screen.findByRole("status");
    expect(made.textContent).toContain("In the museum plays at /g/museum/webapp/.");
    expect(made.textContent).toContain("Its draft holds 3 unpublished changes.");
    expect(made.textContent).toContain("stations/2-hall: no picture");
    expect(within(made).getByRole("button", { name: "Open its studio" })).toBeTruthy();
    const sent = server.requests.find((request) => request.method === "POST");
    expect(sent?.path).toBe("/api/ops/games/import");
    expect(sent?.query.get("name")).toBe("museum");
    const body = sent?.body;
    if (!(body instanceof Blob)) throw new Error("the zip was not sent as a file");
    expect(body.type).toBe("application/zip");
    expect(await bytesOf(body)).toEqual([0x50, 0x4b, 3, 4]);
    await screen.findByRole("listitem", { name: "In the museum" });
  });

  it("says why a game's zip was refused", async () => {
    fakeServer({
      ...noneEnded,
      "GET /api/ops/games": () => json({ games: [marburg] }),
      "POST /api/ops/games/import": () => text("game museum: name taken", 409),
    });
    renderView(<GamesView me={admin} />, { language: "de" });
    fireEvent.click(
      await screen.findByRole("radio", { name: "Der ZIP-Datei eines Spiels (Export)" }),
    );
    expect(screen.getByText("Titel und Sprachen bringt die ZIP-Datei mit.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Kurzname/), { target: { value: "museum" } });
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], "export.zip", {
      type: "application/zip",
    });
    fireEvent.change(screen.getByLabelText(/^ZIP-Datei des Spiels/), { target: { files: [zip] } });
    submit(screen.getByRole("button", { name: "Spiel importieren" }));
    expect((await screen.findByRole("alert")).textContent).toContain("game museum: name taken");
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("the ended games", () => {
  /** The section of the ended games, once listed. */
  async function endedSection(name = "Ended games") {
    const heading = await screen.findByRole("heading", { name });
    const section = heading.closest("section");
    if (section === null) throw new Error("the heading is in no section");
    return within(section);
  }

  it("shows the admin when each ended and is erased, and restores one at once", async () => {
    let games = [marburg];
    let ended = [hafenEnded];
    let answer: (response: Response) => void = () => undefined;
    const server = fakeServer({
      "GET /api/ops/games": () => json({ games }),
      "GET /api/ops/games/archived": () => json({ games: ended }),
      "POST /api/ops/games/hafen/restore": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderView(<GamesView me={admin} />);
    const section = await endedSection();
    const row = within(await section.findByRole("listitem", { name: "Harbour walk" }));
    expect(
      row.getByText("Ended on 25 Nov 2026; its data is erased from 23 Feb 2027."),
    ).toBeTruthy();
    fireEvent.click(row.getByRole("button", { name: "Restore Harbour walk" }));
    const busy = row.getByRole<HTMLButtonElement>("button", { name: "Restoring …" });
    expect(busy.disabled).toBe(true);
    const sent = server.requests.find((request) => request.method === "POST");
    expect([sent?.path, sent?.body]).toEqual(["/api/ops/games/hafen/restore", {}]);
    games = [marburg, hafen];
    ended = [];
    answer(json({ value: "ok" }));
    expect((await section.findByRole("status")).textContent).toBe(
      "Harbour walk plays again at /g/hafen/webapp/.",
    );
    // Among the games again, no longer among the ended.
    const address = await screen.findByRole("link", { name: "/g/hafen/webapp/" });
    expect(address.closest("li")?.getAttribute("aria-label")).toBe("Harbour walk");
    await waitFor(() => expect(section.queryByRole("listitem")).toBeNull());
    const gets = (path: string) =>
      server.requests.filter((request) => request.method === "GET" && request.path === path);
    expect(gets("/api/ops/games")).toHaveLength(2);
    expect(gets("/api/ops/games/archived")).toHaveLength(2);
  });

  it("speaks German with the language's dates", async () => {
    fakeServer({
      "GET /api/ops/games": () => json({ games: [marburg] }),
      "GET /api/ops/games/archived": () => json({ games: [hafenEnded] }),
    });
    renderView(<GamesView me={admin} />, { language: "de" });
    const section = await endedSection("Beendete Spiele");
    const row = within(await section.findByRole("listitem", { name: "Harbour walk" }));
    expect(
      row.getByText("Beendet am 25.11.2026; seine Daten werden ab 23.02.2027 gelöscht."),
    ).toBeTruthy();
    expect(row.getByRole("button", { name: "Harbour walk wieder aufnehmen" })).toBeTruthy();
  });

  it("says why a game was not restored", async () => {
    fakeServer({
      "GET /api/ops/games": () => json({ games: [marburg] }),
      "GET /api/ops/games/archived": () => json({ games: [hafenEnded] }),
      "POST /api/ops/games/hafen/restore": () => text("game hafen: not archived", 409),
    });
    renderView(<GamesView me={admin} />);
    const section = await endedSection();
    fireEvent.click(await section.findByRole("button", { name: "Restore Harbour walk" }));
    expect((await section.findByRole("alert")).textContent).toContain("game hafen: not archived");
    expect(screen.queryByRole("status")).toBeNull();
    expect(section.getByRole("button", { name: "Restore Harbour walk" })).toBeTruthy();
  });

  it("is absent while no game has ended", async () => {
    const server = fakeServer({
      ...noneEnded,
      "GET /api/ops/games": () => json({ games: [hafen] }),
    });
    renderView(<GamesView me={admin} />);
    // Loading, then gone.
    expect(screen.getByRole("heading", { name: "Ended games" })).toBeTruthy();
    await screen.findByRole("listitem", { name: "Harbour walk" });
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Ended games" })).toBeNull());
    expect(server.requests.some((request) => request.path === "/api/ops/games/archived")).toBe(
      true,
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is not an operator's, who is no admin: the list is not even asked for", async () => {
    const server = fakeServer({
      "GET /api/ops/games": () => json({ games: [hafen] }),
      "GET /api/ops/games/archived": () => json({ games: [hafenEnded] }),
    });
    renderView(<GamesView me={{ ...admin, admin: false }} />);
    await screen.findByRole("listitem", { name: "Harbour walk" });
    expect(screen.queryByRole("heading", { name: "Ended games" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Restore/ })).toBeNull();
    expect(server.requests.map((request) => request.path)).not.toContain("/api/ops/games/archived");
  });
});
