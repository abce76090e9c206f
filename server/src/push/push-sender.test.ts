import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { originMatcher, PushSender } from "./push-sender";

describe("originMatcher", () => {
  const allowed = originMatcher([
    "https://fcm.googleapis.com",
    "https://*.push.apple.com",
    "http://127.0.0.1:9",
  ]);
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc", true],
    ["https://web.push.apple.com/QGx", true],
    ["https://a.b.push.apple.com/x", true],
    ["http://127.0.0.1:9/push/1", true],
    // Another scheme, port or host is another origin.
    ["http://fcm.googleapis.com/fcm/send/abc", false],
    ["https://fcm.googleapis.com:444/x", false],
    ["https://evilpush.apple.com/x", false],
    // A wildcard stands for subdomains only.
    ["https://push.apple.com/x", false],
    ["https://web.push.apple.com:8443/x", false],
    ["https://fcm.googleapis.com.evil.example/x", false],
    ["http://127.0.0.1:10/push/1", false],
    ["http://localhost:9/push/1", false],
  ])("%s: %s", (url, expected) => {
    expect(allowed(new URL(url))).toBe(expected);
  });
});

describe("PushSender", () => {
  it("refuses to post to a service outside the list, without a request", async () => {
    const keys = webpush.generateVAPIDKeys();
    const counted: string[] = [];
    const sender = new PushSender({
      keys,
      subject: "mailto:host@example.org",
      services: ["https://fcm.googleapis.com"],
      gone: () => Promise.resolve(),
      counted: (outcome) => counted.push(outcome),
      onError: () => undefined,
    });
    expect(sender.accepts("https://fcm.googleapis.com/fcm/send/x")).toBe(true);
    expect(sender.accepts("http://169.254.169.254/latest/meta-data")).toBe(false);
    expect(sender.accepts("not a url")).toBe(false);
    const outcome = await sender.send(
      {
        endpoint: "http://169.254.169.254/latest/meta-data",
        p256dh: "x",
        auth: "y",
        playerId: 1,
        language: "de",
      },
      { kind: "news", title: "t", body: "b", tag: "news-1", url: "/" },
      { ttl: 60, urgency: "normal" },
    );
    expect(outcome).toBe("refused");
    expect(counted).toEqual([]);
  });
});
