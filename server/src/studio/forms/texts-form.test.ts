import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../../config";
import { readTexts, writeTexts } from "./texts-form";

const demo = readFileSync(resolve(repoRoot, "content/demo/game.yaml"), "utf8");

function formOf(text: string) {
  const read = readTexts(text);
  if (!read.ok) throw new Error(read.reason);
  return read.form;
}

/** The lines of `after` that are not those of `before`, in order. */
function changedLines(before: string, after: string): string[] {
  const old = new Set(before.split("\n"));
  return after.split("\n").filter((line) => !old.has(line));
}

describe("the studio's texts form over game.yaml", () => {
  it("reads what players read besides stations and stories, in the game's languages", () => {
    const read = readTexts(demo);
    if (!read.ok) throw new Error(read.reason);
    expect(read.languages).toEqual(["de", "en"]);
    expect(read.form.rejection.en).toBe("That's not it, I'm afraid. Try again!");
    expect(read.form.intro).toHaveLength(4);
    expect(read.form.help[0]?.headline.de).toBe("Wie starte ich eine Station?");
    expect(read.form.news).toHaveLength(3);
    expect(read.form.crest.map((row) => row.finishedStories)).toEqual([0, 1, 2, 3]);
    expect(read.form.privacy?.de).toContain("Datenschutz");
  });

  it("writes a changed one-line text where it stands, and nothing else", () => {
    const form = formOf(demo);
    const help = form.help.map((item, index) =>
      index === 0 ? { ...item, headline: { ...item.headline, en: "How do I begin?" } } : item,
    );
    const crest = form.crest.map((row) =>
      row.finishedStories === 2 ? { ...row, caption: { ...row.caption, de: "Sammlerin" } } : row,
    );
    const after = writeTexts(demo, {
      ...form,
      help,
      crest,
      rejection: { ...form.rejection, de: "Leider falsch." },
    });
    expect(changedLines(demo, after)).toEqual([
      "    de: Leider falsch.",
      "      de: Sammlerin",
      "      en: How do I begin?",
    ]);
    expect(after.split("\n")).toHaveLength(demo.split("\n").length);
    const reread = formOf(after);
    expect(reread.help[0]?.headline.en).toBe("How do I begin?");
    expect(reread.crest[2]?.caption.de).toBe("Sammlerin");
  });

  it("adds and removes questions of the help and news texts, keeping the file's comments", () => {
    const form = formOf(demo);
    const after = writeTexts(demo, {
      ...form,
      help: [...form.help, { headline: { de: "Neu?", en: "" }, text: { de: "Ja." } }],
      news: form.news.slice(1),
    });
    const reread = formOf(after);
    expect(reread.help.at(-1)).toEqual({ headline: { de: "Neu?" }, text: { de: "Ja." } });
    expect(reread.news).toEqual(form.news.slice(1));
    expect(after).toContain("# /webapp/intro: exactly four steps.");
    expect(parse(after).map).toEqual(parse(demo).map);
  });

  it("writes the reply to a rejected mission into texts, and takes it out again when emptied", () => {
    const form = formOf(demo);
    expect(form.missionRejected).toEqual({});
    const line = { de: "Das ist nicht der Drache.", en: "That's not the dragon." };
    const after = writeTexts(demo, { ...form, missionRejected: line });
    expect(parse(after).texts.missionRejected).toEqual(line);
    expect(formOf(after).missionRejected).toEqual(line);
    expect(parse(after).texts.rejection).toEqual(parse(demo).texts.rejection);
    const changed = writeTexts(after, {
      ...formOf(after),
      missionRejected: { ...line, en: "" },
    });
    expect(parse(changed).texts.missionRejected).toEqual({ de: line.de });
    const emptied = writeTexts(after, { ...formOf(after), missionRejected: { de: "", en: "" } });
    expect(parse(emptied).texts).not.toHaveProperty("missionRejected");
    expect(emptied).toBe(demo);
  });

  it("writes a new privacy text of several lines", () => {
    const form = formOf(demo);
    const text = "Wir speichern wenig.\n\nUnd löschen früh.";
    const after = writeTexts(demo, { ...form, privacy: { ...form.privacy, de: text } });
    expect(formOf(after).privacy?.de).toBe(text);
    expect(formOf(after).privacy?.en).toBe(form.privacy?.en);
  });

  it("changes the pictures of an introduction's step and a crest row where they stand", () => {
    const form = formOf(demo);
    expect(form.intro.map((step) => step.image)).toEqual([
      "intro/1.png",
      "intro/2.png",
      "intro/3.png",
      "intro/4.png",
    ]);
    expect(form.crest[1]?.image).toBe("points/wappen-1.png");
    const after = writeTexts(demo, {
      ...form,
      intro: form.intro.map((step, index) =>
        index === 1
          ? { ...step, image: "intro/karte.png" }
          : index === 3
            ? { ...step, image: null }
            : step,
      ),
      crest: form.crest.map((row) =>
        row.finishedStories === 1 ? { ...row, image: "points/feder.png" } : row,
      ),
    });
    expect(changedLines(demo, after)).toEqual([
      "    image: points/feder.png",
      "    image: intro/karte.png",
    ]);
    expect(after).not.toContain("image: intro/4.png");
    expect(formOf(after).intro.map((step) => step.image)).toEqual([
      "intro/1.png",
      "intro/karte.png",
      "intro/3.png",
      null,
    ]);
  });

  it("changes the privacy notice's provider: name, e-mail and the lines of the address", () => {
    const form = formOf(demo);
    expect(form.provider).toEqual({
      name: "Wegmarke Demo GmbH",
      address: ["Markt 1", "35037 Marburg", "Deutschland"],
      email: "datenschutz@wegmarke-demo.example",
    });
    const provider = {
      name: "Stadtmarketing Marburg e. V.",
      address: ["Pilgrimstein 26", "35037 Marburg"],
      email: "datenschutz@marburg.example",
    };
    const after = writeTexts(demo, { ...form, provider });
    expect(formOf(after).provider).toEqual(provider);
    expect(formOf(after).privacy).toEqual(form.privacy);
    expect(parse(after).privacy.provider).toEqual(provider);
    // The comment above the privacy notice stays.
    expect(after).toContain("# /webapp/privacy: the provider's legal address and the notice.");
  });
});
