import { fireEvent, screen, within } from "@testing-library/react";
import type { OpsPackVersion } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { RolesContext } from "../../components/roles";
import { PackVersions } from "./pack-versions";

const version = (changes: Partial<OpsPackVersion>): OpsPackVersion => ({
  id: 1,
  number: 1,
  digest: "5f0c9a4e".padEnd(64, "0"),
  source: "folder",
  author: null,
  createdAt: "2026-11-26T09:00:00Z",
  files: 78,
  bytes: 2_104_000,
  releasedAt: "2026-11-26T09:00:00Z",
  releasedBy: null,
  live: true,
  ...changes,
});

/** The game's second version, 12th of the installation: the console shows its number. */
const imported = version({
  id: 12,
  number: 2,
  digest: "a1b2c3d4".padEnd(64, "1"),
  source: "import",
  author: "Anna",
  releasedAt: null,
  live: false,
});

describe("the pack's versions", () => {
  it("lists them with the live one, and makes another live after asking", async () => {
    let live = 1;
    const server = fakeServer({
      "GET /api/ops/pack/versions": () =>
        json({
          versions: [
            {
              ...imported,
              live: live === 2,
              releasedAt: live === 2 ? "2026-11-26T10:00:00Z" : null,
            },
            { ...version({}), live: live === 1 },
          ],
        }),
      "POST /api/ops/pack/versions/12/release": () => {
        live = 2;
        return json({ ok: true, version: "a1b2c3d41111", warnings: [] });
      },
    });
    renderView(<PackVersions />);
    const list = await screen.findByRole("list", { name: "Versions of the game" });
    const cards = () =>
      within(list)
        .getAllByRole("listitem")
        .map((card) => card.textContent);
    expect(cards()).toEqual([
      expect.stringMatching(
        /^Version 2 a1b2c3d41111never livezip import, Anna.*78 files, 2.1 MBDownload version 2 \(zip\)Make version 2 liveChanges in version 2$/,
      ),
      expect.stringMatching(
        /^Version 1 5f0c9a4e0000live nowthe server's content folder.*78 files, 2.1 MBDownload version 1 \(zip\)Changes in version 1$/,
      ),
    ]);
    const zip = screen.getByRole("link", { name: "Download version 2 (zip)" });
    expect(zip.getAttribute("href")).toBe("/api/ops/pack/versions/12/zip");
    const game = screen.getByRole("link", {
      name: "The whole game as a zip (live version and draft)",
    });
    expect(game.getAttribute("href")).toBe("/api/ops/pack/game.zip");
    expect(game.hasAttribute("download")).toBe(true);
    expect(screen.queryByRole("button", { name: "Make version 1 live" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Make version 2 live" }));
    expect(
      screen.getByText(
        "Make version 2 live? Every instance plays it within seconds; players at a station carry on with it.",
      ),
    ).toBeTruthy();
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Yes, make it live" }));
    expect((await screen.findByRole("status")).textContent).toBe("Version 2 is live.");
    expect(server.requests.find((r) => r.method === "POST")?.body).toEqual({});
    await within(list).findByText(/^last made live /);
    expect(cards()[0]).toMatch(/live now/);
  });

  it("imports a zip and says what refused it, or that it is stored but not live", async () => {
    let answer = json(
      {
        ok: false,
        problems: [{ file: "game.yaml", message: 'id is "kassel": this server plays "marburg"' }],
      },
      422,
    );
    const server = fakeServer({
      "GET /api/ops/pack/versions": () => json({ versions: [version({})] }),
      "POST /api/ops/pack/import": () => answer,
    });
    renderView(<PackVersions />, { language: "de" });
    const input = await screen.findByLabelText("ZIP-Datei eines Paketordners importieren:");
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], "spiel.zip", {
      type: "application/zip",
    });
    fireEvent.change(input, { target: { files: [zip] } });
    const refused = await screen.findByRole("alert");
    expect(refused.textContent).toBe(
      'Die ZIP-Datei wurde abgelehnt: 1 Fehler. Nichts wurde gespeichert.game.yaml: id is "kassel": this server plays "marburg"',
    );
    expect(server.requests.filter((r) => r.path === "/api/ops/pack/import")).toHaveLength(1);

    answer = json({ ok: true, version: imported, warnings: [] });
    fireEvent.change(input, { target: { files: [zip] } });
    expect((await screen.findByRole("status")).textContent).toBe(
      "Version 2 wurde gespeichert. Sie ist noch nicht live.",
    );
  });

  it("shows what a version changed, file by file and line by line", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/versions": () => json({ versions: [imported, version({})] }),
      "GET /api/ops/pack/versions/12/changes": () =>
        json({
          version: 12,
          base: 1,
          number: 2,
          baseNumber: 1,
          files: [
            {
              path: "game.yaml",
              change: "changed",
              sizeBefore: 812,
              sizeAfter: 806,
              hunks: [
                {
                  oldStart: 3,
                  oldLines: 1,
                  newStart: 3,
                  newLines: 1,
                  lines: ["-  de: Märchenhaftes Marburg", "+  de: Marburg bei Nacht"],
                },
              ],
            },
            {
              path: "stations/1-marktplatz/bild.jpg",
              change: "removed",
              sizeBefore: 120_000,
              sizeAfter: null,
            },
          ],
        }),
    });
    renderView(<PackVersions />);
    const show = await screen.findByRole("button", { name: "Changes in version 2" });
    expect(server.requests.some((r) => r.path.endsWith("/changes"))).toBe(false);
    fireEvent.click(show);
    await screen.findByText("2 files differ from version 1:");
    expect(show.getAttribute("aria-expanded")).toBe("true");
    expect(show.textContent).toBe("Hide the changes");
    const changed = screen.getByText("game.yaml").closest("details");
    expect(changed?.querySelector("summary")?.textContent).toBe("changed game.yaml 812 B → 806 B");
    expect(
      [...(changed?.querySelectorAll(".diff__line--removed, .diff__line--added") ?? [])].map(
        (line) => line.textContent,
      ),
    ).toEqual(["-  de: Märchenhaftes Marburg", "+  de: Marburg bei Nacht"]);
    const removed = screen.getByText("stations/1-marktplatz/bild.jpg").closest("details");
    expect(removed?.textContent).toBe(
      "removed stations/1-marktplatz/bild.jpg 120 KBNot shown line by line (a medium, or too large).",
    );
  });

  it("offers no import, release, zip or changes to an operator without the author role", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/versions": () => json({ versions: [imported, version({})] }),
    });
    renderView(
      <RolesContext value={["host"]}>
        <PackVersions />
      </RolesContext>,
    );
    await screen.findByRole("list", { name: "Versions of the game" });
    expect(screen.getByText("This needs the author role: an admin gives it (Team).")).toBeTruthy();
    expect(screen.queryByLabelText("Import a zip of a pack's folder:")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Make version \d+ live$/ })).toBeNull();
    // The versions' sources hold the scripts with their answers: the authors' only.
    expect(screen.queryByRole("link", { name: /^Download version \d+ \(zip\)$/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /^The whole game as a zip/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Changes in version/ })).toBeNull();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/ops/pack/versions",
    ]);
  });
});
