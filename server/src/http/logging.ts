import { hostname } from "node:os";
import type { FastifyRequest } from "fastify";
import type { LogLevel } from "../config";

/**
 * Query parameters that carry a secret and must never reach a log: the auth token (events,
 * team join), a team invitation code (`tjr`) and a password reset token (the SMS link).
 * Bodies are never logged at all.
 */
const SECRET_PARAMS = new Set(["hash", "tjr", "token"]);

/** The URL with its secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      // `hash[]=...` and `hash[0]=...` carry the same secret as `hash=...`.
      const bare = decodeName(name)
        .toLowerCase()
        .replace(/\[[^\]]*\]$/, "");
      return SECRET_PARAMS.has(bare) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, start)}?${query}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Where log lines go: stdout unless a test catches them. */
export type LogStream = { write(line: string): void };

/** Fastify's logger options: its usual request fields, with the URL redacted. */
export function loggerOptions(level: LogLevel, stream?: LogStream, game?: string) {
  return {
    level,
    ...(stream && { stream }),
    // Another game's server names its game in every line (decisions/054).
    ...(game !== undefined && { base: { pid: process.pid, hostname: hostname(), game } }),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
  };
}
