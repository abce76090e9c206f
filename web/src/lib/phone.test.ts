import { describe, expect, it } from "vitest";
import { normalizePhone } from "./phone";

describe("normalizePhone", () => {
  it("turns a plus into 00 and drops everything but digits", () => {
    expect(normalizePhone("+49 171 123-4567")).toBe("00491711234567");
    expect(normalizePhone(" 0171 / 123 45 67 ")).toBe("01711234567");
    expect(normalizePhone("(0049) 171.1234567")).toBe("00491711234567");
  });

  it("leaves nothing of an input without digits", () => {
    expect(normalizePhone("  ")).toBe("");
    expect(normalizePhone("abc")).toBe("");
  });
});
