import { fireEvent, screen, within } from "@testing-library/react";
import type { OpsStoryEdit } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { StudioView } from "./studio";

const FOLDER = "stories/2-bibliothek";
const edit = (hash: string, changes: Partial<OpsStoryEdit["form"]> = {}): OpsStoryEdit => ({
  folder: FOLDER,
  id: 2,
  hash: hash.repeat(64),
  by: "ben",
  at: null,
  form: {
    name: "bibliothek",
    live: true,
    requiredPoints: 2,
    image: "",
    texts: {
      de: { chapter: "Kapitel 2", headline: "Die Bibliothek", text: "", audio: "" },
      en: { chapter: "Chapter 2", headline: "", text: "", audio: "" },
    },
    ...changes,
  },
  languages: ["de", "en"],
  images: [],
  audio: [],
});

/** The story's file after Ben's save: the form he saved, as the conflict names it. */
const refused = (hash: string) =>
  json(
    {
      ok: false,
      theirs: {
        path: `${FOLDER}/story.yaml`,
        hash: hash.repeat(64),
        text: "",
        by: "ben",
        at: null,
      },
      changes: [],
    },
    409,
  );

beforeEach(() => window.history.replaceState(null, "", `/ops/studio?story=${FOLDER}`));

describe("a form another author saved meanwhile", () => {
  it("merges their fields with one's own and saves both", async () => {
    let current = edit("a");
    const server = fakeServer({
      "GET /api/ops/pack/draft/story": () => json(current),
      "PUT /api/ops/pack/draft/story": ({ body }) => {
        const { replaces } = body as { replaces: string };
        if (replaces === "a".repeat(64)) {
          // Ben took the story off meanwhile.
          current = edit("b", { live: false });
          return refused("b");
        }
        return json({
          ok: true,
          file: {
            path: `${FOLDER}/story.yaml`,
            hash: "c".repeat(64),
            size: 1,
            state: "changed",
            by: "anna",
            at: null,
          },
        });
      },
    });
    renderView(<StudioView />);
    fireEvent.change(await screen.findByLabelText(/^Headline \(English\)/), {
      target: { value: "The Library" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText(
      "ben changed this file meanwhile, on other lines: both your edits and theirs are saved.",
    );
    const puts = server.requests.filter((request) => request.method === "PUT");
    expect(puts.at(-1)?.body).toMatchObject({
      replaces: "b".repeat(64),
      form: { live: false, texts: { en: { headline: "The Library" } } },
    });
    expect((screen.getByLabelText(/Live/) as HTMLInputElement).checked).toBe(false);
  });

  it("names a field both changed differently, with its language", async () => {
    let current = edit("a");
    fakeServer({
      "GET /api/ops/pack/draft/story": () => json(current),
      "PUT /api/ops/pack/draft/story": () => {
        current = edit("b", {
          texts: {
            ...edit("a").form.texts,
            en: { chapter: "Chapter 2", headline: "Library", text: "", audio: "" },
          },
        });
        return refused("b");
      },
    });
    renderView(<StudioView />);
    fireEvent.change(await screen.findByLabelText(/^Headline \(English\)/), {
      target: { value: "The Library" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    const alert = await screen.findByRole("alert");
    const clash = within(alert).getByRole("listitem");
    expect(within(clash).getByText("Headline (English)")).toBeTruthy();
    expect(within(clash).getByText("The Library")).toBeTruthy();
    expect(within(clash).getByText("Library")).toBeTruthy();
  });

  it("merges the game's settings with another author's title", async () => {
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
    // Ben changed the English title meanwhile.
    const theirs = { ...form, title: { ...form.title, en: "Marburg's Fairy Tales" } };
    let current = { hash: "a".repeat(64), form };
    const server = fakeServer({
      "GET /api/ops/pack/draft/game": () => json({ ...current, by: null, at: null, pictures: [] }),
      "PUT /api/ops/pack/draft/game": ({ body }) => {
        const { replaces } = body as { replaces: string };
        if (replaces === "a".repeat(64)) {
          current = { hash: "b".repeat(64), form: theirs };
          return refused("b");
        }
        return json({
          ok: true,
          file: {
            path: "game.yaml",
            hash: "c".repeat(64),
            size: 1,
            state: "changed",
            by: "anna",
            at: null,
          },
        });
      },
    });
    window.history.replaceState(null, "", "/ops/studio?game");
    renderView(<StudioView />);
    fireEvent.change(await screen.findByLabelText("Teams"), { target: { value: "optional" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText(/^ben changed this file meanwhile/);
    expect(server.requests.filter((request) => request.method === "PUT").at(-1)?.body).toEqual({
      replaces: "b".repeat(64),
      form: { ...theirs, teams: "optional" },
    });
  });
});
