import { describe, expect, it } from "vitest";
import { assetUrl, mediaType } from "./media-type";

describe("mediaType", () => {
  it("detects a local image file", () => {
    expect(mediaType("stations/1/rathaus.jpg")).toBe("image");
    expect(mediaType("stations/1/karte.PNG")).toBe("image");
  });

  it("detects an external http URL before the file type", () => {
    expect(mediaType("https://example.org/bild.jpg")).toBe("url");
    expect(mediaType("http://example.org")).toBe("url");
  });

  it("detects mp3 audio and mp4 or webm video", () => {
    expect(mediaType("stations/3/rosenwunder.mp3")).toBe("audio");
    expect(mediaType("stations/3/film.mp4")).toBe("video");
    expect(mediaType("stations/3/film.webm")).toBe("video");
  });

  it("treats anything else as text", () => {
    expect(mediaType("Schau mal nach oben.")).toBe("text");
  });
});

describe("assetUrl", () => {
  it("joins the assets base and a path with exactly one slash", () => {
    expect(assetUrl("/assets/webapp-data/", "stations/1/a.jpg")).toBe(
      "/assets/webapp-data/stations/1/a.jpg",
    );
    expect(assetUrl("/assets/webapp-data", "/stations/1/a.jpg")).toBe(
      "/assets/webapp-data/stations/1/a.jpg",
    );
  });
});
