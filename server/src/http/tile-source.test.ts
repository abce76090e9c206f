import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerProtection, tileSource } from "./protection";

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

describe("the security headers' img-src", () => {
  it("follows the pack's tiles from one answer to the next (a reloaded pack)", async () => {
    let tiles = "https://a.tiles.example/{z}/{x}/{y}.png";
    const app = Fastify();
    registerProtection(app, {
      publicUrl: "http://localhost",
      corsOrigins: [],
      mapTiles: () => tiles,
    });
    app.get("/webapp/", async () => "app");
    const csp = async () =>
      String((await app.inject({ url: "/webapp/" })).headers["content-security-policy"]);
    try {
      expect(await csp()).toContain("img-src 'self' data: blob: https://a.tiles.example;");
      expect(await csp()).toContain("img-src 'self' data: blob: https://a.tiles.example;");
      tiles = "https://b.tiles.example/{z}/{x}/{y}.png";
      expect(await csp()).toContain("img-src 'self' data: blob: https://b.tiles.example;");
      expect(await csp()).not.toContain("a.tiles.example");
    } finally {
      await app.close();
    }
  });
});
