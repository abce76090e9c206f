import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LANGUAGE_KEY } from "../i18n/i18n";
import { fakeEventSource, fakeServer, json } from "../test/fake-server";
import { overview } from "../test/fixtures";
import { App } from "./app";

/**
 * A viewer (an operator with neither role) watches the game: the sections and links the server
 * refuses them are notes, and the console does not call for them.
 */

const viewer = { name: "sponsor", roles: [], via: "session", expiresAt: "2026-11-26T10:00:00Z" };
const NEEDS_HOST = "This needs the host role: an admin gives it (Team).";
const NEEDS_EITHER = "This needs the author or the host role: an admin gives it (Team).";

beforeEach(() => {
  fakeEventSource();
  localStorage.setItem(LANGUAGE_KEY, "en");
});

describe("the console for a viewer", () => {
  it.each([
    ["/ops/players", "Players", NEEDS_HOST],
    ["/ops/judging", "Judging", NEEDS_HOST],
    ["/ops/inbox", "Inbox", NEEDS_HOST],
    ["/ops/audit", "Audit log", NEEDS_EITHER],
  ])("shows %s as a note, without calling for it", async (path, heading, note) => {
    window.history.replaceState(null, "", path);
    const server = fakeServer({
      "GET /api/ops/me": () => json(viewer),
      "GET /api/ops/overview": () => json(overview()),
    });
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: heading });
    expect(screen.getByText(note)).toBeTruthy();
    // The shell's own calls only: who signed in, the figures while the stream connects, and
    // the installation's games for the header's choice.
    const shell = ["/api/ops/me", "/api/ops/overview", "/api/ops/games"];
    expect(server.requests.filter((r) => !shell.includes(r.path))).toEqual([]);
  });

  it("offers no QR posters and no export", async () => {
    window.history.replaceState(null, "", "/ops/content");
    fakeServer({ "GET /api/ops/me": () => json(viewer) });
    render(<App />);
    await screen.findByRole("heading", { level: 2, name: "Station posters" });
    expect(screen.queryByRole("link", { name: "Download posters (PDF)" })).toBeNull();
    expect(screen.getByText(NEEDS_EITHER)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Players (CSV)" })).toBeNull();
  });
});
