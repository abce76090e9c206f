import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { EditorView } from "@codemirror/view";
import type { OpsDraftFile } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { RolesContext } from "../../components/roles";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { StudioView } from "./studio";

const SCRIPT = "stations/3-elisabethkirche/script.de.ink";
const script = Array.from({ length: 16 }, (_, index) => `Zeile ${index + 1}`).join("\n");

const file = (path: string, changes: Partial<OpsDraftFile> = {}): OpsDraftFile => ({
  path,
  hash: "a".repeat(64),
  size: 100,
  state: "same",
  by: null,
  at: null,
  ...changes,
});

const draft = {
  base: 1,
  live: 1,
  baseNumber: 1,
  liveNumber: 1,
  changed: 1,
  files: [
    file("game.yaml"),
    file("map/oberstadt.svg"),
    file(SCRIPT, { state: "changed", by: "anna", at: "2026-11-26T10:00:00Z" }),
    file("stations/3-elisabethkirche/station.yaml"),
  ],
};

beforeEach(() => window.history.replaceState(null, "", "/ops/studio"));

/** The CodeMirror view of an editor's content. */
function viewOf(content: HTMLElement): EditorView {
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error("no editor");
  return view;
}

/** Replaces the editor's text, as typing all of it would. */
function type(content: HTMLElement, text: string): void {
  const view = viewOf(content);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

describe("the studio", () => {
  it("lists the draft's files, checks it by station and opens a problem at its line", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/draft": () => json(draft),
      "POST /api/ops/pack/draft/check": () =>
        json({
          ok: false,
          errors: 1,
          warnings: 1,
          groups: [
            {
              kind: "station",
              folder: "stations/3-elisabethkirche",
              id: 3,
              title: "Die Elisabethkirche",
              problems: [
                {
                  file: SCRIPT,
                  line: 15,
                  message: "Divert target not found: '-> ENDE'",
                  severity: "error",
                },
                {
                  file: "stations/3-elisabethkirche",
                  message: "far from all others",
                  severity: "warning",
                },
              ],
            },
          ],
        }),
      "GET /api/ops/pack/draft/file": () =>
        json({ path: SCRIPT, hash: "b".repeat(64), text: script, by: "anna", at: null }),
    });
    renderView(<StudioView />);
    expect(
      await screen.findByRole("heading", { name: "Draft on version 1 · live: version 1" }),
    ).toBeTruthy();
    expect(screen.getByText("1 file changed in the draft.")).toBeTruthy();
    const folder = screen.getByText("stations/3-elisabethkirche").closest("details");
    expect(folder?.open).toBe(true);
    expect(within(folder as HTMLElement).getByText("changed", { selector: ".pill" })).toBeTruthy();
    expect(screen.getByText("anna, 26 Nov 2026, 10:00", { exact: false })).toBeTruthy();
    // Media are named, text files open.
    expect(screen.getByRole("link", { name: "station.yaml" }).getAttribute("href")).toBe(
      "/ops/studio?file=stations%2F3-elisabethkirche%2Fstation.yaml",
    );
    expect(screen.queryByRole("link", { name: "oberstadt.svg" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("The check found 1 error and 1 warning.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Station 3: Die Elisabethkirche" })).toBeTruthy();
    const place = screen.getByRole("link", { name: `${SCRIPT}, line 15` });
    expect(screen.getByText("far from all others")).toBeTruthy();

    fireEvent.click(place);
    const editor = await screen.findByRole("textbox", { name: `Content of ${SCRIPT}` });
    expect(window.location.search).toBe(`?file=${encodeURIComponent(SCRIPT)}&line=15`);
    const view = viewOf(editor);
    expect(view.state.doc.toString()).toBe(script);
    // The line of the problem is selected.
    const { from, to } = view.state.selection.main;
    expect(view.state.sliceDoc(from, to)).toBe("Zeile 15");
    const opened = server.requests.find((request) => request.path.endsWith("/draft/file"));
    expect(opened?.query.get("path")).toBe(SCRIPT);
  });

  it("refuses to overwrite another author's save, then takes theirs or keeps one's own", async () => {
    const theirs = `${script}\nVon Ben`;
    let current = "b".repeat(64);
    const server = fakeServer({
      "GET /api/ops/pack/draft/file": () =>
        json({ path: SCRIPT, hash: "b".repeat(64), text: script, by: null, at: null }),
      "PUT /api/ops/pack/draft/file": ({ body }) => {
        const { replaces } = body as { replaces: string };
        if (replaces !== current) {
          return json(
            {
              ok: false,
              theirs: {
                path: SCRIPT,
                hash: current,
                text: theirs,
                by: "ben",
                at: "2026-11-26T10:05:00Z",
              },
              changes: [
                {
                  oldStart: 14,
                  oldLines: 3,
                  newStart: 14,
                  newLines: 4,
                  lines: [" Zeile 14", " Zeile 15", " Zeile 16", "+Von Ben"],
                },
              ],
            },
            409,
          );
        }
        current = "d".repeat(64);
        return json({
          ok: true,
          file: file(SCRIPT, { hash: current, state: "changed", by: "anna" }),
        });
      },
    });
    window.history.replaceState(null, "", `/ops/studio?file=${encodeURIComponent(SCRIPT)}`);
    current = "c".repeat(64); // Ben saved after Anna opened the file.
    renderView(<StudioView />);
    const editor = await screen.findByRole("textbox", { name: `Content of ${SCRIPT}` });
    const save = screen.getByRole("button", { name: "Save to the draft" });
    expect(save.hasAttribute("disabled")).toBe(true);

    type(editor, `${script}\nVon Anna`);
    expect(screen.getByText("Not saved yet")).toBeTruthy();
    fireEvent.click(save);
    const alert = await screen.findByRole("alert");
    // Both added a line after line 16: a collision, said in words.
    expect(alert.textContent).toContain(
      "ben saved this file 26 Nov 2026, 10:05 and changed the same lines as you, differently. Nothing was overwritten:",
    );
    const collision = within(alert).getByRole("listitem");
    expect(within(collision).getByText("Line 17")).toBeTruthy();
    expect(within(collision).getByText("Von Anna")).toBeTruthy();
    expect(within(collision).getByText("Von Ben")).toBeTruthy();
    expect(alert.querySelector(".studio__theirs")?.textContent).toBe(theirs);
    // Anna's text stays in the editor while she decides.
    expect(viewOf(editor).state.doc.toString()).toBe(`${script}\nVon Anna`);

    fireEvent.click(within(alert).getByRole("button", { name: "Save mine over theirs" }));
    expect(await screen.findByText("Saved to the draft.")).toBeTruthy();
    const puts = server.requests.filter((request) => request.method === "PUT");
    expect(puts.map((request) => request.body)).toEqual([
      { path: SCRIPT, text: `${script}\nVon Anna`, replaces: "b".repeat(64) },
      { path: SCRIPT, text: `${script}\nVon Anna`, replaces: "c".repeat(64) },
    ]);

    // Another conflict, and this time Anna takes Ben's version.
    type(editor, "Nur Anna");
    current = "e".repeat(64);
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    fireEvent.click(await screen.findByRole("button", { name: "Take their version" }));
    expect(viewOf(editor).state.doc.toString()).toBe(theirs);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Not saved yet")).toBeNull();
  });

  it("merges another author's edits of other lines with one's own, and saves both", async () => {
    const theirs = `${script}\nVon Ben`;
    const server = fakeServer({
      "GET /api/ops/pack/draft/file": () =>
        json({ path: SCRIPT, hash: "b".repeat(64), text: script, by: null, at: null }),
      "PUT /api/ops/pack/draft/file": ({ body }) => {
        const { replaces } = body as { replaces: string };
        if (replaces === "b".repeat(64)) {
          return json(
            {
              ok: false,
              theirs: { path: SCRIPT, hash: "c".repeat(64), text: theirs, by: "ben", at: null },
              changes: [],
            },
            409,
          );
        }
        return json({ ok: true, file: file(SCRIPT, { hash: "d".repeat(64), by: "anna" }) });
      },
    });
    window.history.replaceState(null, "", `/ops/studio?file=${encodeURIComponent(SCRIPT)}`);
    renderView(<StudioView />);
    const editor = await screen.findByRole("textbox", { name: `Content of ${SCRIPT}` });
    type(editor, script.replace("Zeile 1\n", "Erste Zeile\n"));
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText(
      "ben changed this file meanwhile, on other lines: both your edits and theirs are saved.",
    );
    const merged = `${script.replace("Zeile 1\n", "Erste Zeile\n")}\nVon Ben`;
    // The note may show before the editor takes the merged text on a loaded machine.
    await waitFor(() => expect(viewOf(editor).state.doc.toString()).toBe(merged));
    const puts = () => server.requests.filter((request) => request.method === "PUT");
    await waitFor(() =>
      expect(puts().at(-1)?.body).toEqual({ path: SCRIPT, text: merged, replaces: "c".repeat(64) }),
    );
    expect(screen.queryByText("Not saved yet")).toBeNull();
  });

  it("compiles a script as it is typed and offers what a misspelt name most likely meant", async () => {
    const typed = "VAR points = 0\n- (frage)\nWelches Tier?\n-> frgae\n";
    const server = fakeServer({
      "GET /api/ops/pack/draft/file": () =>
        json({ path: SCRIPT, hash: "b".repeat(64), text: "VAR points = 0\n", by: null, at: null }),
      "POST /api/ops/pack/draft/compile": ({ body }) => {
        const { text: compiled } = body as { text: string };
        return json({
          problems: compiled.includes("-> frgae")
            ? [
                {
                  line: 4,
                  message: "Divert target not found: '-> frgae'",
                  suggestion: { wrong: "frgae", right: "frage" },
                },
              ]
            : [],
          ms: 40,
        });
      },
    });
    window.history.replaceState(null, "", `/ops/studio?file=${encodeURIComponent(SCRIPT)}`);
    renderView(<StudioView />);
    const editor = await screen.findByRole("textbox", { name: `Content of ${SCRIPT}` });
    type(editor, typed);
    const found = await screen.findByText("1 error in the script:");
    const list = found.closest("[role=status]") as HTMLElement;
    expect(list.textContent).toContain(
      "Line 4: Divert target not found: '-> frgae' Did you mean “frage”?",
    );
    fireEvent.click(within(list).getByRole("button", { name: "Use “frage”" }));
    expect(viewOf(editor).state.doc.toString()).toBe(typed.replace("-> frgae", "-> frage"));
    expect(await screen.findByText("The script compiles: no errors.")).toBeTruthy();
    const compiles = server.requests.filter((request) => request.path.endsWith("/compile"));
    expect(compiles.at(-1)?.body).toEqual({ path: SCRIPT, text: typed.replace("frgae", "frage") });
  });

  it("edits the game's title, languages, teams and app in a form, and saves it over what it read", async () => {
    const form = {
      title: { de: "Märchenhaftes Marburg", en: "Fairy-tale Marburg" },
      defaultLanguage: "de",
      languages: ["de", "en"],
      teams: "off",
      registrationLess: false,
      followBrowserLanguage: true,
      allowGeolocation: true,
      debug: false,
      app: { shortName: "", themeColor: "", backgroundColor: "", icon: "" },
      clock: { start: "", end: "" },
    };
    const pictures = ["app/icon.png"];
    const server = fakeServer({
      "GET /api/ops/pack/draft/game": () =>
        json({ hash: "g".repeat(64), by: null, at: null, form, pictures }),
      "PUT /api/ops/pack/draft/game": () =>
        json({ ok: true, file: file("game.yaml", { hash: "h".repeat(64), state: "changed" }) }),
    });
    window.history.replaceState(null, "", "/ops/studio?game");
    renderView(<StudioView />);
    await screen.findByRole("heading", { name: "The game: title, languages, settings" });
    const save = screen.getByRole("button", { name: "Save to the draft" });
    fireEvent.change(screen.getByLabelText("Teams"), { target: { value: "optional" } });
    fireEvent.click(screen.getByLabelText("German (formal)"));
    // Without a title in the default language the game cannot be saved.
    const german = screen.getByLabelText("Title (German)");
    fireEvent.change(german, { target: { value: "" } });
    expect(save.hasAttribute("disabled")).toBe(true);
    fireEvent.change(german, { target: { value: "Marburg im Team" } });
    // The app on the phone: a colour that is none blocks saving, with the reason.
    const bar = screen.getByLabelText("Colour of the phone's bar");
    fireEvent.change(bar, { target: { value: "red" } });
    expect(save.hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("alert").textContent).toContain("six hex digits");
    fireEvent.change(bar, { target: { value: "#A3302A" } });
    fireEvent.change(screen.getByLabelText("Name under the icon (at most 12 characters)"), {
      target: { value: "Im Team" },
    });
    fireEvent.change(screen.getByLabelText(/^Icon/), { target: { value: "app/icon.png" } });
    fireEvent.click(save);
    await screen.findByText("Saved to the draft.");
    const put = server.requests.find((request) => request.method === "PUT");
    expect(put?.body).toEqual({
      replaces: "g".repeat(64),
      form: {
        ...form,
        title: { de: "Marburg im Team", en: "Fairy-tale Marburg" },
        languages: ["de", "de-formal", "en"],
        teams: "optional",
        app: {
          shortName: "Im Team",
          themeColor: "#A3302A",
          backgroundColor: "",
          icon: "app/icon.png",
        },
      },
    });
  });

  it("takes another author's version of a form, which it then shows", async () => {
    const form = (title: string) => ({
      title: { de: title },
      defaultLanguage: "de",
      languages: ["de"],
      teams: "off",
      registrationLess: false,
      followBrowserLanguage: false,
      allowGeolocation: true,
      debug: false,
      app: { shortName: "", themeColor: "", backgroundColor: "", icon: "" },
      clock: { start: "", end: "" },
    });
    let hash = "a".repeat(64);
    let title = "Erste Fassung";
    fakeServer({
      "GET /api/ops/pack/draft/game": () =>
        json({ hash, by: "ben", at: null, form: form(title), pictures: [] }),
      "PUT /api/ops/pack/draft/game": () => {
        // Ben saved first.
        hash = "b".repeat(64);
        title = "Bens Fassung";
        return json(
          {
            ok: false,
            theirs: {
              path: "game.yaml",
              hash,
              text: "title:\n  de: Bens Fassung\n",
              by: "ben",
              at: null,
            },
            changes: [],
          },
          409,
        );
      },
    });
    window.history.replaceState(null, "", "/ops/studio?game");
    renderView(<StudioView />);
    const field = await screen.findByLabelText<HTMLInputElement>("Title (German)");
    fireEvent.change(field, { target: { value: "Annas Fassung" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    fireEvent.click(await screen.findByRole("button", { name: "Take their version" }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>("Title (German)").value).toBe("Bens Fassung"),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Not saved yet")).toBeNull();
  });

  it("tells an operator without the author role that the studio is the authors'", () => {
    fakeServer({});
    renderView(
      <RolesContext value={["host"]}>
        <StudioView />
      </RolesContext>,
    );
    expect(screen.getByText(/author role/i)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Check" })).toBeNull();
  });
});
