import { describe, expect, it } from "vitest";
import { isMediaFile, mediaType } from "./media";

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

describe("isMediaFile", () => {
  it("is an image, mp3, mp4 or webm by its extension, in any letter case", () => {
    for (const file of ["a.jpg", "a.JPEG", "a.png", "a.gif", "a.webp", "a.avif", "a.svg"]) {
      expect(isMediaFile(file)).toBe(true);
    }
    for (const file of ["a.mp3", "a.mp4", "a.webm"]) expect(isMediaFile(file)).toBe(true);
  });

  it("is no script, yaml file, backup or other file", () => {
    for (const file of ["script.de.ink", "script.de.ink~", "station.yaml", "station.yaml.bak"]) {
      expect(isMediaFile(file)).toBe(false);
    }
    for (const file of ["a.jpg~", "a.jpg.bak", "a.txt", "secret.key", "a.jpg/x", "jpg"]) {
      expect(isMediaFile(file)).toBe(false);
    }
  });
});
