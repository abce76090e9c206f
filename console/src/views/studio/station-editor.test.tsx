import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { OpsStationEdit } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { uploadMedia } from "../../api/upload";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { CheckResult } from "./check-panel";
import { missingScriptOf } from "./script-languages";
import { StudioView } from "./studio";

vi.mock("../../api/upload", () => ({ uploadMedia: vi.fn() }));

const FOLDER = "stations/7-hexenturm";
const edit: OpsStationEdit = {
  folder: FOLDER,
  id: 7,
  hash: "h".repeat(64),
  by: null,
  at: null,
  form: {
    name: "hexenturm",
    character: { de: "Die Hexe" },
    latitude: 50.81,
    longitude: 8.77,
    points: 2,
    group: "",
    view: "station",
    style: "game-station",
    visible: true,
    live: true,
    trigger: "list",
    radius: null,
    image: "stations/7/hexenturm.png",
    texts: { de: { title: "Der Hexenturm", desc: "Hoch.", descDone: "", longDesc: "" } },
    reminder: null,
  },
  languages: ["de", "en"],
  scripts: ["script.de.ink"],
  images: ["stations/7/hexenturm.png", "stations/7/tor.jpg"],
  others: [],
  addressSearch: false,
};
const file = (path: string, hash: string | null) => ({
  path,
  hash,
  size: 1,
  state: "same",
  by: null,
  at: null,
});

beforeEach(() => {
  window.history.replaceState(null, "", `/ops/studio?station=${FOLDER}`);
  vi.mocked(uploadMedia).mockReset();
});

describe("the station form", () => {
  it("begins the English dialogue, and picks, uploads and saves the station's picture", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/draft/station": () => json(edit),
      "GET /api/ops/pack/draft": () =>
        json({
          base: 1,
          live: 1,
          baseNumber: 1,
          liveNumber: 1,
          changed: 0,
          files: [
            file(`${FOLDER}/station.yaml`, "s".repeat(64)),
            file(`${FOLDER}/tor.jpg`, "t".repeat(64)),
          ],
        }),
      "POST /api/ops/pack/draft/stations/script": () =>
        json({ path: `${FOLDER}/script.en.ink`, from: `${FOLDER}/script.de.ink` }, 201),
      "PUT /api/ops/pack/draft/station": () =>
        json({
          ok: true,
          file: { ...file(`${FOLDER}/station.yaml`, "n".repeat(64)), state: "changed" },
        }),
    });
    vi.mocked(uploadMedia).mockResolvedValue({
      ok: true,
      file: { ...file(`${FOLDER}/tor.jpg`, "u".repeat(64)), state: "changed" },
    });
    renderView(<StudioView />);

    fireEvent.click(await screen.findByRole("button", { name: "Begin the dialogue in English" }));
    const made = await screen.findByRole("link", { name: /^script\.en\.ink made/ });
    expect(made.getAttribute("href")).toBe(
      `/ops/studio?file=${encodeURIComponent(`${FOLDER}/script.en.ink`)}`,
    );
    expect(server.requests.find((r) => r.method === "POST")?.body).toEqual({
      folder: FOLDER,
      language: "en",
    });

    const picture = screen.getByLabelText<HTMLSelectElement>("The station's picture");
    expect(picture.value).toBe("stations/7/hexenturm.png");
    expect([...picture.options].map((option) => option.text)).toEqual([
      "no picture",
      "hexenturm.png",
      "tor.jpg",
    ]);
    fireEvent.change(picture, { target: { value: "" } });
    expect(picture.value).toBe("");

    // An upload over a file of the folder names its hash, and is chosen at once.
    const chosen = new File(["jpg"], "Tor.JPG", { type: "image/jpeg" });
    fireEvent.change(screen.getByLabelText("Upload a new picture:"), {
      target: { files: [chosen] },
    });
    await waitFor(() => expect(picture.value).toBe("stations/7/tor.jpg"));
    expect(vi.mocked(uploadMedia).mock.calls[0]?.slice(0, 3)).toEqual([
      `${FOLDER}/tor.jpg`,
      chosen,
      "t".repeat(64),
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText("Saved to the draft.");
    const saved = server.requests.find((r) => r.method === "PUT")?.body as {
      form: OpsStationEdit["form"];
    };
    expect(saved.form).toEqual({ ...edit.form, image: "stations/7/tor.jpg" });
  });

  it("turns the idle reminder on with its wait and its lines, and holds a save without German", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/draft/station": () => json(edit),
      "GET /api/ops/pack/draft": () =>
        json({ base: 1, live: 1, baseNumber: 1, liveNumber: 1, changed: 0, files: [] }),
      "PUT /api/ops/pack/draft/station": () =>
        json({
          ok: true,
          file: { ...file(`${FOLDER}/station.yaml`, "n".repeat(64)), state: "changed" },
        }),
    });
    renderView(<StudioView />);

    fireEvent.click(
      await screen.findByLabelText("The character speaks up when a question stays unanswered"),
    );
    const save = screen.getByRole<HTMLButtonElement>("button", { name: "Save to the draft" });
    expect(screen.getByRole("alert").textContent).toContain("Write in German");
    expect(save.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("After"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("What the character says then (German)"), {
      target: { value: "Na, noch da?" },
    });
    fireEvent.change(
      screen.getByLabelText("Instead, while the question has a hint left (offers it) (English)"),
      { target: { value: "Stuck? I have a hint." } },
    );
    expect(screen.queryByRole("alert")).toBe(null);
    fireEvent.click(save);
    await screen.findByText("Saved to the draft.");
    const saved = server.requests.find((r) => r.method === "PUT")?.body as {
      form: OpsStationEdit["form"];
    };
    expect(saved.form.reminder).toEqual({
      after: "3m",
      text: { de: "Na, noch da?" },
      hint: { en: "Stuck? I have a hint." },
    });
  });

  it("offers the English dialogue beside the check's warning that it is missing", () => {
    const warning = {
      file: `${FOLDER}/station.yaml`,
      line: 14,
      message:
        "missing in English (en): texts.en, script.en.ink; players who chose English get the German",
      severity: "warning" as const,
    };
    expect(missingScriptOf(warning)).toEqual({ folder: FOLDER, language: "en" });
    expect(missingScriptOf({ ...warning, message: "missing in English (en): texts.en" })).toBe(
      null,
    );
    renderView(
      <CheckResult
        check={{
          ok: true,
          errors: 0,
          warnings: 1,
          groups: [
            { kind: "station", folder: FOLDER, id: 7, title: "Hexenturm", problems: [warning] },
          ],
        }}
      />,
    );
    expect(screen.getByRole("button", { name: "Begin the dialogue in English" })).toBeTruthy();
  });
});
