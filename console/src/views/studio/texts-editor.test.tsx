import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { StudioView } from "./studio";

const form = {
  rejection: { de: "Leider falsch.", en: "Not quite." },
  missionRejected: {},
  intro: [],
  help: [{ headline: { de: "Wie starte ich?", en: "How do I start?" }, text: { de: "Tippen." } }],
  news: [{ de: "Heute Markt!", en: "Market today!" }],
  crest: [
    {
      finishedStories: 0,
      image: "points/wappen-0.png",
      caption: { de: "Wanderer", en: "Wanderer" },
    },
  ],
  privacy: null,
  provider: null,
};
const pictures = ["intro/1.png", "intro/karte.png", "points/wappen-0.png", "points/feder.png"];
const saved = {
  ok: true,
  file: { path: "game.yaml", hash: "u".repeat(64), size: 1, state: "changed", by: null, at: null },
};

beforeEach(() => window.history.replaceState(null, "", "/ops/studio?texts"));

describe("the studio's texts form", () => {
  it("marks a missing translation, adds a question, removes a news text and saves", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/draft/texts": () =>
        json({ hash: "t".repeat(64), by: null, at: null, languages: ["de", "en"], form, pictures }),
      "PUT /api/ops/pack/draft/texts": () => json(saved),
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

  it("changes an introduction step's picture, a crest's picture and the privacy notice's provider", async () => {
    const full = {
      ...form,
      intro: [
        { headline: { de: "Willkommen" }, text: { de: "Los geht's." }, image: "intro/1.png" },
      ],
      privacy: { de: "Wir speichern wenig." },
      provider: {
        name: "Demo GmbH",
        address: ["Markt 1", "35037 Marburg"],
        email: "a@demo.example",
      },
    };
    const server = fakeServer({
      "GET /api/ops/pack/draft/texts": () =>
        json({ hash: "t".repeat(64), by: null, at: null, languages: ["de"], form: full, pictures }),
      "PUT /api/ops/pack/draft/texts": () => json(saved),
    });
    renderView(<StudioView />);
    const step = await screen.findByLabelText("Picture of step 1");
    // A step's pictures are those of intro/; a crest's those of points/, where one is required.
    expect([...(step as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      "",
      "intro/1.png",
      "intro/karte.png",
    ]);
    fireEvent.change(step, { target: { value: "intro/karte.png" } });
    const crest = screen.getByLabelText("Crest after 0 stories");
    expect([...(crest as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      "points/wappen-0.png",
      "points/feder.png",
    ]);
    fireEvent.change(crest, { target: { value: "points/feder.png" } });
    fireEvent.change(screen.getByLabelText("Postal address (one line per line)"), {
      target: { value: "Pilgrimstein 26\n35037 Marburg" },
    });
    fireEvent.change(screen.getByLabelText("E-mail address for privacy questions"), {
      target: { value: "datenschutz@marburg.example" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText("Saved to the draft.");
    expect(server.requests.find((request) => request.method === "PUT")?.body).toEqual({
      replaces: "t".repeat(64),
      form: {
        ...full,
        intro: [{ ...full.intro[0], image: "intro/karte.png" }],
        crest: [{ ...form.crest[0], image: "points/feder.png" }],
        provider: {
          name: "Demo GmbH",
          address: ["Pilgrimstein 26", "35037 Marburg"],
          email: "datenschutz@marburg.example",
        },
      },
    });
    // The picture chosen is shown beside its choice, as the draft has it.
    expect(step.closest(".media-choice")?.querySelector("img")?.getAttribute("src")).toBe(
      "/api/ops/pack/draft/media?path=intro%2Fkarte.png",
    );
  });
});
