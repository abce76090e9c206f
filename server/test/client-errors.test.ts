import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The app reports a screen or a media player that did not load or render: logged as JSON,
 * counted, limited.
 */
describe("client error reports", () => {
  let dir: { dir: string; remove(): Promise<void> };
  let app: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    dir = await tempDir();
    app = await startApp({
      dbFile: join(dir.dir, "db.sqlite"),
      config: { logLevel: "warn" },
      limits: { clientErrorsPerIp: { limit: 3, windowMs: 60_000 } },
      logStream: { write: (line) => void lines.push(line) },
    });
  });

  afterAll(async () => {
    await app.close();
    await dir.remove();
  });

  const report = (body: unknown) =>
    fetch(`${app.url}/api/client/errors`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Phone/1.0" },
      body: JSON.stringify(body),
    });

  it("logs a report with the app's path and browser, and counts it by kind", async () => {
    const sent = {
      kind: "chunk",
      message: "Failed to fetch dynamically imported module",
      path: "/webapp/points",
    };
    const response = await report(sent);
    expect(response.status, await response.text()).toBe(200);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((entry) => entry.msg === "client error")).toMatchObject({
      level: 40,
      client: { ...sent, userAgent: "Phone/1.0" },
    });
    const media = { kind: "media", message: "MediaLoadError: network: /a.mp3", path: "/webapp/" };
    expect((await report(media)).status).toBe(200);
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(/wegmarke_client_errors_total\{game="default",kind="chunk"\} 1/);
    expect(metrics).toMatch(/wegmarke_client_errors_total\{game="default",kind="media"\} 1/);
  });

  it("refuses a report that is not one, with the reason", async () => {
    for (const body of [
      { kind: "oops", message: "x", path: "/" },
      { kind: "render", message: "x".repeat(1001), path: "/" },
      { kind: "render", message: "x" },
    ]) {
      const response = await report(body);
      expect(response.status).toBe(400);
      expect(await response.text()).not.toBe("");
    }
  });

  it("takes a few reports from one address, then refuses more for a while", async () => {
    const body = { kind: "render", message: "TypeError: x is undefined", path: "/webapp/" };
    // The two reports above count too.
    expect((await report(body)).status).toBe(200);
    const refused = await report(body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
  });
});
