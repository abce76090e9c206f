import type { TFunction } from "i18next";
import type { Language } from "@wegmarke/protocol";
import { countdownMinutes, formatCountdown, formatMoment } from "../lib/countdown";

/** The header's countdown: `Noch 12:05`, `12:05 left`. */
export function countdownText(t: TFunction, msLeft: number): string {
  return t("gameClock.left", { time: formatCountdown(msLeft) });
}

/**
 * What a screen reader says of the countdown, in whole minutes (it changes once a minute):
 * `Verbleibende Spielzeit: 1 Stunde 5 Minuten`.
 */
export function countdownLabel(t: TFunction, msLeft: number): string {
  const { hours, minutes } = countdownMinutes(msLeft);
  const hoursText = t("gameClock.hours", { count: hours });
  const minutesText = t("gameClock.minutes", { count: minutes });
  const duration =
    hours === 0
      ? minutesText
      : minutes === 0
        ? hoursText
        : t("gameClock.hoursAndMinutes", { hours: hoursText, minutes: minutesText });
  return t("gameClock.label", { duration });
}

/**
 * When the game starts, in the phone's time zone: `Das Spiel beginnt um 10:00 Uhr.`, with the
 * day when that is not today (`serverNowMs`: now by the server's clock).
 */
export function startText(
  t: TFunction,
  startsAt: number,
  serverNowMs: number,
  language: Language,
): string {
  const { time, date } = formatMoment(startsAt, serverNowMs, language);
  return date === null
    ? t("gameClock.startsAt", { time })
    : t("gameClock.startsOn", { date, time });
}
