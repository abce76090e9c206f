/**
 * The game's clock in the browser's time zone: ISO 8601 times with their offset as game.yaml and
 * the operators' API write them, the values of an `<input type="datetime-local">`, and the
 * short forms the console shows.
 */

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The day of `date` in the browser's calendar: `2026-06-13`. */
const dayOf = (date: Date) =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * `ms` as ISO 8601 in the browser's time zone with its offset: `2026-06-13T14:15:00+02:00`
 * (milliseconds only where there are any).
 */
export function isoWithOffset(ms: number): string {
  const date = new Date(ms);
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const millis = date.getMilliseconds() === 0 ? "" : `.${pad(date.getMilliseconds(), 3)}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${dayOf(date)}T${time}${millis}${zone}`;
}

/**
 * A time as an `<input type="datetime-local">` shows it, in the browser's time zone:
 * `2026-06-13T14:15` (with `:ss` where the seconds are not 0); "" for none or an unreadable
 * time.
 */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (iso === "" || Number.isNaN(date.getTime())) return "";
  const seconds = date.getSeconds() === 0 ? "" : `:${pad(date.getSeconds())}`;
  return `${dayOf(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`;
}

/**
 * An `<input type="datetime-local">`'s value (local time) as ISO 8601 with the browser's
 * offset; "" for an empty or unreadable one.
 */
export function fromLocalInput(value: string): string {
  // A date and time without an offset is local time (ECMAScript's Date.parse).
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
    ? Date.parse(value)
    : NaN;
  return Number.isNaN(ms) ? "" : isoWithOffset(ms);
}

/** Whether two times fall on the same day of the browser's calendar. */
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * A time of the game's clock, local: "Sa 13.06., 10:00" (English "Sat 13/06, 10:00"), or the
 * time alone ("14:00") when it falls on the day of `sameDayAs`; "" for an unreadable time.
 */
export function formatClockTime(iso: string, locale: string, sameDayAs?: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(date);
  if (sameDayAs !== undefined && sameDay(date, new Date(sameDayAs))) return time;
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "short" })
    .format(date)
    .replace(/\.$/, "");
  const day = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit" }).format(date);
  return `${weekday} ${day}, ${time}`;
}

/** A span of the game's clock in whole minutes, rounded up: "1 h 23 min", "5 min", "2 h 0 min". */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
