import type { Language } from "@wegmarke/protocol";
import { intlLocale } from "./intl-locale";
import { formatTime } from "./time";

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The time left as the header shows it, rounded up to the second: `1:23:45` from an hour on,
 * else `12:05`.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * The time left in whole minutes, rounded up, as hours and minutes: what a screen reader says,
 * which changes once a minute.
 */
export function countdownMinutes(ms: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil(ms / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * A moment as the phone shows it (its time zone): HH:MM, and the day (`13.06.`, `13 June`)
 * when it is not the day of `nowMs`.
 */
export function formatMoment(
  ms: number,
  nowMs: number,
  language: Language,
): { time: string; date: string | null } {
  const moment = new Date(ms);
  const time = formatTime(moment.toISOString());
  if (moment.toDateString() === new Date(nowMs).toDateString()) return { time, date: null };
  const date = moment.toLocaleDateString(
    intlLocale(language),
    language === "en" ? { day: "numeric", month: "long" } : { day: "2-digit", month: "2-digit" },
  );
  return { time, date };
}
