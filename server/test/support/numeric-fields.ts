import * as protocol from "@wegmarke/protocol";
import { z } from "zod";

/**
 * The numeric fields of the protocol's request schemas, read from their JSON Schema, and the
 * values that probe them at the limits of the databases' integers and of JSON's numbers.
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
};

/** A number field of a request: where it sits (nested objects included) and its bounds. */
export type NumericField = { path: string[]; integer: boolean; min?: number; max?: number };

/** The largest integer column value (PostgreSQL's `integer`, SQLite's ids as stored). */
export const MAX_COLUMN = 2 ** 31 - 1;

/** Numbers at and beyond the limits of 32-bit, 53-bit and 64-bit integers and of doubles. */
const EDGE_NUMBERS = [
  ...[0, -0, -1, 1, 0.5, 1.5, MAX_COLUMN, MAX_COLUMN + 1, -MAX_COLUMN - 1, -MAX_COLUMN - 2],
  ...[2 ** 32, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 2 ** 63, 2 ** 64, 1e308, -1e308, 5e-324],
];

/** The same as text (clients may send numbers as text), and text that is no number. */
export const EDGE_TEXTS = [
  ...EDGE_NUMBERS.map(String),
  ...["2147483648", "-2147483649", "9007199254740993", "99999999999999999999", "1e400"],
  ...["NaN", "Infinity", "-Infinity", "0x10", "1_000", " 1", "1.0", ""],
];

/** Every value a numeric field of a body is sent. */
export const EDGE_VALUES: unknown[] = [...EDGE_NUMBERS, ...EDGE_TEXTS];

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** The alternative of `json` that is no null (a nullable field). */
function nonNull(json: JsonSchema): JsonSchema {
  return json.anyOf?.find((alternative) => alternative.type !== "null") ?? json;
}

/** The numeric fields of a request schema (an object, possibly with nested objects). */
export function numericFields(schema: z.ZodType): NumericField[] {
  const found: NumericField[] = [];
  const walk = (json: JsonSchema, path: string[]) => {
    const node = nonNull(json);
    if (node.type === "number" || node.type === "integer") {
      found.push({
        path,
        integer: node.type === "integer",
        ...((node.minimum ?? node.exclusiveMinimum) !== undefined && {
          min: node.minimum ?? node.exclusiveMinimum,
        }),
        ...((node.maximum ?? node.exclusiveMaximum) !== undefined && {
          max: node.maximum ?? node.exclusiveMaximum,
        }),
      });
    }
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      walk(property, [...path, name]);
    }
  };
  walk(jsonSchemaOf(schema), []);
  return found;
}

/** A valid value of a field of `json`, to fill the siblings of a field under test. */
function sampleOf(json: JsonSchema): unknown {
  const node = nonNull(json);
  if (node.enum) return node.enum[0];
  if (node.type === "number" || node.type === "integer") {
    const low = node.minimum ?? (node.exclusiveMinimum ?? -1) + 1;
    return Math.min(Math.max(low, 0), node.maximum ?? Infinity);
  }
  if (node.type === "boolean") return true;
  if (node.type === "string") return "x";
  if (node.type === "object") {
    const required = node.required ?? [];
    return Object.fromEntries(
      Object.entries(node.properties ?? {})
        .filter(([name]) => required.includes(name))
        .map(([name, property]) => [name, sampleOf(property)]),
    );
  }
  return null;
}

/**
 * `body` with the field at `path` set to `value`; an object around it that `body` lacks is
 * made with its required fields valid, so the value under test is the one thing wrong.
 */
export function withField(
  schema: z.ZodType,
  body: Record<string, unknown>,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const root = structuredClone(body);
  let target = root;
  let json = nonNull(jsonSchemaOf(schema));
  for (const name of path.slice(0, -1)) {
    json = nonNull(json.properties?.[name] ?? {});
    const inner = target[name];
    const next =
      typeof inner === "object" && inner !== null
        ? (inner as Record<string, unknown>)
        : (sampleOf(json) as Record<string, unknown>);
    target[name] = next;
    target = next;
  }
  const last = path.at(-1);
  if (last !== undefined) target[last] = value;
  return root;
}

/** The protocol's request schemas by name (`...Request`, `...Query`, `...Params`). */
export function requestSchemas(): [string, z.ZodType][] {
  return Object.entries(protocol).flatMap(([name, value]): [string, z.ZodType][] =>
    /(Request|Query|Params)$/.test(name) && value instanceof z.ZodType ? [[name, value]] : [],
  );
}
