/**
 * How spreadsheets read a CSV file, to check what the export writes: `rfc4180` as RFC 4180
 * says (quotes hold separators and line breaks), `naive` as a spreadsheet that splits on a
 * separator the file was not written with (quotes count only at a cell's start, and only
 * until the next separator or line break, so a quoted field breaks apart).
 */

/** Rows of cells of an RFC 4180 file with the separator `char`. */
export function rfc4180(text: string, char: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === char) {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Every cell a spreadsheet splitting on `char` (and on any line break) may see. */
export function naive(text: string, char: string): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((line) => line.split(char));
}

/**
 * A cell a spreadsheet runs as a formula: `=`, `+`, `-` or `@` at its start, after the quote
 * it may strip and the tabs and line breaks some tools strip before they look.
 */
export function isFormula(cell: string): boolean {
  return /^"?[\t\r\n]*[=+\-@]/.test(cell);
}

/**
 * The cells that would run as formulas when the file is split on any of the separators the
 * export offers, whichever it was written with.
 */
export function formulaCells(text: string): string[] {
  const body = text.replace(/^\uFEFF/, "");
  return [",", ";", "\t"].flatMap((char) => [
    ...rfc4180(body, char).flat().filter(isFormula),
    ...naive(body, char).filter(isFormula),
  ]);
}
