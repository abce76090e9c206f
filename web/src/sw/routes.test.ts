import { describe, expect, it } from "vitest";
import { basesOf, beyondLimit, precached, strategyFor } from "./routes";

const get = (path: string | undefined, destination = "", mode = "cors") => ({
  method: "GET",
  path,
  mode,
  destination,
});

describe("strategyFor", () => {
  it("leaves the API, its event stream, other origins and other methods to the network", () => {
    expect(strategyFor(get("/api/game/events"))).toBe("network");
    expect(strategyFor(get(undefined, "image"))).toBe("network");
    expect(strategyFor({ ...get("/webapp/assets/index.js"), method: "POST" })).toBe("network");
    expect(strategyFor(get("/webapp/sw.js", "serviceworker"))).toBe("network");
  });

  it("answers navigations in the app with the network first, the cached app offline", () => {
    expect(strategyFor(get("/webapp/station/3", "document", "navigate"))).toBe("page");
    expect(strategyFor(get("/elsewhere", "document", "navigate"))).toBe("network");
  });

  it("keeps settings and texts fresh, images at hand, and audio and video to the network", () => {
    expect(strategyFor(get("/webapp/config.json"))).toBe("fresh");
    expect(strategyFor(get("/webapp/content/de-formal.json"))).toBe("fresh");
    expect(strategyFor(get("/assets/webapp-data/stations/1/markt.png", "image"))).toBe("media");
    // The map's picture: Leaflet's image overlay is an <img>, kept like every other picture.
    expect(strategyFor(get("/assets/webapp-data/map/oberstadt.svg", "image"))).toBe("media");
    expect(strategyFor(get("/assets/webapp-data/stories/1/erzaehlung.mp3", "audio"))).toBe(
      "network",
    );
    expect(strategyFor(get("/assets/webapp-data/stations/6/film.mp4", "video"))).toBe("network");
    expect(strategyFor(get("/assets/other/bild.png", "image"))).toBe("network");
  });

  it("serves the app's own files from the precache", () => {
    expect(strategyFor(get("/webapp/assets/index-abc.js", "script"))).toBe("shell");
    expect(strategyFor(get("/webapp/icons/icon.svg", "image"))).toBe("shell");
  });
});

describe("another game's worker (decisions/054)", () => {
  const hafen = basesOf("/g/hafen/webapp/sw.js");

  it("has its app, its media and the build's files at their paths", () => {
    expect(hafen).toEqual({
      app: "/g/hafen/webapp/",
      media: "/g/hafen/assets/webapp-data/",
      shell: "/webapp/",
    });
    expect(precached("index.html", hafen)).toBe("/g/hafen/webapp/index.html");
    expect(precached("assets/index-abc.js", hafen)).toBe("/webapp/assets/index-abc.js");
  });

  it("answers its own pages, settings and pictures, and of the first game's path the build's files only", () => {
    expect(strategyFor(get("/g/hafen/webapp/station/3", "document", "navigate"), hafen)).toBe(
      "page",
    );
    expect(strategyFor(get("/g/hafen/webapp/config.json"), hafen)).toBe("fresh");
    expect(strategyFor(get("/g/hafen/assets/webapp-data/stations/1/kai.png", "image"), hafen)).toBe(
      "media",
    );
    expect(strategyFor(get("/webapp/assets/index-abc.js", "script"), hafen)).toBe("shell");
    expect(strategyFor(get("/webapp/icons/icon.svg", "image"), hafen)).toBe("shell");
    // The first game's settings, texts, pages and pictures are not this game's.
    expect(strategyFor(get("/webapp/config.json"), hafen)).toBe("network");
    expect(strategyFor(get("/webapp/station/3", "document", "navigate"), hafen)).toBe("network");
    expect(strategyFor(get("/assets/webapp-data/stations/1/markt.png", "image"), hafen)).toBe(
      "network",
    );
    expect(strategyFor(get("/g/hafen/api/game/events"), hafen)).toBe("network");
  });
});

describe("beyondLimit", () => {
  it("names the oldest entries over the limit, and none at or below it", () => {
    expect(beyondLimit(["a", "b", "c", "d"], 2)).toEqual(["a", "b"]);
    expect(beyondLimit(["a", "b"], 2)).toEqual([]);
    expect(beyondLimit([], 2)).toEqual([]);
  });
});
