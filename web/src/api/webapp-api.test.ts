import { afterEach, expect, it, vi } from "vitest";
import type { Language } from "@wegmarke/protocol";
import { loadContent, prefetchContent } from "./webapp-api";

const urls: string[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  urls.length = 0;
});

function answerTexts() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      const language = /content\/([\w-]+)\.json$/.exec(url)?.[1] as Language;
      return Response.json({ language, title: `Spiel ${urls.length}`, stations: {} });
    }),
  );
}

it("hands the texts started ahead to the first load of their language, once", async () => {
  answerTexts();
  prefetchContent("de");
  expect(urls).toEqual(["/content/de.json"]);
  expect((await loadContent("de")).title).toBe("Spiel 1");
  // A retry fetches them anew.
  expect((await loadContent("de")).title).toBe("Spiel 2");
  expect(urls).toHaveLength(2);
});

it("fetches another language's texts when the session starts in it", async () => {
  answerTexts();
  prefetchContent("de");
  expect((await loadContent("en")).language).toBe("en");
  expect(urls).toEqual(["/content/de.json", "/content/en.json"]);
  // The German ones are gone, not kept for later.
  await loadContent("de");
  expect(urls).toHaveLength(3);
});
