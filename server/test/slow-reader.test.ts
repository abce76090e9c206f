import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { featurePack, station } from "./support/feature-pack";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let app: TestApp;
let api: Api;
let dir: { dir: string; remove(): Promise<void> };

/** A station that answers every wrong answer with about 4 KB of text, and asks again. */
const chatty = `- (frage)
${Array.from({ length: 8 }, (_, i) => `Zeile ${i}: ${"bla ".repeat(120)}`).join("\n")}
+ [Ende #answer]
    -> END
+ [#answer]
    -> frage
`;

beforeAll(async () => {
  dir = await tempDir();
  const pack = await featurePack(dir.dir, {
    "stations/4-lang/station.yaml": station(4, "Eva").replace("points: 4", "points: 0"),
    "stations/4-lang/script.de.ink": chatty,
  });
  app = await startApp({ dbFile: `${dir.dir}/db.sqlite`, pack });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

/** The ids of the events in an SSE text. */
const idsIn = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

describe("a reader that stops reading", () => {
  it("is dropped once its unsent text passes the bound, and resumes without a loss", async () => {
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 4, Hash: hash });
    // A client that sends its request and then reads nothing.
    const stalled = connect({ host: "127.0.0.1", port: Number(new URL(app.url).port) });
    stalled.write(`GET /api/game/events?hash=${hash} HTTP/1.1\r\nHost: x\r\n\r\n`);
    stalled.pause();
    stalled.on("error", () => undefined);
    const reader = await api.events(hash);
    await reader.until("answer-expected");

    // Some 12 MB for each stream: the kernel's buffers take a few, the server's bound the rest.
    for (let i = 0; i < 3000; i++) {
      await api.game("player/answer", { StationID: 4, Answer: `Nummer ${i}`, Hash: hash });
    }
    let final = 0;
    for (let i = 0; i < 3000; i++)
      final = Number((await reader.until("answer-expected")).at(-1)?.id);

    // Reading at last, the stalled client finds its stream ended by the server, part way.
    const received: Buffer[] = [];
    stalled.on("data", (chunk: Buffer) => received.push(chunk));
    const ended = new Promise((resolve) => stalled.once("end", resolve));
    stalled.resume();
    await ended;
    const got = idsIn(Buffer.concat(received).toString());
    const last = got.at(-1) ?? 0;
    expect(got.length).toBeGreaterThan(0);
    expect(last).toBeLessThan(final);
    // Its reconnect with the last id it has gets exactly the rest.
    const again = await api.events(hash, last);
    const rest: number[] = [];
    while ((rest.at(-1) ?? last) < final) {
      const message = await again.next();
      if (message.id !== undefined) rest.push(Number(message.id));
    }
    expect(rest).toEqual(Array.from({ length: final - last }, (_, i) => last + 1 + i));
    reader.close();
    again.close();
    stalled.destroy();
  }, 60_000);
});
