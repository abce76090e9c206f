import { describe, expect, it } from "vitest";
import { isChunkError } from "./client-error-api";

describe("what broke in the app", () => {
  it("tells code that did not load from an error of the code itself", () => {
    expect(isChunkError(new TypeError("Failed to fetch dynamically imported module: /a.js"))).toBe(
      true,
    );
    expect(isChunkError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkError(new TypeError("x is undefined"))).toBe(false);
  });
});
