import { describe, expect, it } from "vitest";
import { ServiceError } from "../errors";
import { mobilePhoneOf, normalizePhone, phoneOf } from "./phone";

describe("normalizePhone", () => {
  it("reads German numbers into E.164, in the spec's wire form or as typed", () => {
    expect(normalizePhone("0171 1234567")).toBe("+491711234567");
    expect(normalizePhone("0171/1234567", "DE")).toBe("+491711234567");
    expect(normalizePhone("+49 (171) 123-45 67")).toBe("+491711234567");
    expect(normalizePhone("0049 171 1234567")).toBe("+491711234567");
    expect(normalizePhone("00491711234567")).toBe("+491711234567");
    expect(normalizePhone("+49 (0) 171 1234567")).toBe("+491711234567");
  });

  it("reads an Austrian number by its region, or by +43 and 0043 in any region", () => {
    expect(normalizePhone("0664 1234567", "AT")).toBe("+436641234567");
    expect(normalizePhone("+43 664 1234567", "AT")).toBe("+436641234567");
    expect(normalizePhone("+43 664 1234567", "DE")).toBe("+436641234567");
    expect(normalizePhone("0043 664 1234567", "DE")).toBe("+436641234567");
    // In Germany, 0664 is a landline area code: the same digits are another number.
    expect(normalizePhone("0664 1234567", "DE")).toBe("+496641234567");
  });

  it("reads a Swiss number by its region or its country code", () => {
    expect(normalizePhone("079 123 45 67", "CH")).toBe("+41791234567");
    expect(normalizePhone("+41 79 123 45 67")).toBe("+41791234567");
    expect(normalizePhone("0041791234567", "AT")).toBe("+41791234567");
  });

  it.each([
    ["", "empty"],
    ["abc", "no digits"],
    ["0171", "too short"],
    ["0171 12345", "too short for a German mobile number"],
    ["+49 1234", "too short after the country code"],
    ["+49 171 1234567 890123", "longer than E.164 allows"],
    ["000491711234567", "three zeros"],
    ["+0 171 1234567", "no country code 0"],
    ["+999 1234567", "no such country code"],
    ["0123 4567890", "no German number starts with 012"],
    ["110", "an emergency number"],
  ])("refuses %j (%s)", (input) => {
    expect(normalizePhone(input)).toBeUndefined();
  });
});

describe("phoneOf and mobilePhoneOf", () => {
  it("answer the E.164 number", () => {
    expect(phoneOf("0171 1234567")).toBe("+491711234567");
    expect(mobilePhoneOf("0664 1234567", "AT")).toBe("+436641234567");
  });

  it("refuse an invalid number with 403 invalid phone", () => {
    expect(() => phoneOf("0171")).toThrow(ServiceError);
    expect(() => phoneOf("0171")).toThrow("invalid phone");
  });

  it("register only numbers an SMS can reach", () => {
    // A Berlin landline is a number (an account could be found by it), not one to register.
    expect(phoneOf("030 1234567")).toBe("+49301234567");
    expect(() => mobilePhoneOf("030 1234567")).toThrow("invalid phone");
    // An Austrian mobile typed without country code in a German game is a German landline.
    expect(() => mobilePhoneOf("0664 1234567", "DE")).toThrow("invalid phone");
    // Where the plan cannot tell mobiles from landlines, the number is taken.
    expect(mobilePhoneOf("+1 212 555 1234")).toBe("+12125551234");
  });
});
