import { exportSeparators } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { formulaCells, rfc4180 } from "../../test/support/spreadsheet";
import { csvCell, csvFile, duration, localTimes, separatorChars } from "./csv";

/** Names that start a formula somewhere in a spreadsheet that splits on `,`, `;` or a tab. */
const hostile = [
  "Dora;=1+1;",
  '=HYPERLINK("http://x","y")',
  "+49 171",
  "-2+3",
  "@SUM(A1)",
  "\t=1",
  "\r=1",
  "a,=1,b",
  "a\t@x",
  "zwei\nZeilen\n=1",
  "a;;-1",
  'x;"=1+1"',
  "Müller, Anna",
];

describe("the export's CSV", () => {
  it("quotes as RFC 4180 requires: any separator offered, a quote, a line break", () => {
    expect(csvCell("Lena")).toBe("Lena");
    expect(csvCell("Müller, Anna")).toBe('"Müller, Anna"');
    expect(csvCell("Müller; Anna")).toBe('"Müller; Anna"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
    expect(csvCell('Der "Turm"')).toBe('"Der ""Turm"""');
    expect(csvCell("zwei\r\nZeilen")).toBe('"zwei\r\nZeilen"');
  });

  it("writes an apostrophe before each place that would start a formula, after any separator", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+49")).toBe("'+49");
    expect(csvCell("@x,y")).toBe('"\'@x,y"');
    expect(csvCell("Dora;=1+1;")).toBe('"Dora;\'=1+1;"');
    expect(csvCell("a\t\t=1")).toBe("\"a\t'\t'=1\"");
    expect(csvCell("a-b, c+d")).toBe('"a-b, c+d"');
  });

  it.each(exportSeparators)(
    "keeps hostile names in every column as text, separated by %s, in any spreadsheet",
    (separator) => {
      const header = hostile.map((_, index) => `column ${index}`);
      // Every hostile value in every column: one row per value, each shifted by one column.
      const rows = hostile.map((_, row) =>
        hostile.map((__, column) => hostile[(row + column) % hostile.length] ?? ""),
      );
      const text = csvFile([header, ...rows], separator);
      expect(text.startsWith("\uFEFF")).toBe(true);
      expect(formulaCells(text)).toEqual([]);
      // Read with its own separator, the file gives the values back, each as its row and column.
      const read = rfc4180(text.slice(1), separatorChars[separator]);
      expect(read).toHaveLength(rows.length + 1);
      for (const [index, cells] of read.slice(1).entries()) {
        expect(cells.map((cell) => cell.replaceAll("'", ""))).toEqual(
          rows[index]?.map((value) => value.replaceAll("'", "")),
        );
      }
    },
  );

  it("writes the time a station took as h:mm:ss", () => {
    expect(duration(0)).toBe("0:00:00");
    expect(duration(125)).toBe("0:02:05");
    expect(duration(3 * 3600 + 61)).toBe("3:01:01");
  });

  it("writes times as a spreadsheet reads them, in the time zone asked for", () => {
    const berlin = localTimes("Europe/Berlin");
    expect(berlin("2026-11-25T09:03:07.000Z")).toBe("2026-11-25 10:03:07");
    expect(berlin("2026-06-30T22:30:00.000Z")).toBe("2026-07-01 00:30:00");
    expect(localTimes("UTC")("2026-06-30T22:30:00.000Z")).toBe("2026-06-30 22:30:00");
    expect(berlin(null)).toBe("");
  });
});
