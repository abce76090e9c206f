import { describe, expect, it } from "vitest";
import { appUrl, notificationOf, readPayload, targetOf } from "./push";
import { basesOf } from "./routes";

describe("a push in the service worker", () => {
  const message = {
    kind: "message",
    title: "Der Türmer",
    body: "Komm zum Turm!",
    tag: "station-14",
    url: "/station/14",
  };

  it("reads the payload the server sends, and nothing else", () => {
    expect(readPayload(JSON.stringify(message))).toEqual(message);
    expect(readPayload(JSON.stringify({ ...message, urgent: true }))).toEqual({
      ...message,
      urgent: true,
    });
    for (const text of [
      undefined,
      "",
      "not json",
      "null",
      "[]",
      JSON.stringify({ ...message, kind: "ad" }),
      JSON.stringify({ ...message, body: 3 }),
      JSON.stringify({ ...message, url: undefined }),
    ]) {
      expect(readPayload(text), String(text)).toBeUndefined();
    }
  });

  it("shows one notification per tag that opens the app at the station; urgent ones stay", () => {
    const payload = readPayload(JSON.stringify(message));
    if (!payload) throw new Error("no payload");
    expect(notificationOf(payload)).toMatchObject({
      body: "Komm zum Turm!",
      tag: "station-14",
      data: { url: "/webapp/station/14" },
    });
    expect(notificationOf(payload).requireInteraction).toBeUndefined();
    expect(notificationOf({ ...payload, urgent: true })).toMatchObject({
      requireInteraction: true,
      renotify: true,
    });
  });

  it("opens only addresses of the app", () => {
    expect(appUrl("/")).toBe("/webapp/");
    expect(appUrl("/news/3")).toBe("/webapp/news/3");
    for (const odd of [
      "//evil.example/x",
      "https://evil.example",
      "/../ops",
      "station/3",
      "/a?b",
    ]) {
      expect(appUrl(odd), odd).toBe("/webapp/");
    }
    expect(targetOf({ url: "/webapp/station/3" })).toBe("/webapp/station/3");
    expect(targetOf({ url: "https://evil.example/" })).toBe("/webapp/");
    expect(targetOf(null)).toBe("/webapp/");
  });

  it("leads into another game's app from its worker, never into the first game's", () => {
    const hafen = basesOf("/g/hafen/webapp/sw.js");
    expect(appUrl("/station/3", hafen)).toBe("/g/hafen/webapp/station/3");
    expect(targetOf({ url: "/g/hafen/webapp/news" }, hafen)).toBe("/g/hafen/webapp/news");
    expect(targetOf({ url: "/webapp/news" }, hafen)).toBe("/g/hafen/webapp/");
    const shown = notificationOf(
      { kind: "message", title: "Kai", body: "Ahoi", tag: "s1", url: "/station/1" },
      hafen,
    );
    expect(shown.data.url).toBe("/g/hafen/webapp/station/1");
    expect(shown.icon).toBe("/webapp/icons/icon-192.png");
  });
});
