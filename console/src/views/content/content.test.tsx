import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeServer, json, text } from "../../test/fake-server";
import { instance, overview } from "../../test/fixtures";
import { renderView } from "../../test/render";
import { ContentView } from "./content";

describe("the export", () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = (link: HTMLElement) =>
    Object.fromEntries(new URL(link.getAttribute("href") ?? "", "http://x").searchParams);

  it("downloads both tables named after the day, comma-separated in English", () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30) });
    renderView(<ContentView />);
    const players = screen.getByRole("link", { name: "Players (CSV)" });
    expect(players.getAttribute("href")).toMatch(/^\/api\/ops\/export\.csv\?/);
    expect(query(players)).toEqual({ table: "players", separator: "comma", timeZone: zone });
    expect(players.getAttribute("download")).toBe("wegmarke-players-2026-11-25.csv");
    const stations = screen.getByRole("link", { name: "Stations and answers (CSV)" });
    expect(query(stations)).toEqual({ table: "stations", separator: "comma", timeZone: zone });
    expect(stations.getAttribute("download")).toBe("wegmarke-stations-2026-11-25.csv");
    expect(screen.getByText(`Times are in this computer's time zone: ${zone}.`)).toBeTruthy();
    vi.useRealTimers();
  });

  it("separates with semicolons for German Excel in German, and as chosen", () => {
    renderView(<ContentView />, { language: "de" });
    const separator = screen.getByLabelText("Trennzeichen") as HTMLSelectElement;
    expect(separator.value).toBe("semicolon");
    expect(query(screen.getByRole("link", { name: "Spieler (CSV)" })).separator).toBe("semicolon");
    fireEvent.change(separator, { target: { value: "tab" } });
    expect(
      query(screen.getByRole("link", { name: "Stationen und Antworten (CSV)" })).separator,
    ).toBe("tab");
  });
});

describe("the reload", () => {
  it("names the new version of a valid pack", async () => {
    const server = fakeServer({
      "POST /api/ops/content/reload": () => json({ ok: true, version: "a1b2c3", warnings: [] }),
    });
    renderView(<ContentView />);
    fireEvent.click(screen.getByRole("button", { name: "Reload the pack" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "The pack was reloaded: version a1b2c3.",
    );
    expect(server.requests[0]?.body).toEqual({});
  });

  it("lists what a valid pack is warned of", async () => {
    fakeServer({
      "POST /api/ops/content/reload": () =>
        json({
          ok: true,
          version: "a1b2c3",
          warnings: [{ file: "stations/2-schloss/station.yaml", line: 3, message: "no en title" }],
        }),
    });
    renderView(<ContentView />);
    fireEvent.click(screen.getByRole("button", { name: "Reload the pack" }));
    const status = await screen.findByRole("status");
    expect(within(status).getByText("1 warning; the pack runs anyway:")).toBeTruthy();
    expect(
      within(status)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["stations/2-schloss/station.yaml:3: no en title"]);
  });

  it("lists the problems of a refused pack as file:line: message", async () => {
    fakeServer({
      "POST /api/ops/content/reload": () =>
        json(
          {
            ok: false,
            problems: [
              { file: "stations/1-marktplatz/script.ink", line: 12, message: "Unknown knot" },
              { file: "game.yaml", message: "title: required" },
            ],
          },
          422,
        ),
    });
    renderView(<ContentView />, { language: "de" });
    fireEvent.click(screen.getByRole("button", { name: "Paket neu laden" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(/abgelehnt/).textContent).toBe(
      "Das Paket wurde abgelehnt: 2 Fehler. Das laufende Paket bleibt.",
    );
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["stations/1-marktplatz/script.ink:12: Unknown knot", "game.yaml: title: required"]);
  });

  it("shows a plain-text refusal's reason", async () => {
    fakeServer({ "POST /api/ops/content/reload": () => text("a reload is under way", 409) });
    renderView(<ContentView />);
    fireEvent.click(screen.getByRole("button", { name: "Reload the pack" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The server answered 409: a reload is under way",
    );
    expect(screen.getByRole("button", { name: "Reload the pack" })).toBeTruthy();
  });
});

describe("the instances", () => {
  it("lists each with its pack version and whether it took the last reload", () => {
    renderView(<ContentView />, {
      live: {
        overview: overview({
          instances: [
            instance({ reload: { at: "2026-11-25T09:00:00Z", ok: true, problems: 0 } }),
            instance({
              id: "9e8f7a6b-0000-4c3a-9e8f-7a6b5c4d3e2f",
              host: "web-2",
              version: "0ld0ld",
              reload: { at: "2026-11-25T09:00:01Z", ok: false, problems: 2 },
            }),
          ],
        }),
      },
    });
    const table = screen.getByRole("table", { name: "Server instances" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^Server 1 \(on web-1, 5f0c9a4e\)a1b2c3\d\d:00:00: took it35/),
      expect.stringMatching(
        /^Server 2 \(on web-2, 9e8f7a6b\)0ld0ld\d\d:00:01: refused, 2 problems35/,
      ),
    ]);
    expect(screen.getByRole("alert").textContent).toBe(
      "The instances run 2 different pack versions.",
    );
  });
});
