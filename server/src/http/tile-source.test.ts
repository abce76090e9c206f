import { describe, expect, it } from "vitest";
import { tileSource } from "./protection";

describe("the map tiles' host in img-src", () => {
  it("is the tile address's scheme and host, Leaflet's {s} as a wildcard", () => {
    expect(tileSource("https://tile.example.org/{z}/{x}/{y}.png")).toBe("https://tile.example.org");
    expect(tileSource("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe(
      "https://*.tile.example.org",
    );
    expect(tileSource("http://localhost:8081/tiles/{z}/{x}/{y}.png")).toBe("http://localhost:8081");
  });

  it("is nothing without tiles or for a host that is not plain", () => {
    expect(tileSource(undefined)).toBe("");
    expect(tileSource("https://a.{s}.example.org/{z}/{x}/{y}.png")).toBe("");
    expect(tileSource("https://evil.example;script-src *;/{z}/{x}/{y}")).toBe("");
  });
});
