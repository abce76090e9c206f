import { describe, expect, it } from "vitest";
import { assetUrl } from "./asset-url";

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
