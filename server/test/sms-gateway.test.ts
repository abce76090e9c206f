import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cp } from "node:fs/promises";
import { resolve } from "node:path";
import { opsPreviewOutcome } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { Api } from "./support/api";
import { opsCall } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/** A stub SMS gateway: records what it gets, answers with `status`. */
const gateway = { status: 200, received: [] as { authorization: string; body: unknown }[] };
const server = createServer((request, response) => {
  let text = "";
  request.on("data", (chunk: Buffer) => (text += chunk.toString()));
  request.on("end", () => {
    gateway.received.push({
      authorization: request.headers.authorization ?? "",
      body: JSON.parse(text),
    });
    response.writeHead(gateway.status).end();
  });
});

const TOKEN = "sms-gateway-token-".padEnd(48, "s");
let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;
let api: Api;

beforeAll(async () => {
  dir = await tempDir();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await cp(resolve(repoRoot, "content/demo"), `${dir.dir}/pack`, { recursive: true });
  app = await startApp({
    dbFile: `${dir.dir}/db.sqlite`,
    pack: await loadContentPack(`${dir.dir}/pack`),
    config: {
      sms: { provider: "http", url: `http://127.0.0.1:${port}/sms`, token: "tok" },
      operatorToken: TOKEN,
      packCacheDir: `${dir.dir}/cache`,
    },
  });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  server.closeAllConnections();
  server.close();
  await dir.remove();
});

describe("registration with SMS_PROVIDER=http", () => {
  it("hands the code SMS to the gateway", async () => {
    await api.requestCode("0171 2223334");
    expect(gateway.received).toEqual([
      {
        authorization: "Bearer tok",
        body: {
          to: "+491712223334",
          text: expect.stringMatching(/^Dein Code für Märchenhaftes Marburg: \d{6}$/),
        },
      },
    ]);
  });

  it("answers 503 sms not sent when the gateway keeps failing", async () => {
    gateway.status = 502;
    expect(
      await api.account("optin/sms", {
        first_name: "X",
        phone: "0171 2223335",
        story_id: "marburg",
      }),
    ).toEqual([503, "sms not sent"]);
    gateway.status = 200;
  });

  it("has no outbox route", async () => {
    expect((await fetch(`${app.url}/api/dev/outbox`)).status).toBe(404);
  });
});

describe("the studio's preview", () => {
  it("sends no SMS: a code asked for there stays in the preview's outbox", async () => {
    expect((await opsCall(app, TOKEN, "POST", "/content/reload", {})).status).toBe(200);
    const started = await opsCall(app, TOKEN, "POST", "/pack/draft/preview", { desk: true });
    const outcome = opsPreviewOutcome.parse(started.json);
    if (!outcome.ok) throw new Error("the preview was refused");
    const player = new Api(`${app.url}${outcome.path.replace(/\/webapp\/$/, "")}`);
    const before = gateway.received.length;
    await player.requestCode("0171 2223336");
    expect(await player.lastCode("+491712223336")).toMatch(/^\d{6}$/);
    expect(gateway.received).toHaveLength(before);
  });
});
