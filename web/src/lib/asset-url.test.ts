import { describe, expect, it } from "vitest";
import { assetUrl, imageSources } from "./asset-url";

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

describe("imageSources", () => {
  it("offers a photo in the server's smaller widths, shown as wide as `sizes` says", () => {
    expect(imageSources("/assets/webapp-data/", "stations/1/markt.jpg", "76px")).toEqual({
      src: "/assets/webapp-data/stations/1/markt.jpg",
      srcSet: [
        "/assets/webapp-data/stations/1/markt.jpg?w=480 480w",
        "/assets/webapp-data/stations/1/markt.jpg?w=960 960w",
        "/assets/webapp-data/stations/1/markt.jpg 1600w",
      ].join(", "),
      sizes: "76px",
    });
  });

  it("sends a drawing (SVG) or an animation (GIF) as it is", () => {
    expect(imageSources("/assets/webapp-data/", "map/oberstadt.svg", "76px")).toEqual({
      src: "/assets/webapp-data/map/oberstadt.svg",
    });
    expect(imageSources("/assets/webapp-data/", "stations/2/tanz.GIF", "76px")).toEqual({
      src: "/assets/webapp-data/stations/2/tanz.GIF",
    });
  });
});
