import type { Locale } from "../locale";

/**
 * German texts of the points page (/webapp/points): `de.points`, a section kept beside de.ts,
 * which holds every other text.
 */
export const points: Locale["points"] = {
  total_one: "{{count}} Punkt",
  total_other: "{{count}} Punkte",
  totalLabel: "Deine Punkte bisher",
  crest: "Dein Wappen",
  finishedStories_one: "{{count}} Geschichte abgeschlossen",
  finishedStories_other: "{{count}} Geschichten abgeschlossen",
  stations: "Geschaffte Stationen",
  stars: "{{points}} von {{max}} Punkten",
  none: "Du hast noch keine Station geschafft. Starte eine, löse ihre Rätsel und sammle deine ersten Punkte!",
  toStations: "Station suchen",
  fromOrganisers: "Von der Spielleitung",
  awarded_one: "{{signed}} Punkt",
  awarded_other: "{{signed}} Punkte",
};
