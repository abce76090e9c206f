import { ErrorCode } from "@wegmarke/protocol";
import type { z } from "zod";
import { ApiFailure, NETWORK_UNREACHABLE } from "./api-error";

export { endpoint } from "./endpoint";

/** Checks a call's input with its protocol schema; missing inputs reject locally with 000 (spec 5). */
export function checkInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join(".") || "input");
    throw new ApiFailure(ErrorCode.general, `missing or invalid input: ${fields.join(", ")}`);
  }
  return result.data;
}

type RequestOptions = { method: "GET" | "POST" | "PUT"; body?: unknown };

/**
 * Sends a JSON call and parses the answer with its schema. A failed answer rejects with its
 * status and trimmed body text; a network failure or an unreadable answer rejects with 000.
 */
export async function requestJson<T extends z.ZodType>(
  url: string,
  options: RequestOptions,
  schema: T,
): Promise<z.output<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      mode: "cors",
      cache: "no-store",
      headers: {
        Accept: "application/json",
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    // fetch rejects only when no answer came: no connection (offline, a dead spot).
    throw new ApiFailure(ErrorCode.general, NETWORK_UNREACHABLE);
  }
  if (!response.ok) {
    const reason = await response.text().catch(() => "");
    throw new ApiFailure(String(response.status), reason.trim());
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiFailure(ErrorCode.general, `unexpected answer from ${url}`);
  return parsed.data;
}
