/**
 * The English texts of the game's clock: the overview's section for hosts, the studio's fields
 * of game.yaml's `clock`, and its audit entry; part of en.ts.
 */
export const enClock = {
  "clock.heading": "Game time",
  "clock.start": "Start: {time}",
  "clock.end": "End: {time}",
  "clock.noEnd": "no end",
  "clock.packEnd": "(in the game pack: {time})",
  "clock.left": "{span} left",
  "clock.over": "The game is over.",
  "clock.startsIn": "Starts in {span}",
  "clock.running": "The game is running.",
  "clock.extendGroup": "Extend the end",
  "clock.extend": "+{minutes} min",
  "clock.endNow": "End the game now",
  "clock.endNowQuestion":
    "The game ends at once for everyone: no station starts any more, answers no longer count.",
  "clock.endNowYes": "Yes, end it now",
  "clock.cancel": "Cancel",
  "clock.endField": "End",
  "clock.setEnd": "Set end",
  "clock.packEndButton": "End as in the game pack",
  "clock.endsAt": "The game now ends at {time}.",
  "clock.ended": "The game has ended.",
  "clock.endless": "The game now has no end.",
  "game.clock": "Game time",
  "game.clockStart": "Start",
  "game.clockEnd": "End",
  "game.clockHint":
    "Leave empty: the game starts at once / never ends. A host can extend the end during the game.",
  "game.clockEndBeforeStart": "The end must come after the start.",
  "audit.action.clock.end": "Game end changed",
} as const;

export type ClockKey = keyof typeof enClock;
