import type { PlayerStatus, PublicContent, StoryContent } from "@wegmarke/protocol";
import { playerStatus, station } from "./fixtures";

/** Public content with stations of every view, stories, crest, intro, help and privacy. */

function story(id: number, requiredPoints: number, headline: string): StoryContent {
  return {
    id,
    name: `story-${id}`,
    chapter: `Kapitel ${id}`,
    headline,
    text: "Es war einmal eine **Landgräfin**.\n\nSie half den Armen.",
    audioPath: `stories/${id}/story.mp3`,
    requiredPoints,
  };
}

export const gameContent: Partial<PublicContent> = {
  stations: {
    "1": { title: "Der Marktplatz", desc: "Wo ein Tier kräht.", view: "station" },
    "2": { title: "Das Landgrafenschloss", desc: "Hoch über der Stadt.", view: "station" },
    "10": { title: "Die Stadtrallye", desc: "Ein Spiel für alle.", view: "main" },
    "20": { title: "Die alte Karte", desc: "Aus dem Stadtarchiv.", view: "archive" },
    "21": { title: "Das Siegel", desc: "Ein Fund.", view: "archive" },
    "30": {
      title: "Ein Brief",
      desc: "",
      author: "Elisabeth",
      subject: "Rosen für die Armen",
      message: "Liebe Leserin, lieber Leser,\nich schreibe dir aus der Kirche.",
      view: "email",
    },
    "40": { title: "Deine Notiz", desc: "Was du gefunden hast.", view: "custom" },
  },
  stories: {
    "1": story(1, 0, "Die Rosen der Elisabeth"),
    "2": story(2, 1, "Der Landgraf und die Universität"),
    "3": story(3, 5, "Das Geheimnis der Uhr"),
  },
  crest: [
    { finishedStories: 0, imagePath: "points/0.png", caption: "Knappe" },
    { finishedStories: 1, imagePath: "points/1.png", caption: "Ritterin" },
  ],
  intro: [
    { headline: "Hallo!", text: "Schritt eins." },
    { headline: "Stationen", text: "Schritt zwei." },
    { headline: "Punkte", text: "Schritt drei." },
    { headline: "Geschichten", text: "Schritt vier." },
  ],
  help: [
    { headline: "Wie starte ich?", text: "Tippe auf **Station starten**." },
    { headline: "Wo sind meine Punkte?", text: "Auf der Punkteseite." },
  ],
  privacy: {
    provider: {
      name: "Stadtmarketing Marburg GmbH",
      address: ["Pilgrimstein 26", "35037 Marburg"],
      email: "datenschutz@example.org",
    },
    text: "Wir speichern nur, was das Spiel braucht.\n\nMehr steht hier.",
  },
  news: ["Heute ist ein guter Tag für einen Spaziergang."],
};

const view = (View: "main" | "archive" | "email" | "custom", Style: "plain" | "game-station") =>
  ({ DisplayHint: { Style, View } }) as const;

/** A status with the stations of `gameContent`; nothing played yet. */
export function gameStatus(overrides: Partial<PlayerStatus> = {}): PlayerStatus {
  return playerStatus({
    Stations: {
      "1": station(),
      "2": station({ Name: "schloss", Latitude: 50.81041, Longitude: 8.7668 }),
      "10": station({ Name: "rallye", ...view("main", "game-station") }),
      "20": station({ Name: "karte", ...view("archive", "plain") }),
      "21": station({ Name: "siegel", ...view("archive", "plain") }),
      "30": station({ Name: "brief", ...view("email", "plain") }),
      "40": station({ Name: "notiz", ...view("custom", "plain") }),
    },
    ...overrides,
  });
}
