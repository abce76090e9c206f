/**
 * English texts of the game's clock (the time left in the header, the start and the end):
 * `en.gameClock`, a section kept beside en.ts like its German counterpart.
 */
export const gameClock = {
  left: "{{time}} left",
  label: "Time left in the game: {{duration}}",
  hours_one: "{{count}} hour",
  hours_other: "{{count}} hours",
  minutes_one: "{{count}} minute",
  minutes_other: "{{count}} minutes",
  hoursAndMinutes: "{{hours}} {{minutes}}",
  startsAt: "The game starts at {{time}}.",
  startsOn: "The game starts on {{date}} at {{time}}.",
  beforeHint: "Until then, you can already look at the stations.",
  over: "The game is over. The scoreboard is final.",
  toScoreboard: "See the scoreboard",
  answersClosed: "The game is over: answers no longer count.",
  answersNotYet: "The game has not started yet: answers count from its start.",
  startClosed: "The game is over: stations no longer start.",
} as const;
