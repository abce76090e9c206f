import { afterEach, describe, expect, it } from "vitest";
import { startApp, tempDir } from "../../test/support/test-app";
import type { TestApp } from "../../test/support/test-app";
import { prettyLog } from "./pretty-log";

let app: TestApp | undefined;
let dir: Awaited<ReturnType<typeof tempDir>> | undefined;

afterEach(async () => {
  await app?.close();
  await dir?.remove();
});

/** The pretty lines of a real app, which has answered `paths`. */
async function linesFor(paths: string[]): Promise<string[]> {
  dir = await tempDir();
  const lines: string[] = [];
  app = await startApp({
    dbFile: `${dir.dir}/db.sqlite`,
    config: { logLevel: "info" },
    logStream: prettyLog({ write: (line) => void lines.push(line) }),
  });
  for (const path of paths) await (await fetch(`${app.url}${path}`)).text();
  return lines;
}

describe("prettyLog", () => {
  it("writes one line per request with method, redacted URL, status and duration", async () => {
    const lines = await linesFor(["/healthz", "/api/game/events?hash=secret"]);
    expect(lines, lines.join("")).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}Server listening at http:\/\/127\.0\.0\.1:\d+\n$/,
    );
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/healthz 200 \d+\.\d ms\n$/);
    expect(lines[2]).toMatch(/GET \/api\/game\/events\?hash=\[redacted\] 4\d\d \d+\.\d ms\n$/);
  });

  it("shows a message with its level, extra fields and the stack of an error", () => {
    const lines: string[] = [];
    const log = prettyLog({ write: (line) => void lines.push(line) });
    const time = new Date(2026, 4, 1, 9, 5, 7).getTime();
    log.write(`${JSON.stringify({ level: 40, time, msg: "slow", stream: "player:1" })}\n`);
    const err = { message: "boom", stack: "Error: boom\n    at here" };
    log.write(`${JSON.stringify({ level: 50, time, msg: "sweep failed", err })}\n`);
    log.write("not json\n");
    expect(lines).toEqual([
      "09:05:07 WARN  slow stream=player:1\n",
      "09:05:07 ERROR sweep failed\n  Error: boom\n      at here\n",
      "not json\n",
    ]);
  });
});
