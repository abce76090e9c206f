import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../config";
import { readStory, writeStory } from "./story-form";

const demo = (folder: string) =>
  readFile(resolve(repoRoot, "content/demo/stories", folder, "story.yaml"), "utf8");

const EMPTY = { chapter: "", headline: "", text: "", audio: "" };

describe("the studio's story form", () => {
  it("reads a story.yaml, and writes back only what changed", async () => {
    const yaml = await demo("2-savignys-bibliothek");
    const read = readStory(yaml);
    if (!read.ok) throw new Error(read.reason);
    expect(read.id).toBe(2);
    expect(read.form).toMatchObject({
      name: "savignys-bibliothek",
      live: true,
      requiredPoints: 2,
      image: "stories/2/bibliothek.png",
      texts: {
        de: {
          chapter: "Kapitel 2",
          headline: "Die Bibliothek des Professors",
          audio: "stories/2/erzaehlung.mp3",
        },
        en: { headline: "The professor's library", audio: "stories/2/narration-en.mp3" },
      },
    });
    expect(writeStory(yaml, read.form)).toBe(yaml);

    const written = writeStory(yaml, {
      ...read.form,
      requiredPoints: 3,
      texts: {
        ...read.form.texts,
        de: { ...(read.form.texts.de ?? EMPTY), headline: "Die Bibliothek" },
        en: { ...(read.form.texts.en ?? EMPTY), audio: "" },
      },
    });
    // One-line values in place: the comment and the long texts stay byte for byte.
    expect(written).toContain(
      "# Offered once the player has 2 stations with points.\nrequiredPoints: 3\n",
    );
    expect(written).toContain("  de: Die Bibliothek\n");
    expect(written).not.toContain("narration-en.mp3");
    expect(written).toContain(yaml.slice(yaml.indexOf("text:")));
    expect(readStory(written)).toMatchObject({ ok: true, form: { requiredPoints: 3 } });
  });

  it("writes a localized field whole where the file gives one value for every language", async () => {
    const yaml = (await demo("1-zwei-studenten")).replace(
      /^audio:\n(?: {2}.*\n)+/m,
      "audio: stories/1/erzaehlung.mp3\n",
    );
    const read = readStory(yaml);
    if (!read.ok) throw new Error(read.reason);
    expect(read.form.texts.de?.audio).toBe("stories/1/erzaehlung.mp3");
    const written = writeStory(yaml, {
      ...read.form,
      texts: {
        ...read.form.texts,
        en: { ...(read.form.texts.en ?? EMPTY), audio: "stories/1/narration-en.mp3" },
      },
    });
    expect(readStory(written)).toMatchObject({
      ok: true,
      form: {
        texts: {
          de: { audio: "stories/1/erzaehlung.mp3" },
          en: { audio: "stories/1/narration-en.mp3" },
        },
      },
    });
  });

  it("refuses a file the loader would refuse, saying why", () => {
    expect(readStory("id: 1\n")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^story.yaml: /) as string,
    });
  });
});
