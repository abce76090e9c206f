import type { ClockKey } from "./en-clock";

/** The German texts of the game's clock (overview, studio, audit log), part of de.ts. */
export const deClock: Record<ClockKey, string> = {
  "clock.heading": "Spielzeit",
  "clock.start": "Beginn: {time}",
  "clock.end": "Ende: {time}",
  "clock.noEnd": "kein Ende",
  "clock.packEnd": "(im Spielpaket: {time})",
  "clock.left": "noch {span}",
  "clock.over": "Das Spiel ist vorbei.",
  "clock.startsIn": "Beginnt in {span}",
  "clock.running": "Das Spiel läuft.",
  "clock.extendGroup": "Ende verlängern",
  "clock.extend": "+{minutes} min",
  "clock.endNow": "Spiel jetzt beenden",
  "clock.endNowQuestion":
    "Das Spiel endet sofort für alle: keine Station startet mehr, Antworten zählen nicht mehr.",
  "clock.endNowYes": "Ja, jetzt beenden",
  "clock.cancel": "Abbrechen",
  "clock.endField": "Ende",
  "clock.setEnd": "Ende setzen",
  "clock.packEndButton": "Ende wie im Spielpaket",
  "clock.endsAt": "Das Spiel endet jetzt um {time}.",
  "clock.ended": "Das Spiel ist beendet.",
  "clock.endless": "Das Spiel hat jetzt kein Ende.",
  "game.clock": "Spielzeit",
  "game.clockStart": "Beginn",
  "game.clockEnd": "Ende",
  "game.clockHint":
    "Leer lassen: das Spiel beginnt sofort / endet nie. Eine Spielleitung kann das Ende während des Spiels verlängern.",
  "game.clockEndBeforeStart": "Das Ende muss nach dem Beginn liegen.",
  "audit.action.clock.end": "Spielende geändert",
};
