import { OpsReason } from "@wegmarke/protocol";
import type { z } from "zod";
import { API_BASE, INSTALLATION_API } from "./game-choice";

/** Where the chosen game's operator API is mounted; the console is served from the same origin. */
export { API_BASE };

/**
 * A call that failed: `network` (no answer at all), `status` (an error status with the
 * server's plain-text reason), `page` (an error status whose answer is a page, no reason: a
 * proxy's 413 or 502 in front of the server) or `unexpected` (an answer the console could not
 * read).
 */
export class ApiError extends Error {
  constructor(
    readonly kind: "network" | "status" | "page" | "unexpected",
    readonly status = 0,
    readonly reason = "",
  ) {
    super(kind === "status" ? `${status} ${reason}` : kind);
    this.name = "ApiError";
  }
}

/** Whether an answer of `contentType` is the server's own words: plain text or JSON. */
function readable(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "text/plain" || type === "application/json";
}

/**
 * The failure of an answer with the error `status`: the server's reason (`body`, else the
 * status text), or, for a body of any other type (HTML, none: a proxy's error page), the status
 * alone.
 */
export function failure(
  status: number,
  contentType: string | null,
  body: string,
  statusText: string,
): ApiError {
  if (!readable(contentType)) return new ApiError("page", status);
  return new ApiError("status", status, body.trim() || statusText);
}

let signInRequired: () => void = () => undefined;

/**
 * Calls `handler` whenever the server answers 401 "operator sign-in required": the session
 * ended (expired, signed out elsewhere, the operator removed). Returns the undo.
 */
export function onSignInRequired(handler: () => void): () => void {
  signInRequired = handler;
  return () => {
    if (signInRequired === handler) signInRequired = () => undefined;
  };
}

export type CallOptions<T> = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** What the answer must be. */
  schema: z.ZodType<T>;
  /** Error statuses whose JSON answer is read like a success (422 of the reload). */
  accept?: readonly number[];
  /** A call of the installation (the list of games), not of the chosen game. */
  installation?: boolean;
};

/** A call of the operator API: JSON (or a file, sent as it is) in, JSON out, the cookie along. */
export async function call<T>(path: string, options: CallOptions<T>): Promise<T> {
  const { method = "GET", body, signal, schema, accept = [], installation = false } = options;
  const file = body instanceof Blob;
  let response: Response;
  try {
    response = await fetch(`${installation ? INSTALLATION_API : API_BASE}${path}`, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": file ? body.type : "application/json" }),
      },
      ...(body === undefined ? {} : { body: file ? body : JSON.stringify(body) }),
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    // A cancelled call stays an AbortError: whoever cancelled it ignores it.
    if (signal?.aborted) throw error;
    throw new ApiError("network");
  }
  if (!response.ok && !accept.includes(response.status)) {
    const body = await response.text().catch(() => "");
    const error = failure(
      response.status,
      response.headers.get("content-type"),
      body,
      response.statusText,
    );
    if (error.status === 401 && error.reason === OpsReason.signInRequired) signInRequired();
    throw error;
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError("unexpected", response.status);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError("unexpected", response.status);
  return parsed.data;
}
