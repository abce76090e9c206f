import type { Locale } from "../locale";

/**
 * German texts of the game's clock (the time left in the header, the start and the end):
 * `de.gameClock`, a section kept beside de.ts, which holds every other text.
 */
export const gameClock: Locale["gameClock"] = {
  left: "Noch {{time}}",
  label: "Verbleibende Spielzeit: {{duration}}",
  hours_one: "{{count}} Stunde",
  hours_other: "{{count}} Stunden",
  minutes_one: "{{count}} Minute",
  minutes_other: "{{count}} Minuten",
  hoursAndMinutes: "{{hours}} {{minutes}}",
  startsAt: "Das Spiel beginnt um {{time}} Uhr.",
  startsOn: "Das Spiel beginnt am {{date}} um {{time}} Uhr.",
  beforeHint: "Bis dahin kannst du dir die Stationen schon ansehen.",
  over: "Das Spiel ist vorbei. Die Rangliste steht fest.",
  toScoreboard: "Zur Rangliste",
  answersClosed: "Das Spiel ist vorbei: Antworten zählen nicht mehr.",
  answersNotYet: "Das Spiel hat noch nicht begonnen: Antworten zählen erst ab dem Start.",
  startClosed: "Das Spiel ist vorbei: Stationen starten nicht mehr.",
};
