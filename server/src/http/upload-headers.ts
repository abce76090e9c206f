import type { FastifyRequest } from "fastify";

/** The call's auth token: `Authorization: Bearer <token>`. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : undefined;
}

/** Changes a header before the tus server reads it (from either of Node's two lists). */
export function setHeader(request: FastifyRequest, name: string, value: string): void {
  const { raw } = request;
  raw.headers[name] = value;
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]?.toLowerCase() === name) raw.rawHeaders[i + 1] = value;
  }
}
