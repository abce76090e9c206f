import { describe, expect, it } from "vitest";
import { normalizePhone } from "./phone";

describe("normalizePhone", () => {
  it("turns a plus into 00 and drops everything but digits", () => {
    expect(normalizePhone("+49 (171) 123-45 67")).toBe("00491711234567");
    expect(normalizePhone("0049 171 1234567")).toBe("00491711234567");
    expect(normalizePhone("+43 664 1234567")).toBe("00436641234567");
  });

  it("gives a national number the German country code", () => {
    expect(normalizePhone("0171 1234567")).toBe("00491711234567");
    expect(normalizePhone("0171/1234567")).toBe(normalizePhone("+491711234567"));
  });

  it.each([
    ["", "empty"],
    ["abc", "no digits"],
    ["1711234567", "no leading 0 or +"],
    ["0171", "too short"],
    ["+49 1234", "too short after the country code"],
    ["+49 171 1234567 890123", "longer than E.164 allows"],
    ["000491711234567", "three zeros"],
    ["110", "an emergency number"],
  ])("refuses %j (%s)", (input) => {
    expect(normalizePhone(input)).toBeUndefined();
  });
});
