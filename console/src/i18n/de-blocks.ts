import type { BlocksKey } from "./en-blocks";

/** The German texts of the script editor's building blocks, part of de.ts. */
export const deBlocks: Record<BlocksKey, string> = {
  "blocks.insert": "Baustein einfügen",
  "blocks.kind.riddle": "Rätsel",
  "blocks.kind.buttons": "Knöpfe",
  "blocks.kind.mission": "Foto-, Video- oder Sprachauftrag",
  "blocks.kind.delay": "Nachricht mit Verzögerung",
  "blocks.kind.media": "Bild oder Ton",
  "blocks.here": "Zeile {line}",
  "blocks.edit": "Diesen Baustein im Formular bearbeiten: {kind}",
  "blocks.add": "Einfügen",
  "blocks.apply": "Übernehmen",
  "blocks.cancel": "Abbrechen",
  "blocks.whereInsert": "Kommt nach Zeile {line}, wo der Cursor steht.",
  "blocks.whereEdit": "Ändert die Zeilen {from} bis {to}.",
  "blocks.question": "Frage (was die Figur fragt)",
  "blocks.answers": "Richtige Antworten, eine je Zeile",
  "blocks.answersHint":
    "Groß- und Kleinschreibung, Umlaute (ä = ae) und Satzzeichen am Anfang oder Ende zählen nicht.",
  "blocks.right": "Antwort auf eine richtige Antwort (jede Zeile eine Nachricht)",
  "blocks.points": "Punkte für die richtige Antwort",
  "blocks.wrong": "Antwort auf jede andere Antwort",
  "blocks.again": "Danach noch einmal fragen",
  "blocks.button": "Knopf {n}",
  "blocks.buttonLabel": "Beschriftung",
  "blocks.buttonReply": "Antwort beim Tippen (jede Zeile eine Nachricht)",
  "blocks.buttonOnce": "Verschwindet, sobald getippt",
  "blocks.addButton": "Knopf hinzufügen",
  "blocks.removeButton": "Knopf {n} entfernen",
  "blocks.hints": "Tipps",
  "blocks.hint": "Tipp {n}",
  "blocks.hintButton": "Knopf",
  "blocks.hintText": "Tipp (jede Zeile eine Nachricht)",
  "blocks.hintCost": "Kostet Punkte (0: kostenlos)",
  "blocks.addHint": "Tipp hinzufügen",
  "blocks.removeHint": "Tipp {n} entfernen",
  "blocks.hintsNote":
    "Die Spielenden bekommen die Tipps einzeln, in dieser Reihenfolge. Ihre Kosten gehen von den Punkten der Station ab (nie unter 0).",
  "blocks.medium": "Was die Spielenden schicken",
  "blocks.medium.photo": "Ein Foto",
  "blocks.medium.video": "Ein Video",
  "blocks.medium.voice": "Eine Sprachaufnahme",
  "blocks.task": "Der Auftrag, wie die Spielleitung ihn beim Bewerten liest",
  "blocks.missionPoints": "Punkte bei Annahme",
  "blocks.auto": "Beim Eintreffen annehmen (niemand bewertet)",
  "blocks.approved": "Antwort bei Annahme (jede Zeile eine Nachricht)",
  "blocks.rejected": "Antwort bei Ablehnung, dann neuer Versuch (leer: der Text des Spiels)",
  "blocks.text": "Nachricht",
  "blocks.after": "Kommt nach",
  "blocks.unit": "Einheit",
  "blocks.unit.s": "Sekunden",
  "blocks.unit.m": "Minuten",
  "blocks.unit.h": "Stunden",
  "blocks.path": "Bild, Ton oder Video dieser Station",
  "blocks.noMedia": "Diese Station hat noch keine Bilder oder Töne: fügen Sie hier eins hinzu.",
  "blocks.choose": "Auswählen …",
  "blocks.needAnswer": "Geben Sie mindestens eine richtige Antwort an.",
  "blocks.needLabel": "Jeder Knopf braucht eine Beschriftung.",
  "blocks.needText": "Schreiben Sie die Nachricht.",
  "blocks.needPath": "Wählen Sie ein Bild, einen Ton oder ein Video.",
  "blocks.needHint": "Jeder Tipp braucht eine Beschriftung und einen Text.",
  "blocks.line.empty": "Eine leere Zeile: Hier passiert nichts.",
  "blocks.line.comment": "Eine Notiz für Autorinnen und Autoren: Spielende sehen sie nie.",
  "blocks.line.pointsVar":
    "Die Punkte der Station, zu Beginn {value}. Richtige Antworten und Aufträge setzen oder erhöhen sie; die Station vergibt sie an ihrem Ende.",
  "blocks.line.variable": "Ein Wert, den sich der Dialog merkt: {name}, zu Beginn {value}.",
  "blocks.line.knot": "Hier beginnt der Teil „{name}“: „-> {name}“ führt hierher.",
  "blocks.line.gather":
    "Hier laufen die Zweige darüber wieder zusammen, und der Dialog geht weiter.",
  "blocks.line.label":
    "Hier laufen die Zweige darüber zusammen; „-> {name}“ führt hierher zurück, etwa um noch einmal zu fragen.",
  "blocks.line.answers":
    "Richtige Antworten: {answers}. Wer eine davon tippt, kommt im Zweig darunter weiter.",
  "blocks.line.wrong":
    "Jede andere getippte Antwort kommt darunter weiter: der Weg für falsche Antworten.",
  "blocks.line.button":
    "Ein Knopf „{label}“: Ein Tippen zeigt ihn als Nachricht der Spielenden und geht darunter weiter.",
  "blocks.line.buttonOnce": "Er verschwindet, sobald er getippt wurde.",
  "blocks.line.hint": "Tipp: ein Knopf „{label}“, der den nächsten Tipp gibt.",
  "blocks.line.hintCost_one": "Er kostet {count} Punkt, abgezogen von den Punkten der Station.",
  "blocks.line.hintCost_other": "Er kostet {count} Punkte, abgezogen von den Punkten der Station.",
  "blocks.line.mission.photo":
    "Ein Fotoauftrag: „{task}“. Sobald die Spielleitung das Foto annimmt, geht der Dialog darunter weiter.",
  "blocks.line.mission.video":
    "Ein Videoauftrag: „{task}“. Sobald die Spielleitung das Video annimmt, geht der Dialog darunter weiter.",
  "blocks.line.mission.voice":
    "Ein Sprachauftrag: „{task}“. Sobald die Spielleitung die Aufnahme annimmt, geht der Dialog darunter weiter.",
  "blocks.line.missionPoints_one":
    "Die Annahme gibt {count} Punkt (die Spielleitung kann eine andere Zahl geben).",
  "blocks.line.missionPoints_other":
    "Die Annahme gibt {count} Punkte (die Spielleitung kann eine andere Zahl geben).",
  "blocks.line.auto": "Die Einsendung wird beim Eintreffen angenommen; niemand bewertet sie.",
  "blocks.line.rejected":
    "Lehnt die Spielleitung die Einsendung ab, geht der Dialog darunter weiter.",
  "blocks.line.setPoints_one":
    "Die Station gibt an ihrem Ende {count} Punkt (höchstens die Punkte ihres Formulars).",
  "blocks.line.setPoints_other":
    "Die Station gibt an ihrem Ende {count} Punkte (höchstens die Punkte ihres Formulars).",
  "blocks.line.addPoints_one":
    "Gibt {count} Punkt dazu; was ein Tipp gekostet hat, bleibt abgezogen.",
  "blocks.line.addPoints_other":
    "Gibt {count} Punkte dazu; was ein Tipp gekostet hat, bleibt abgezogen.",
  "blocks.line.logic": "Eine Rechnung, die Spielende nicht sehen: {code}",
  "blocks.line.end":
    "Hier ist die Station geschafft: Ihre Punkte zählen, der Weg weiter erscheint.",
  "blocks.line.divert": "Der Dialog geht bei „{name}“ weiter.",
  "blocks.line.message": "Die Figur schreibt: „{text}“",
  "blocks.line.from": "Von {name} geschickt statt von der Figur der Station.",
  "blocks.line.recommend": "Auch eine Empfehlung auf der Startseite, mit der Glocke.",
  "blocks.line.seen": "Gilt bei {share} % als gehört.",
  "blocks.line.picture": "Zeigt das Bild {path} im Chat.",
  "blocks.line.audio": "Spielt den Ton {path} im Chat.",
  "blocks.line.video": "Zeigt das Video {path} im Chat.",
  "blocks.line.link": "Ein Link auf {path}, der sich in einem neuen Tab öffnet.",
  "blocks.line.unknown":
    "Nennt {path}, was die App nicht zeigen kann (ein Bild, mp3, mp4 oder webm).",
  "blocks.line.delaySeconds_one": "Sie kommt {count} Sekunde nach der Nachricht davor.",
  "blocks.line.delaySeconds_other": "Sie kommt {count} Sekunden nach der Nachricht davor.",
  "blocks.line.delayMinutes_one": "Sie kommt {count} Minute nach der Nachricht davor.",
  "blocks.line.delayMinutes_other": "Sie kommt {count} Minuten nach der Nachricht davor.",
  "blocks.line.delayHours_one": "Sie kommt {count} Stunde nach der Nachricht davor.",
  "blocks.line.delayHours_other": "Sie kommt {count} Stunden nach der Nachricht davor.",
  "blocks.line.untranslated":
    "Noch nicht übersetzt: Sie trägt noch die Worte der ersten Sprache. Übersetzen Sie sie hier oder im Formular ihres Bausteins.",
  "blocks.translate": "Diese Zeile in dieser Sprache",
  "blocks.line.other": "ink-Markup: siehe „The script“ im Leitfaden zum Schreiben.",
};
