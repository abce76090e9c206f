import { describe, expect, it } from "vitest";
import { mediaType } from "./media";

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
