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

/** The pretty lines of a real app at `level`, which has answered `paths` and shut down. */
async function linesFor(level: "info" | "debug", paths: string[]): Promise<string[]> {
  dir = await tempDir();
  const lines: string[] = [];
  app = await startApp({
    dbFile: `${dir.dir}/db.sqlite`,
    config: { logLevel: level },
    logStream: prettyLog({ write: (line) => void lines.push(line) }),
  });
  for (const path of paths) await (await fetch(`${app.url}${path}`)).text();
  await app.close();
  app = undefined;
  return lines;
}

const line = (text: string) => new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${text}\\n$`);

describe("the request log", () => {
  it("at info writes a line for each failure, and sums up the routine requests", async () => {
    const lines = await linesFor("info", ["/healthz", "/healthz", "/api/game/events?hash=secret"]);
    expect(lines, lines.join("")).toHaveLength(3);
    expect(lines[0]).toMatch(line("INFO {2}Server listening at http://127\\.0\\.0\\.1:\\d+"));
    expect(lines[1]).toMatch(
      line("INFO {2}GET /api/game/events\\?hash=\\[redacted\\] 401 \\d+\\.\\d ms"),
    );
    expect(lines[2]).toMatch(
      line(
        "INFO {2}requests since the last summary requests=3 2xx=2 4xx=1 p50Ms=[\\d.]+ p99Ms=[\\d.]+ maxMs=[\\d.]+ streams=0",
      ),
    );
  });

  it("at debug writes one line per request with method, redacted URL, status and duration", async () => {
    const lines = await linesFor("debug", ["/healthz", "/api/game/events?hash=secret"]);
    expect(lines.filter((text) => text.includes(" GET "))).toEqual([
      expect.stringMatching(line("DEBUG GET /healthz 200 \\d+\\.\\d ms")),
      expect.stringMatching(
        line("INFO {2}GET /api/game/events\\?hash=\\[redacted\\] 401 \\d+\\.\\d ms"),
      ),
    ]);
  });
});

describe("prettyLog", () => {
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
