import type { ExportSeparator } from "@wegmarke/protocol";

/** The character of each separator the export offers. */
export const separatorChars: Record<ExportSeparator, string> = {
  comma: ",",
  semicolon: ";",
  tab: "\t",
};

/**
 * A place where a spreadsheet may start a cell (the start, after any separator offered, a line
 * break or a quote) before a character that makes the cell a formula.
 */
const FORMULA_STARTS = /(?<=^|[,;\t\r\n"])(?=[=+\-@\t\r])/g;

/**
 * One CSV field, safe in a spreadsheet whatever separator it splits on. A spreadsheet runs a
 * cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula; German
 * Excel splits on `;`, so `Dora;=1+1` holds such a cell even in a comma-separated file, where
 * the quotes do not count. Each place where a cell may start (the field's start, after any of
 * the separators offered, a line break or a quote) gets an apostrophe before such a character;
 * the field is quoted (RFC 4180, quotes doubled) when it holds any separator offered, a quote
 * or a line break.
 */
export function csvCell(value: string): string {
  const safe = value.replace(FORMULA_STARTS, "'");
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The lines of a CSV file with `separator`, each field made safe: UTF-8 with a BOM, CRLF. */
export function csvFile(lines: readonly (readonly string[])[], separator: ExportSeparator): string {
  const char = separatorChars[separator];
  const text = lines.map((cells) => cells.map(csvCell).join(char)).join("\r\n");
  // The byte order mark tells Excel the file is UTF-8, so it reads the umlauts.
  return `\uFEFF${text}\r\n`;
}

/** `h:mm:ss`, which spreadsheets read as a duration. */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** Whole seconds from `startedAt` to `doneAt`; null when either is unknown. */
export function secondsBetween(startedAt: string | null, doneAt: string | null): number | null {
  if (startedAt === null || doneAt === null) return null;
  return Math.max(0, Math.round((Date.parse(doneAt) - Date.parse(startedAt)) / 1000));
}

/**
 * Formats ISO 8601 times as `yyyy-mm-dd hh:mm:ss` in `timeZone`, which every spreadsheet reads
 * as a date and time; "" for none.
 */
export function localTimes(timeZone: string): (iso: string | null) => string {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return (iso) => {
    if (iso === null) return "";
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return "";
    const part: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(date)) part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/** Lets the event loop run what waits (answers of players) before going on. */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
