import type { LogStream } from "./logging";

/** pino's level numbers and the names the pretty lines show, padded to one width. */
const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO ",
  40: "WARN ",
  50: "ERROR",
  60: "FATAL",
};

type Entry = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { stack?: string; message?: string };
};

/** Fields every line has or the pretty form shows its own way. */
const SHOWN = new Set([
  "level",
  "time",
  "pid",
  "hostname",
  "msg",
  "reqId",
  "req",
  "res",
  "responseTime",
  "err",
]);

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");
}

/** The fields a line carries beyond the usual ones, as `name=value`. */
function extras(entry: Record<string, unknown>): string {
  return Object.entries(entry)
    .filter(([name]) => !SHOWN.has(name))
    .map(([name, value]) => ` ${name}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("");
}

/**
 * pino's JSON lines as a person at a terminal reads them: time, level, message, a request as
 * `GET /webapp/ 200 1.3 ms` (http/request-log.ts writes one line per request it logs), and
 * stack traces in full.
 */
export function prettyLog(out: LogStream): LogStream {
  return {
    write(line: string) {
      let entry: Entry & Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Entry & Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const { req, res } = entry;
      let message = entry.msg ?? "";
      if (req) {
        const request = `${req.method ?? "?"} ${req.url ?? "?"}`;
        const took = entry.responseTime === undefined ? "" : ` ${entry.responseTime.toFixed(1)} ms`;
        message = res ? `${request} ${res.statusCode ?? "?"}${took}` : `${request}: ${message}`;
        if (res && entry.msg === "slow request") message += " (slow)";
      }
      const stack = entry.err?.stack ?? entry.err?.message;
      const trace = stack ? `\n  ${stack.replace(/\n/g, "\n  ")}` : "";
      const level = LEVELS[entry.level ?? 30] ?? "INFO ";
      out.write(`${clock(entry.time)} ${level} ${message}${extras(entry)}${trace}\n`);
    },
  };
}
