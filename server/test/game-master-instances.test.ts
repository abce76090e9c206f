import { opsPlayersPage, opsThread } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { SseClient } from "./support/sse-client";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The game master on one instance, the player's stream on another, both on one PostgreSQL
 * schema: the host's page hears of the player's answer, and the host's line reaches the stream.
 */

const TOKEN = "instances-master-".padEnd(48, "i");
const BEARER = { authorization: `Bearer ${TOKEN}` };

let schema: TestSchema;
let apps: TestApp[];

beforeEach(async () => {
  schema = await createTestSchema();
  apps = [];
});

afterEach(async () => {
  for (const app of apps) await app.close();
  await schema.drop();
});

async function instance(): Promise<TestApp> {
  const app = await startApp({ database: schema.database, config: { operatorToken: TOKEN } });
  apps.push(app);
  return app;
}

async function ops(app: TestApp, method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.url}/api/ops${path}`, {
    method,
    headers: { ...BEARER, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
}

describe("the game master and a player on two instances", () => {
  it("hears the player's answer on the host's instance and sends the host's line to the other", async () => {
    const host = await instance();
    const other = await instance();
    const player = new Api(other.url);
    const { token } = await player.register("0171 7654327", "+491717654327", "Hedwig");
    const stream = await player.events(token);
    await stream.next();
    await player.game("station/activate", { StationID: 1, Hash: token });
    await stream.until("answer-expected");
    const page = opsPlayersPage.parse(
      JSON.parse((await ops(host, "GET", "/players?q=Hedwig")).text),
    );
    const id = page.players[0]?.id ?? 0;

    const watch = await SseClient.connect(`${host.url}/api/ops/players/${id}/watch`, BEARER);
    expect((await watch.next()).event).toBe("changed");
    await player.game("player/answer", { StationID: 1, Answer: "Spatz", Hash: token });
    expect((await watch.next()).event).toBe("changed");
    const thread = opsThread.parse(
      JSON.parse((await ops(host, "GET", `/players/${id}/thread`)).text),
    );
    expect(thread.lines).toContainEqual(expect.objectContaining({ from: "user", text: "Spatz" }));
    watch.close();

    const line = { stationId: 1, from: "Spielleitung", text: "Schaut auf die Uhr am Rathaus." };
    expect((await ops(host, "POST", `/players/${id}/lines`, line)).status).toBe(200);
    let heard = false;
    for (let n = 0; n < 50 && !heard; n++) {
      const message = await stream.next();
      heard =
        message.event === "webtext" && message.data.includes("Schaut auf die Uhr am Rathaus.");
    }
    expect(heard).toBe(true);
    stream.close();
  });
});
