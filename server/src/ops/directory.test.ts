import { describe, expect, it } from "vitest";
import { csvCell, duration, maskedPhone } from "./directory";

describe("the console's player directory", () => {
  it("shows the last two digits of a phone number only", () => {
    expect(maskedPhone("+491712345678")).toBe("••• ••• 78");
    expect(maskedPhone(null)).toBeNull();
  });

  it("writes CSV fields a spreadsheet reads as they are, formulas as text", () => {
    expect(csvCell("Lena")).toBe("Lena");
    expect(csvCell("Müller, Anna")).toBe('"Müller, Anna"');
    expect(csvCell('Der "Turm"')).toBe('"Der ""Turm"""');
    expect(csvCell("zwei\r\nZeilen")).toBe('"zwei\r\nZeilen"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+49")).toBe("'+49");
    expect(csvCell("@x,y")).toBe('"\'@x,y"');
  });

  it("writes the time a station took as h:mm:ss", () => {
    expect(duration(0)).toBe("0:00:00");
    expect(duration(125)).toBe("0:02:05");
    expect(duration(3 * 3600 + 61)).toBe("3:01:01");
  });
});
