import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, texts } from "./support/api";
import { featurePack, station } from "./support/feature-pack";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/** The dialogue engine on worker threads, as the server runs it by default. */

let app: TestApp;
let api: Api;
let dir: { dir: string; remove(): Promise<void> };

/** A station whose wrong answer sends the script round in a loop that never waits. */
const runaway = `Sag etwas.
+ [Halt #answer] -> END
+ [#answer] -> loop
== loop
-> loop
`;

beforeAll(async () => {
  dir = await tempDir();
  const pack = await featurePack(dir.dir, {
    "stations/4-schleife/station.yaml": station(4, "Eva").replace("points: 4", "points: 0"),
    "stations/4-schleife/script.de.ink": runaway,
  });
  app = await startApp({ dbFile: `${dir.dir}/db.sqlite`, pack, config: { scriptWorkers: 2 } });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

describe("scripts on worker threads", () => {
  /** The events of a station from its activation to the status that says it is done. */
  async function playToTheEnd(stream: Awaited<ReturnType<Api["events"]>>) {
    const started = await stream.until("playerstatus");
    return [...started, ...(await stream.until("playerstatus"))];
  }

  it("play a station from its start to its end", async () => {
    const hash = await api.optin();
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 3, Hash: hash });
    expect(texts(await playToTheEnd(stream))).toEqual(["Danke!"]);
    stream.close();
  });

  it("stop a runaway script with a failed call, and go on serving everyone", async () => {
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 4, Hash: hash });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.gameFailure("player/answer", { StationID: 4, Answer: "los", Hash: hash }),
      ),
    );
    expect(answers.map(([status]) => status)).toEqual([500, 500, 500, 500]);
    // The station still waits at its question, and other players play on.
    const other = await api.optin();
    const stream = await api.events(other);
    await stream.next();
    await api.game("station/activate", { StationID: 3, Hash: other });
    expect(texts(await playToTheEnd(stream))).toEqual(["Danke!"]);
    stream.close();
  });
});
