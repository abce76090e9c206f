import { fireEvent, screen, within } from "@testing-library/react";
import type { AuditEntry } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { AUDIT_PAGE, AuditView } from "./audit";

const entry = (id: number, changes: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: "2026-11-25T10:00:00Z",
  via: "session",
  operator: "anna",
  action: "signin",
  detail: null,
  ...changes,
});

describe("the audit log", () => {
  it("names who did what, and loads older pages until the oldest", async () => {
    const server = fakeServer({
      "GET /api/ops/audit": ({ url }) =>
        url.searchParams.get("before") === null
          ? json({
              entries: [
                entry(3, { action: "news.send", detail: "news 1" }),
                entry(2, { via: "token", operator: null, action: "content.reload" }),
              ],
              next: 2,
            })
          : json({ entries: [entry(1, { via: "cli", operator: null, action: "operator.add" })] }),
    });
    renderView(<AuditView />);
    const list = await screen.findByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Sent newsanna.*news 1$/),
      expect.stringMatching(/^Loaded the content againoperator token/),
    ]);
    // The server's name of an action stays at hand for who looks closer.
    expect(within(list).getByText("Sent news").getAttribute("title")).toBe("news.send");
    fireEvent.click(screen.getByRole("button", { name: "Load older entries" }));
    await screen.findByText("The oldest entry is shown.");
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByText("command line")).toBeTruthy();
    expect(server.requests.map(({ query }) => [query.get("before"), query.get("limit")])).toEqual([
      [null, String(AUDIT_PAGE)],
      ["2", String(AUDIT_PAGE)],
    ]);
  });

  it("says a host gave a hint, in either language", async () => {
    const hint = entry(4, { action: "hint.give", detail: "player 12, station 8, free" });
    fakeServer({ "GET /api/ops/audit": () => json({ entries: [hint] }) });
    const view = renderView(<AuditView />);
    expect((await screen.findByText("Gave a hint")).getAttribute("title")).toBe("hint.give");
    expect(screen.getByText(/player 12, station 8, free/)).toBeTruthy();
    view.unmount();
    renderView(<AuditView />, { language: "de" });
    await screen.findByText("Einen Tipp gegeben");
  });

  it("says a host directed a player's story, in either language", async () => {
    const jump = entry(5, { action: "story.jump", detail: "player 3, station 8, to frage" });
    fakeServer({ "GET /api/ops/audit": () => json({ entries: [jump] }) });
    const view = renderView(<AuditView />);
    expect((await screen.findByText("Story directed")).getAttribute("title")).toBe("story.jump");
    expect(screen.getByText(/player 3, station 8, to frage/)).toBeTruthy();
    view.unmount();
    renderView(<AuditView />, { language: "de" });
    await screen.findByText("Dialog gelenkt");
  });

  it("says a host awarded points, in either language", async () => {
    const award = entry(6, { action: "points.award", detail: "player 3, +5: Beste Verkleidung" });
    fakeServer({ "GET /api/ops/audit": () => json({ entries: [award] }) });
    const view = renderView(<AuditView />);
    expect((await screen.findByText("Points awarded")).getAttribute("title")).toBe("points.award");
    expect(screen.getByText(/player 3, \+5: Beste Verkleidung/)).toBeTruthy();
    view.unmount();
    renderView(<AuditView />, { language: "de" });
    await screen.findByText("Punkte vergeben");
  });

  it("says a host closed or reopened a player's station, in either language", async () => {
    const entries = [
      entry(8, { action: "station.reopen", detail: "player 3, station 8: Baustelle" }),
      entry(7, { action: "station.close", detail: "player 3, station 8: Baustelle" }),
    ];
    fakeServer({ "GET /api/ops/audit": () => json({ entries }) });
    const view = renderView(<AuditView />);
    expect((await screen.findByText("Station closed")).getAttribute("title")).toBe("station.close");
    expect(screen.getByText("Station reopened").getAttribute("title")).toBe("station.reopen");
    expect(screen.getAllByText(/player 3, station 8: Baustelle/)).toHaveLength(2);
    view.unmount();
    renderView(<AuditView />, { language: "de" });
    await screen.findByText("Station geschlossen");
    expect(screen.getByText("Station wieder geöffnet")).toBeTruthy();
  });

  it("says a host changed the game's end, in either language", async () => {
    const detail = "end 2026-06-13T14:15:00.000Z (was 2026-06-13T14:00:00.000Z)";
    fakeServer({
      "GET /api/ops/audit": () => json({ entries: [entry(9, { action: "clock.end", detail })] }),
    });
    const view = renderView(<AuditView />);
    expect((await screen.findByText("Game end changed")).getAttribute("title")).toBe("clock.end");
    expect(screen.getByText(detail)).toBeTruthy();
    view.unmount();
    renderView(<AuditView />, { language: "de" });
    await screen.findByText("Spielende geändert");
  });

  it("starts over from the newest on refresh", async () => {
    let newest = 1;
    fakeServer({
      "GET /api/ops/audit": () => json({ entries: [entry(newest, { action: `a${newest}` })] }),
    });
    renderView(<AuditView />);
    await screen.findByText("a1");
    newest = 2;
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await screen.findByText("a2");
    expect(screen.queryByText("a1")).toBeNull();
  });
});
