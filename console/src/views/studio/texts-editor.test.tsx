import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { StudioView } from "./studio";

const form = {
  rejection: { de: "Leider falsch.", en: "Not quite." },
  intro: [],
  help: [{ headline: { de: "Wie starte ich?", en: "How do I start?" }, text: { de: "Tippen." } }],
  news: [{ de: "Heute Markt!", en: "Market today!" }],
  crest: [{ finishedStories: 0, caption: { de: "Wanderer", en: "Wanderer" } }],
  privacy: null,
};

beforeEach(() => window.history.replaceState(null, "", "/ops/studio?texts"));

describe("the studio's texts form", () => {
  it("marks a missing translation, adds a question, removes a news text and saves", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/draft/texts": () =>
        json({ hash: "t".repeat(64), by: null, at: null, languages: ["de", "en"], form }),
      "PUT /api/ops/pack/draft/texts": () =>
        json({
          ok: true,
          file: {
            path: "game.yaml",
            hash: "u".repeat(64),
            size: 1,
            state: "changed",
            by: null,
            at: null,
          },
        }),
    });
    renderView(<StudioView />);
    await screen.findByRole("heading", { name: "What players read" });
    // The English answer of question 1 is missing.
    const answer = screen.getByLabelText("Answer 1 (English)");
    expect(answer.className).toBe("station-texts__missing");
    fireEvent.change(answer, { target: { value: "Tap." } });
    fireEvent.click(screen.getByRole("button", { name: "Add a question" }));
    fireEvent.change(screen.getByLabelText("Question 2 (German)"), {
      target: { value: "Wo ist die Karte?" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Remove news text 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText("Saved to the draft.");
    expect(server.requests.find((request) => request.method === "PUT")?.body).toEqual({
      replaces: "t".repeat(64),
      form: {
        ...form,
        help: [
          { ...form.help[0], text: { de: "Tippen.", en: "Tap." } },
          { headline: { de: "Wo ist die Karte?" }, text: { de: "" } },
        ],
        news: [],
      },
    });
  });
});
