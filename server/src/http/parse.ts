import type { z } from "zod";
import { ServiceError } from "../errors";
import { formatIssues } from "../validation";

/** Parses a body or query with its protocol schema; 400 with the failing fields otherwise. */
export function parse<T extends z.ZodType>(schema: T, value: unknown, root = "body"): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError(400, formatIssues(result.error, root));
  return result.data;
}

/** One property of a body that has not been parsed yet (undefined when it is no object). */
export function property(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, name) : undefined;
}
