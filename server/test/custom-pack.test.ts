import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { playerStatusSchema } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContentPack } from "../src/content/loader";
import { Api, texts, types } from "./support/api";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/** A pack with the cases the demo lacks: no answer fallback, a closed station, a one-liner. */
const files: Record<string, string> = {
  "game.yaml": `id: test
title: Test
defaultLanguage: de
settings:
  apiVersion: 1
  allowTeams: false
  registrationLess: false
  debug: false
  stationDistanceThreshold: 3000
  allowGeolocation: true
  allowSortbyDistance: true
texts:
  rejection:
    de: Leider falsch.
    en: Wrong, sorry.
`,
  "stations/1-raetsel/station.yaml": station(1, "live: true"),
  "stations/1-raetsel/script.de.ink": `VAR points = 0
Wie heißt die Stadt?
+ [Marburg #answer]
    Richtig!
    ~ points = 5
- -> END
`,
  "stations/2-zu/station.yaml": station(2, "live: false"),
  "stations/2-zu/script.de.ink": "VAR points = 0\nGeschlossen.\n-> END\n",
  "stations/3-gruss/station.yaml": station(3, "live: true"),
  "stations/3-gruss/script.de.ink": "VAR points = 0\nHallo und tschüss!\n~ points = 1\n-> END\n",
};

function station(id: number, live: string): string {
  return `id: ${id}
name: s${id}
character: Eva
latitude: 50
longitude: 8
points: 4
${live}
texts:
  de: { title: S${id}, desc: D${id} }
`;
}

let app: TestApp;
let api: Api;
let dir: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  dir = await tempDir();
  const packDir = join(dir.dir, "pack");
  for (const [file, text] of Object.entries(files)) {
    await mkdir(join(packDir, file, ".."), { recursive: true });
    await writeFile(join(packDir, file), text);
  }
  app = await startApp({
    dbFile: join(dir.dir, "db.sqlite"),
    pack: await loadContentPack(packDir),
  });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

async function signUp(language?: string): Promise<string> {
  const response = await api.post("/api/account/player/optin/anon", {
    story_id: "test",
    ...(language && { language }),
  });
  return ((await response.json()) as { value: string }).value;
}

describe("a pack's own rules", () => {
  it("answers a wrong answer without fallback with the pack's rejection, in the player's language", async () => {
    for (const [language, rejection] of [
      ["de", "Leider falsch."],
      ["en", "Wrong, sorry."],
    ] as const) {
      const hash = await signUp(language);
      const stream = await api.events(hash);
      await stream.next();
      await api.game("station/activate", { StationID: 1, Hash: hash });
      await stream.until("answer-expected");
      await api.game("player/answer", { StationID: 1, Answer: "Gießen", Hash: hash });
      const rejected = await stream.until("answer-expected");
      expect(types(rejected)).toEqual(["webtext", "webtext", "answer-expected"]);
      expect(texts(rejected)).toEqual(["Gießen", rejection]);

      await api.game("player/answer", { StationID: 1, Answer: "marburg!", Hash: hash });
      const done = await stream.until("playerstatus");
      // points = 5 in the script, capped at the station's 4.
      expect(playerStatusSchema.parse(JSON.parse(done.at(-1)?.data ?? "")).TotalPoints).toBe(4);
      stream.close();
    }
  });

  it("refuses a station that is not live", async () => {
    const hash = await signUp();
    expect(await api.gameFailure("station/activate", { StationID: 2, Hash: hash })).toEqual([
      404,
      "station unavailable",
    ]);
  });

  it("finishes a station that ends at once in the same call", async () => {
    const hash = await signUp();
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 3, Hash: hash });
    const events = await stream.until("webtext");
    const closing = await stream.next();
    expect(types(events)).toEqual(["playerstatus", "webtext"]);
    const started = playerStatusSchema.parse(JSON.parse(events[0]?.data ?? ""));
    expect(started.CurrentStation).toBe(3);
    const finished = playerStatusSchema.parse(JSON.parse(closing.data));
    expect(finished).toMatchObject({ CurrentStation: 0, TotalPoints: 1, ActiveStations: [] });
    expect(finished.Stations["3"]?.GameState?.Done).toBe(true);
    stream.close();
  });
});
