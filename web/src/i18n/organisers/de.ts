import type { Locale } from "../locale";

/**
 * German texts of the conversation with the organisers (/webapp/organisers and the ways to
 * it): `de.organisers`, a section kept beside de.ts, which holds every other text.
 */
export const organisers: Locale["organisers"] = {
  log: "Nachrichten mit der Spielleitung",
  empty: "Hast du eine Frage oder kommst nicht weiter? Schreib der Spielleitung.",
  from: "Spielleitung",
  label: "Deine Nachricht an die Spielleitung",
  placeholder: "Deine Nachricht …",
  send: "Senden",
  sending: "Wird gesendet …",
  addPhoto: "Foto hinzufügen",
  chosenPhoto: "Das Foto zur Nachricht",
  removePhoto: "Foto entfernen",
  photo: "Foto",
  photoFrom: "Foto von {{name}}",
  photoTooLarge: "Das Foto ist zu groß (höchstens 8 MB).",
  photoUnsupported: "Diese Datei ist kein Foto, das das Spiel annehmen kann.",
  left_one: "Noch {{count}} Zeichen",
  left_other: "Noch {{count}} Zeichen",
  tooMany:
    "Du hast in der letzten Stunde schon viele Nachrichten geschrieben. Warte ein wenig, bevor du die nächste schickst – dein Text bleibt hier stehen.",
  failed: "Die Nachrichten mit der Spielleitung konnten nicht geladen werden.",
  unread_one: "{{count}} neue Antwort der Spielleitung",
  unread_other: "{{count}} neue Antworten der Spielleitung",
  helpText:
    "Deine Frage ist hier nicht dabei, oder du kommst nicht weiter? Die Spielleitung hilft dir.",
  write: "Spielleitung schreiben",
};
