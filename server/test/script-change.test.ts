import { cp, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { playerStatusSchema } from "@wegmarke/protocol";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { SCRIPT_CHANGED } from "../src/content/model";
import { Api, texts, types } from "./support/api";
import type { SseClient, SseMessage } from "./support/sse-client";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A station's script changes under a player who waits at its question: after a restart with
 * the changed files, or a reload of the running server. The run goes on where its saved state
 * still fits the new script, else the station starts again with a notice; never a 500.
 */

const QUESTION = "Welches Tier kräht dort oben zur vollen Stunde?";
const SCRIPT = "stations/1-marktplatz/script.de.ink";
const GREETING = "Hallo! Schön, dass du da bist. Ich bin Lena und zeige dir heute die Oberstadt.";

/** The same structure, other words: a saved state fits it. */
const reworded = (ink: string) =>
  ink.replace(QUESTION, "Welches Tier kräht dort oben, immer zur vollen Stunde?");

/** Another dialogue altogether: the saved state points where nothing is any more. */
const RESTRUCTURED = `VAR points = 0
-> platz
== platz ==
Willkommen auf dem Marktplatz!
-> raetsel
== raetsel ==
Wie viele Türme hat das Rathaus?
+ [1 / einen / eins #answer]
    Richtig!
    ~ points = 3
    -> END
+ [#answer]
    Zähl noch einmal.
    -> raetsel
`;

const BROKEN = "VAR points = 0\nHallo.\n-> nirgendwo\n";

describe.each(dialects)("a script that changes under a waiting player ($name)", (dialect) => {
  let packDir: { dir: string; remove(): Promise<void> };
  let db: TestDatabase;
  let app: TestApp | undefined;

  beforeAll(async () => {
    db = await dialect.open();
  });

  afterAll(async () => {
    await db.done();
  });

  beforeEach(async () => {
    packDir = await tempDir();
    await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await packDir.remove();
  });

  /** An app on the copied pack as its files are now (a start, or a restart). */
  async function start(workers = 0): Promise<Api> {
    await app?.close();
    const pack = await loadContentPack(packDir.dir);
    app = await startApp({ ...db.where, pack, config: { scriptWorkers: workers } });
    return new Api(app.url);
  }

  const script = () => join(packDir.dir, SCRIPT);
  const edit = async (change: (ink: string) => string) =>
    writeFile(script(), change(await readFile(script(), "utf8")));

  /** A player at the question of station 1; the stream has seen everything so far. */
  async function waitingPlayer(api: Api): Promise<{ hash: string; lastId: number }> {
    const hash = await api.optin();
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    const start = await stream.until("answer-expected");
    expect(texts(start).at(-1)).toBe(QUESTION);
    stream.close();
    return { hash, lastId: Number(start.at(-1)?.id) };
  }

  async function resumed(api: Api, hash: string, lastId: number): Promise<SseClient> {
    const stream = await api.events(hash, lastId);
    expect((await stream.next()).event).toBe("playerstatus");
    return stream;
  }

  async function finish(api: Api, hash: string, stream: SseClient, answer: string) {
    await api.game("player/answer", { StationID: 1, Answer: answer, Hash: hash });
    const end = await stream.until("playerstatus");
    const status = playerStatusSchema.parse(JSON.parse(end.at(-1)?.data ?? "null"));
    expect(status.Stations["1"]?.GameState?.Done).toBe(true);
    expect(status.TotalPoints).toBe(3);
    return end;
  }

  it("after a restart with a restructured script: 200, a notice, the station from its start", async () => {
    let api = await start();
    const { hash, lastId } = await waitingPlayer(api);
    await writeFile(script(), RESTRUCTURED);
    api = await start();
    const stream = await resumed(api, hash, lastId);

    await api.game("player/answer", { StationID: 1, Answer: "Hahn", Hash: hash });
    const again = await stream.until("answer-expected");
    expect(types(again)).toEqual(["webtext", "webtext", "webtext", "answer-expected"]);
    expect(texts(again)).toEqual([
      SCRIPT_CHANGED.de,
      "Willkommen auf dem Marktplatz!",
      "Wie viele Türme hat das Rathaus?",
    ]);
    expect(again.map((m) => Number(m.id))).toEqual([1, 2, 3, 4].map((n) => lastId + n));
    const end = await finish(api, hash, stream, "einen");
    expect(texts(end)).toEqual(["einen", "Richtig!"]);
    stream.close();
  });

  it("after a restart with reworded text: the run goes on under the new script", async () => {
    let api = await start();
    const { hash, lastId } = await waitingPlayer(api);
    await edit(reworded);
    api = await start();
    const stream = await resumed(api, hash, lastId);

    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const wrong = await stream.until("answer-expected");
    expect(texts(wrong)).toEqual([
      "Katze",
      "Hm, das ist es nicht. Kleiner Tipp: Es weckt auf dem Bauernhof alle auf.",
      "Welches Tier kräht dort oben, immer zur vollen Stunde?",
    ]);
    const end = await finish(api, hash, stream, "Hahn");
    expect(texts(end)[0]).toBe("Hahn");
    stream.close();
  });

  it("reloads the running server: an invalid pack is refused, a valid one counts at once, on script workers", async () => {
    const api = await start(1);
    const { hash, lastId } = await waitingPlayer(api);
    const stream = await resumed(api, hash, lastId);

    const original = await readFile(script(), "utf8");
    await writeFile(script(), BROKEN);
    const refused = await app?.reloadContent();
    expect(refused?.ok).toBe(false);
    expect(refused?.ok === false && refused.problems.map((p) => p.file)).toContain(SCRIPT);
    // The running pack stays: the answer goes to the old script.
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    expect(texts(await stream.until("answer-expected")).at(-1)).toBe(QUESTION);

    await writeFile(script(), RESTRUCTURED);
    const reloaded = await app?.reloadContent();
    expect(reloaded).toEqual({ ok: true, version: expect.any(String), warnings: [] });
    await api.game("player/answer", { StationID: 1, Answer: "Hahn", Hash: hash });
    expect(texts(await stream.until("answer-expected"))).toEqual([
      SCRIPT_CHANGED.de,
      "Willkommen auf dem Marktplatz!",
      "Wie viele Türme hat das Rathaus?",
    ]);

    // Back to the first script: a new player plays it, the one in the middle starts again.
    await writeFile(script(), reworded(original));
    const back = await app?.reloadContent();
    expect(back?.ok && back.version).not.toBe(reloaded?.ok && reloaded.version);
    await api.game("player/answer", { StationID: 1, Answer: "zwei", Hash: hash });
    const restarted = await stream.until("answer-expected");
    expect(texts(restarted)[0]).toBe(SCRIPT_CHANGED.de);
    expect(texts(restarted)[1]).toBe(GREETING);
    const end = await finish(api, hash, stream, "Gockel");
    expect(texts(end)[0]).toBe("Gockel");
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("takes the notice from the pack when game.yaml has one", async () => {
    let api = await start();
    const { hash, lastId } = await waitingPlayer(api);
    const game = join(packDir.dir, "game.yaml");
    const yaml = await readFile(game, "utf8");
    await writeFile(
      game,
      yaml.replace(/^texts:\n/m, "texts:\n  scriptChanged:\n    de: Neu gemischt!\n"),
    );
    await writeFile(script(), RESTRUCTURED);
    api = await start();
    const stream = await resumed(api, hash, lastId);
    await api.game("player/answer", { StationID: 1, Answer: "Hahn", Hash: hash });
    const again: SseMessage[] = await stream.until("answer-expected");
    expect(texts(again)[0]).toBe("Neu gemischt!");
    stream.close();
  });
});
