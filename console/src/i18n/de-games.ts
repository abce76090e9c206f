import type { GamesKey } from "./en-games";

/** The German texts of the games page (views/games/), part of de.ts. */
export const deGames: Record<GamesKey, string> = {
  "games.text":
    "Die Spiele dieser Installation, die du siehst. Jedes spielt unter einer eigenen Adresse und hat eigene Spieler, Neuigkeiten, ein eigenes Studio und Team.",
  "games.show": "{title} zeigen",
  "games.shown": "gezeigt",
  "games.address": "Spieler:",
  "games.export": "{title} exportieren (ZIP)",
  "games.archive": "{title} beenden",
  "games.archiveQuestion":
    "{title} beenden? Die Spieler können nicht mehr spielen; die Daten bleiben für die Aufbewahrungsfrist.",
  "games.archiveConfirm": "Spiel beenden",
  "games.archiveKeep": "Weiterlaufen lassen",
  "games.endedHeading": "Beendete Spiele",
  "games.endedText":
    "Solange seine Daten aufbewahrt werden, lässt sich ein beendetes Spiel wieder aufnehmen.",
  "games.ended": "Beendet am {endedOn}; seine Daten werden ab {erasedFrom} gelöscht.",
  "games.restore": "{title} wieder aufnehmen",
  "games.restoring": "Wird wieder aufgenommen …",
  "games.restored": "{title} spielt wieder unter {address}.",
  "games.newHeading": "Neues Spiel",
  "games.newText":
    "Ein neues Spiel spielt sofort unter seiner eigenen Adresse; du bekommst darin die Rollen Autor/in und Gastgeber/in und machst im Studio weiter.",
  "games.name": "Kurzname in der Adresse (Kleinbuchstaben, Ziffern, Bindestriche)",
  "games.title": "Titel",
  "games.lang.de": "Deutsch",
  "games.lang.de-formal": "Deutsch (Sie)",
  "games.lang.en": "Englisch",
  "games.languages": "Sprachen (die erste angekreuzte ist die Standardsprache)",
  "games.template": "Beginnen mit",
  "games.template.one-station": "Einer Station, um das Spiel neu zu schreiben",
  "games.template.demo": "Dem Demospiel (Märchenhaftes Marburg)",
  "games.template.copy": "Einer Kopie eines Spiels",
  "games.template.zip": "Der ZIP-Datei eines Spiels (Export)",
  "games.zipFile": "ZIP-Datei des Spiels (sein Export unter Spiele oder Versionen)",
  "games.zipBrings": "Titel und Sprachen bringt die ZIP-Datei mit.",
  "games.copyFrom": "Zu kopierendes Spiel",
  "games.copyMedia":
    "Mit Bildern, Tönen und Filmen (sonst schlichte Platzhalter unter denselben Namen, im Studio auszutauschen)",
  "games.make": "Spiel anlegen",
  "games.making": "Spiel wird angelegt …",
  "games.import": "Spiel importieren",
  "games.importing": "Spiel wird importiert …",
  "games.made": "{title} spielt unter {address}.",
  "games.draftChanges_one": "Sein Entwurf enthält {count} unveröffentlichte Änderung.",
  "games.draftChanges_other": "Sein Entwurf enthält {count} unveröffentlichte Änderungen.",
  "games.openStudio": "Sein Studio öffnen",
  "games.warnings": "Die Prüfung merkt an:",
};
