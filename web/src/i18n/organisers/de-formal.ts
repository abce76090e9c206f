import type { LocaleOverrides } from "../locale";

/** The organisers' texts that say "Sie" (de-formal.ts): the others are German's. */
export const organisers: NonNullable<LocaleOverrides["organisers"]> = {
  empty: "Haben Sie eine Frage oder kommen Sie nicht weiter? Schreiben Sie der Spielleitung.",
  label: "Ihre Nachricht an die Spielleitung",
  placeholder: "Ihre Nachricht …",
  tooMany:
    "Sie haben in der letzten Stunde schon viele Nachrichten geschrieben. Warten Sie ein wenig, bevor Sie die nächste schicken – Ihr Text bleibt hier stehen.",
  helpText:
    "Ihre Frage ist hier nicht dabei, oder Sie kommen nicht weiter? Die Spielleitung hilft Ihnen.",
};
