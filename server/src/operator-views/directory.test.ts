import { describe, expect, it } from "vitest";
import { maskedPhone } from "./directory";

describe("the console's player directory", () => {
  it("shows the last two digits of a phone number only", () => {
    expect(maskedPhone("+491712345678")).toBe("••• ••• 78");
    expect(maskedPhone(null)).toBeNull();
  });
});
