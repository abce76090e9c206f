import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadContentPack } from "../../src/content/loader";
import type { ContentPack } from "../../src/content/model";

/**
 * A small pack with what the game service must handle beyond plain dialogues, independent of the
 * demo's texts: delayed messages, an idle reminder, recommendations, media with a seen ratio, a
 * P.S. after the end, and stories with required points.
 */
const files: Record<string, string> = {
  // The demo's id, so the shared test helpers (api.optin, api.register) sign up for it.
  "game.yaml": `id: marburg
title: Test
defaultLanguage: de
settings:
  apiVersion: 1
  allowTeams: true
  registrationLess: false
  debug: false
  stationDistanceThreshold: 3000
  allowGeolocation: true
  allowSortbyDistance: true
texts:
  rejection:
    de: Leider falsch.
`,
  "stations/1-warten/station.yaml": station(
    1,
    "{ de: Eva, en: Eve }",
    "reminder: { after: 2m, text: { de: Bist du noch da?, en: Still there? } }",
  ),
  "stations/1-warten/script.de.ink": `VAR points = 0
Ich suche das Buch.
stations/1/film.mp4 #content #seen: 0.5
Gefunden! #delay: 30s
Hier ist es.
Wie heißt der Autor? #delay: 10s
+ [Grimm #answer]
    Richtig!
    ~ points = 2
- -> END
`,
  "stations/1-warten/film.mp4": "not really a film",
  "stations/2-tipp/station.yaml": station(2, "Max"),
  "stations/2-tipp/script.de.ink": `VAR points = 0
Schau dir die Kapelle an! #recommend: kapelle
stations/2/bild.jpg #content #recommend
~ points = 1
Tschüss!
-> END
`,
  "stations/2-tipp/bild.jpg": "not really an image",
  "stations/3-ps/station.yaml": station(3, "Eva"),
  "stations/3-ps/script.de.ink": `VAR points = 0
Danke!
~ points = 4
P.S. Vergiss den Schirm nicht. #delay: 1h
-> END
`,
  "stories/1-anfang/story.yaml": story(1, "requiredPoints: 0"),
  "stories/2-mitte/story.yaml": story(2, "requiredPoints: 2"),
  "stories/3-zu/story.yaml": story(3, "requiredPoints: 0\nlive: false"),
};

export function station(id: number, character: string, extra = ""): string {
  return `id: ${id}
name: s${id}
character: ${character}
latitude: 50
longitude: 8
points: 4
texts:
  de: { title: S${id}, desc: D${id} }
${extra}
`;
}

function story(id: number, extra: string): string {
  return `id: ${id}
name: story-${id}
chapter: Kapitel ${id}
headline: Geschichte ${id}
text: Es war einmal.
${extra}
`;
}

/** Writes the pack (with `extra` files, a station of a test's own say) below `dir` and loads it. */
export async function featurePack(
  dir: string,
  extra: Record<string, string> = {},
): Promise<ContentPack> {
  const packDir = join(dir, "feature-pack");
  for (const [file, text] of Object.entries({ ...files, ...extra })) {
    await mkdir(join(packDir, file, ".."), { recursive: true });
    await writeFile(join(packDir, file), text);
  }
  return loadContentPack(packDir);
}
