import { afterEach, describe, expect, it, vi } from "vitest";

/** The module as a page at `url` loads it. */
async function loadAt(url: string) {
  window.history.replaceState(null, "", url);
  vi.resetModules();
  return import("./app-base");
}

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("where the app is served", () => {
  it("is the build's base for the game, with the game's keys and no language of its own", async () => {
    const base = await loadAt("/webapp/station/3?lang=en");
    expect(base.appBase).toBe(import.meta.env.BASE_URL);
    expect(base.storagePrefix).toBe("wegmarke.");
    expect(base.hasServiceWorker).toBe(true);
    expect(base.previewLanguage()).toBeNull();
  });

  it("is another game's prefix, with keys and a service worker of its own", async () => {
    const base = await loadAt("/g/hafen-tour/webapp/station/3");
    expect(base.appBase).toBe("/g/hafen-tour/webapp/");
    expect(base.routerBase).toBe("/g/hafen-tour/webapp");
    expect(base.hasServiceWorker).toBe(true);
    expect(base.storagePrefix).toBe("wegmarke.g.hafen-tour.");
    const odd = await loadAt("/g/Hafen/webapp/");
    expect(odd.appBase).toBe(import.meta.env.BASE_URL);
  });

  it("names another game's manifest on its page, and leaves the first game's as it is", async () => {
    const link = document.createElement("link");
    link.rel = "manifest";
    link.setAttribute("href", "/webapp/manifest.webmanifest");
    document.head.append(link);
    try {
      (await loadAt("/webapp/station/3")).linkGameManifest();
      expect(link.getAttribute("href")).toBe("/webapp/manifest.webmanifest");
      (await loadAt("/g/hafen-tour/webapp/station/3")).linkGameManifest();
      expect(link.getAttribute("href")).toBe("/g/hafen-tour/webapp/manifest.webmanifest");
    } finally {
      link.remove();
    }
  });

  it("is the preview's prefix in the studio, with keys of its own and the language asked for", async () => {
    const base = await loadAt("/preview/Ab3_x-9/webapp/station/3?lang=en");
    expect(base.appBase).toBe("/preview/Ab3_x-9/webapp/");
    expect(base.hasServiceWorker).toBe(false);
    expect(base.storagePrefix).toBe("wegmarke.preview.Ab3_x-9.");
    expect(base.previewLanguage()).toBe("en");
    window.history.replaceState(null, "", "/preview/Ab3_x-9/webapp/?lang=fr");
    expect(base.previewLanguage()).toBeNull();
  });

  it("is another game's preview's prefix in that game's studio", async () => {
    const base = await loadAt("/g/hafen-tour/preview/Ab3_x-9/webapp/station/3");
    expect(base.appBase).toBe("/g/hafen-tour/preview/Ab3_x-9/webapp/");
    expect(base.routerBase).toBe("/g/hafen-tour/preview/Ab3_x-9/webapp");
    expect(base.hasServiceWorker).toBe(false);
    expect(base.storagePrefix).toBe("wegmarke.preview.Ab3_x-9.");
  });
});
