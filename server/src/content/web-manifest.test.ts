import { describe, expect, it } from "vitest";
import { testPack } from "../../test/support/test-pack";
import type { ContentPack } from "./model";
import { gameSchema } from "./schema";
import { shortNameOf, webManifest } from "./web-manifest";

const pack = (fields: Partial<ContentPack> = {}): ContentPack =>
  testPack({
    id: "kassel",
    title: { de: "Rätselhaftes Kassel", en: "Puzzling Kassel" },
    defaultLanguage: "en",
    ...fields,
  });

describe("the web manifest of a game", () => {
  it("names the app by the title in the pack's language, with Wegmarke's looks by default", () => {
    expect(webManifest(pack())).toEqual({
      id: "/webapp/?game=kassel",
      name: "Puzzling Kassel",
      short_name: "Puzzling",
      lang: "en",
      start_url: "/webapp/",
      scope: "/webapp/",
      display: "standalone",
      orientation: "portrait",
      background_color: "#fbf5ec",
      theme_color: "#c2562f",
      icons: [
        { src: "/webapp/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/webapp/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        {
          src: "/webapp/icons/icon-maskable-512.png",
          sizes: "512x512",
          type: "image/png",
          purpose: "maskable",
        },
      ],
    });
  });

  it("takes the pack's name, colours and icon, below a preview's base", () => {
    const app = { shortName: "Kassel", themeColor: "#123456", backgroundColor: "#fedcba" };
    const manifest = webManifest(pack({ app: { ...app, icon: "app/icon.png" } }), "/preview/7");
    expect(manifest).toMatchObject({
      id: "/preview/7/webapp/?game=kassel",
      short_name: "Kassel",
      start_url: "/preview/7/webapp/",
      scope: "/preview/7/webapp/",
      theme_color: "#123456",
      background_color: "#fedcba",
    });
    expect(manifest.icons.map((icon) => icon.src)).toEqual([
      "/preview/7/webapp/app-icons/icon-192.png",
      "/preview/7/webapp/app-icons/icon-512.png",
      "/preview/7/webapp/app-icons/icon-maskable-512.png",
    ]);
  });

  it("shortens a title to the words that fit under an icon", () => {
    expect(shortNameOf("Märchenhaftes Marburg")).toBe("Märchenhaftes");
    expect(shortNameOf("Alte Stadt Ulm")).toBe("Alte Stadt");
    expect(shortNameOf("  Ulm  ")).toBe("Ulm");
  });

  it("refuses colours and names game.yaml cannot mean, saying why", () => {
    const app = gameSchema.shape.app;
    expect(app.safeParse({ themeColor: "red" }).error?.issues[0]?.message).toBe(
      "expected a colour like #c2562f",
    );
    expect(app.safeParse({ shortName: "Märchenhaftes" }).error?.issues[0]?.message).toBe(
      "at most 12 characters: what fits under an icon",
    );
    expect(app.safeParse({ colour: "#123456" }).success).toBe(false);
  });
});
