import type { ContentProblemInfo } from "@wegmarke/protocol";

function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date and time, e.g. "25.11.2026, 14:03"; "" for an unreadable timestamp. */
export function formatDateTime(iso: string, locale: string): string {
  const date = dateOf(iso);
  return date === null
    ? ""
    : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/**
 * When something happened today by the time alone ("14:03"), else with its day ("25.11.2026,
 * 14:03"); "" for an unreadable timestamp.
 */
export function formatWhen(iso: string, locale: string, now = new Date()): string {
  const date = dateOf(iso);
  if (date === null) return "";
  const today = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    locale,
    today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" },
  ).format(date);
}

/** The day alone, e.g. "25.11.2026", "25 Nov 2026"; "" for an unreadable timestamp. */
export function formatDate(iso: string, locale: string): string {
  const date = dateOf(iso);
  return date === null ? "" : new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(date);
}

/** The time of day with seconds, e.g. "14:03:27"; "" for an unreadable timestamp. */
export function formatTime(iso: string, locale: string): string {
  const date = dateOf(iso);
  return date === null ? "" : new Intl.DateTimeFormat(locale, { timeStyle: "medium" }).format(date);
}

/** A duration in seconds, rounded: "45 s", "4 min 12 s", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A size as people read it: "812 B", "3.4 KB", "2.1 MB", "1.2 GB" (in the language's digits). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** A problem of a content pack as `content:check` prints it: `file:line: message`. */
export function formatProblem({ file, line, message }: ContentProblemInfo): string {
  return `${file}${line === undefined ? "" : `:${line}`}: ${message}`;
}

/**
 * The name of an export's table for the day it is taken, as the server names it:
 * `wegmarke-players-2026-11-25.csv`.
 */
export function exportFileName(table: string, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `wegmarke-${table}-${day}.csv`;
}

/** The time zone of this computer (`Europe/Berlin`), UTC when the browser does not say. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
