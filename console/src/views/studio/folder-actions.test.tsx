import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { OpsDraftFile, OpsStationEdit, OpsStoryEdit } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { DraftFiles } from "./draft-files";
import { StationActions, StoryActions } from "./folder-actions";
import { NewStory } from "./new-station";

const FOLDER = "stations/3-marktplatz";
const HASH = "c".repeat(64);

const texts = { title: "Marktplatz", desc: "", descDone: "", longDesc: "" };
const station: OpsStationEdit = {
  folder: FOLDER,
  id: 3,
  hash: HASH,
  by: null,
  at: null,
  form: {
    name: "marktplatz",
    character: { de: "Lena" },
    latitude: 50.8,
    longitude: 8.77,
    points: 1,
    group: "",
    view: "station",
    style: "game-station",
    visible: true,
    live: true,
    trigger: "list",
    radius: null,
    image: "",
    texts: { de: texts },
    reminder: null,
  },
  languages: ["de"],
  scripts: ["script.de.ink"],
  images: [],
  others: [],
  addressSearch: false,
};

const story: OpsStoryEdit = {
  folder: "stories/2-bibliothek",
  id: 2,
  hash: HASH,
  by: null,
  at: null,
  form: {
    name: "bibliothek",
    live: true,
    requiredPoints: 1,
    image: "",
    texts: { de: { chapter: "Kapitel 2", headline: "Die Bibliothek", text: "", audio: "" } },
  },
  languages: ["de"],
  images: [],
  audio: [],
};

const file = (path: string, changes: Partial<OpsDraftFile> = {}): OpsDraftFile => ({
  path,
  hash: "a".repeat(64),
  size: 100,
  state: "same",
  by: null,
  at: null,
  ...changes,
});

beforeEach(() => window.history.replaceState(null, "", `/ops/studio?station=${FOLDER}`));

describe("deleting and copying in the studio", () => {
  it("asks before it deletes a station, keeps it on 'keep', then deletes it and goes back", async () => {
    const server = fakeServer({
      "DELETE /api/ops/pack/draft/station": () => json({ folder: FOLDER, removed: [] }),
    });
    renderView(<StationActions edit={station} dirty={false} reload={vi.fn()} />, {
      language: "de",
    });
    fireEvent.click(screen.getByRole("button", { name: "Station löschen" }));
    const question = screen.getByRole("group");
    expect(question.textContent).toContain(
      "Station 3 „Marktplatz“ mit ihren Dialogen und Medien löschen? Sie verschwindet aus dem Entwurf; bis zum Veröffentlichen lässt sich das mit „Entwurf verwerfen“ zurücknehmen, danach über „Versionen“.",
    );
    // "Keep" is focused first: Enter changes nothing.
    expect(document.activeElement?.textContent).toBe("Behalten");
    fireEvent.click(screen.getByRole("button", { name: "Behalten" }));
    expect(screen.queryByRole("group")).toBeNull();
    expect(server.requests).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Station löschen" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, löschen" }));
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.method).toBe("DELETE");
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      folder: FOLDER,
      replaces: HASH,
    });
  });

  it("deletes nothing another author changed meanwhile, and offers to load it again", async () => {
    fakeServer({
      "DELETE /api/ops/pack/draft/story": () => text("story.yaml was changed", 409),
    });
    const reload = vi.fn();
    renderView(<StoryActions edit={story} reload={reload} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete story" }));
    expect(screen.getByRole("group").textContent).toContain(
      "Delete story 2 “Die Bibliothek” with its pictures and narration?",
    );
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    expect((await screen.findByRole("alert")).textContent).toContain("nothing was deleted");
    fireEvent.click(screen.getByRole("button", { name: "Load again" }));
    expect(reload).toHaveBeenCalled();
    expect(window.location.search).toBe(`?station=${FOLDER}`);
  });

  it("copies a station and opens the copy's form, saying that unsaved changes stay behind", async () => {
    const server = fakeServer({
      "POST /api/ops/pack/draft/station/copy": () =>
        json({ folder: "stations/16-marktplatz-kopie", id: 16 }, 201),
    });
    renderView(<StationActions edit={station} dirty reload={vi.fn()} />);
    expect(screen.getByText(/save first to take your changes along/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Duplicate station" }));
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get("station")).toBe(
        "stations/16-marktplatz-kopie",
      ),
    );
    expect(server.requests[0]?.body).toEqual({ folder: FOLDER });
  });

  it("deletes a single file after a question, but offers no deletion of a station's yaml", async () => {
    const server = fakeServer({
      "DELETE /api/ops/pack/draft/file": () =>
        json({ ok: true, file: file(`${FOLDER}/bild.jpg`, { hash: null, state: "removed" }) }),
    });
    const changed = vi.fn();
    renderView(
      <DraftFiles
        files={[file(`${FOLDER}/bild.jpg`), file(`${FOLDER}/station.yaml`)]}
        onChanged={changed}
      />,
    );
    expect(screen.queryByRole("button", { name: "Delete station.yaml" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete bild.jpg" }));
    const question = screen.getByRole("group", { name: /^Delete “bild.jpg” from the draft\?/ });
    expect(question.textContent).toContain(
      "Until you publish, “Discard the draft” brings it back, afterwards “Versions”.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      path: `${FOLDER}/bild.jpg`,
      replaces: "a".repeat(64),
    });
    expect(question.isConnected).toBe(false);
  });

  it("makes a new story from its headline and opens its form", async () => {
    const server = fakeServer({
      "POST /api/ops/pack/draft/stories": () =>
        json({ folder: "stories/4-die-brueder-grimm", id: 4 }, 201),
    });
    renderView(<NewStory />, { language: "de" });
    fireEvent.change(screen.getByRole("textbox", { name: "Überschrift der neuen Geschichte" }), {
      target: { value: " Die Brüder Grimm " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Geschichte anlegen" }));
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get("story")).toBe(
        "stories/4-die-brueder-grimm",
      ),
    );
    expect(server.requests[0]?.body).toEqual({ title: "Die Brüder Grimm" });
  });
});
