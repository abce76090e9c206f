import { opsNews, serverEventSchemas } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { SseClient } from "./support/sse-client";
import type { SseMessage } from "./support/sse-client";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The operators' news on the players' streams, at their largest: 20 items of 1,000 characters
 * in each of the three languages, every character three bytes in UTF-8. An app that holds the
 * news gets only what it lacks when its stream opens, and an open stream only what changed.
 */

const TOKEN = "news-token-".padEnd(48, "n");
const longest = (language: string, n: number) =>
  `${language} ${n} `.padEnd(1000, "€").slice(0, 1000);

/** Bytes of an event block as the server writes it (`event:` and `data:` lines). */
const bytes = (message: SseMessage) =>
  Buffer.byteLength(`event: ${message.event}\ndata: ${message.data}\n\n`);
const parsed = (message: SseMessage | undefined) =>
  serverEventSchemas.news.parse(JSON.parse(message?.data ?? "null"));
const ids = (items: { ID: number }[]) => items.map((item) => item.ID);

describe.each(dialects)("the news on the players' streams ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;
  let player: string;
  const sent: number[] = [];

  async function ops(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${app.url}/api/ops${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text);
  }

  async function send(n: number): Promise<number> {
    const text = { de: longest("de", n), en: longest("en", n), "de-formal": longest("Sie", n) };
    const { id } = opsNews.parse(await ops("POST", "/news", { text }));
    sent.unshift(id);
    return id;
  }

  /** The news event a stream opens with (`newsafter`: the newest id the app holds). */
  async function opening(newsAfter?: number): Promise<SseMessage> {
    const query = new URLSearchParams({ hash: player });
    if (newsAfter !== undefined) query.set("newsafter", String(newsAfter));
    const stream = await SseClient.connect(`${app.url}/api/game/events?${query.toString()}`);
    const [status, news] = await stream.until("news");
    stream.close();
    expect(status?.event).toBe("playerstatus");
    if (!news) throw new Error("no news event");
    return news;
  }

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, config: { operatorToken: TOKEN } });
    api = new Api(app.url);
    player = await api.optin();
    for (let n = 1; n <= 20; n++) await send(n);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("an app without news gets the whole list once", async () => {
    const news = await opening();
    expect(ids(parsed(news).News)).toEqual(sent);
    expect(parsed(news).Keep).toBeUndefined();
    expect(bytes(news)).toBeGreaterThan(180_000);
  });

  it("an app that holds them gets their ids only: a reconnect storm sends a few bytes", async () => {
    const news = await opening(sent[0]);
    expect(parsed(news)).toEqual({ News: [], Keep: sent });
    expect(bytes(news)).toBeLessThan(300);
  });

  it("an app that holds the older ones gets the newer ones whole", async () => {
    const news = await opening(sent[2]);
    expect(ids(parsed(news).News)).toEqual(sent.slice(0, 2));
    expect(parsed(news).Keep).toEqual(sent.slice(2));
    expect(bytes(news)).toBeLessThan(20_000);
  });

  it("an open stream gets a new item alone, and the item that comes back when one is withdrawn", async () => {
    const stream = await api.events(player);
    await stream.until("news");
    const oldest = sent.at(-1);
    const id = await send(21);
    const added = (await stream.until("news")).at(-1);
    if (!added) throw new Error("no news event");
    expect(ids(parsed(added).News)).toEqual([id]);
    // The list holds 20: the oldest item is no longer kept.
    expect(parsed(added).Keep).toEqual(sent.slice(1, 20));
    expect(bytes(added)).toBeLessThan(10_000);

    await ops("DELETE", `/news/${id}`);
    const withdrawn = (await stream.until("news")).at(-1);
    expect(ids(parsed(withdrawn).News)).toEqual([oldest]);
    expect(parsed(withdrawn).Keep).toEqual(sent.slice(1, 20));
    stream.close();
  });

  it("refuses a newsafter that is not a whole number", async () => {
    const query = new URLSearchParams({ hash: player, newsafter: "x" });
    const response = await fetch(`${app.url}/api/game/events?${query.toString()}`);
    expect([response.status, await response.text()]).toEqual([400, "invalid newsafter parameter"]);
  });
});
