import { z } from "zod";

/** The groups of the API description, in the order the rendered page shows them. */
export const apiTags = [
  {
    name: "accounts",
    description: "A player's account: sign-up, login, passwords (`/api/account/`)",
  },
  { name: "game", description: "The game a player plays: stations, answers, the event stream" },
  { name: "teams", description: "Founding and joining a team, the members' shared positions" },
  { name: "missions", description: "What players send for a mission: tus uploads, signed links" },
  { name: "push", description: "Web Push: the server's key and this device's subscription" },
  {
    name: "ops",
    description: "The operators' API (`/api/ops/`): session cookie or OPERATOR_TOKEN",
  },
  { name: "studio", description: "The operators' game editor: the draft, its forms, versions" },
  {
    name: "games",
    description: "The installation's other games, each with every address below `/g/<name>/`",
  },
  { name: "web app", description: "The two apps, the content pack's settings, texts and media" },
  {
    name: "service",
    description: "Health, metrics, this description; the SMS outbox in development",
  },
] as const;

export type ApiTag = (typeof apiTags)[number]["name"];

/** A body that is no JSON: its content type (a zip, a file's bytes). */
export type RawBody = { type: string };

/** What the description says of one route. */
export type RouteDoc = {
  tag: ApiTag;
  summary: string;
  description?: string;
  /** The protocol schema the route parses its JSON body with, or a raw body's type. */
  body?: z.ZodType | RawBody;
  /** The schemas it parses its query and its path parameters with. */
  query?: z.ZodType;
  params?: z.ZodType;
  /** The protocol schema of a 200's JSON answer. */
  response?: z.ZodType;
  /** The content type of a 200 that is no JSON (a page, a file, an event stream). */
  produces?: string;
};

/** Phrases many routes' descriptions share. */
export const SIGNED_IN = "The player's token as `Hash` in the body (`hash` in the query of a GET).";
export const TUS =
  "tus 1.0 (creation, termination): `Authorization: Bearer` with the player's token.";
export const SAVE =
  "409 with the outcome (the other author's file) when `replaces` is no longer current.";
export const REFUSED = "422 with the outcome and its problems when the pack does not load.";
export const APP =
  "The app's page; every unknown path below it gets the app, which shows its 404 screen.";
export const CONSOLE =
  "The operators' console (`console/dist`); every unknown path below it gets it.";
export const REDIRECT = "A redirect, query and all, to the app under `/webapp/`.";

/** The path below a route's prefix (Fastify's `*`). */
export const wildcard = z.object({ path: z.string() });

declare module "fastify" {
  interface FastifyContextConfig {
    /** What the API description says of this route (api-docs.ts); a route without it is left out. */
    docs?: RouteDoc;
  }
}

/** A route's description; `parts` name its schemas. */
export function doc(tag: ApiTag, summary: string, parts: Omit<RouteDoc, "tag" | "summary"> = {}) {
  return { tag, summary, ...parts };
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json: JsonSchema = z.toJSONSchema(schema, {
    target: "openapi-3.0",
    io,
    unrepresentable: "any",
  });
  // The document names its dialect once, at its top.
  delete json.$schema;
  return json;
}

const binary = { type: "string", format: "binary" };
const text = { type: "string" };

/** The plain-text reason every refusal carries (the API's error format). */
const refusal = {
  description: "A refusal: the status and a short plain-text reason",
  content: { "text/plain": { schema: text } },
};

function answer(doc: RouteDoc): JsonSchema {
  if (doc.response) {
    return { ...jsonSchema(doc.response, "output"), description: "The answer" };
  }
  const type = doc.produces ?? "application/json";
  const schema = type === "application/json" ? {} : type.startsWith("text/") ? text : binary;
  return { description: "The answer", content: { [type]: { schema } } };
}

/**
 * The route schema @fastify/swagger reads, built when the description is first asked for:
 * the routes themselves parse their input (http/parse.ts), so none of it validates.
 */
export function routeSchema(doc: RouteDoc, note: string | undefined): JsonSchema {
  const { body, query, params } = doc;
  const description = [doc.description, note].filter(Boolean).join("\n\n");
  return {
    tags: [doc.tag],
    summary: doc.summary,
    ...(description && { description }),
    ...(body &&
      (body instanceof z.ZodType
        ? { body: jsonSchema(body, "input") }
        : { body: { content: { [body.type]: { schema: binary } } } })),
    ...(query && { querystring: jsonSchema(query, "input") }),
    ...(params && { params: jsonSchema(params, "input") }),
    response: { 200: answer(doc), "4XX": refusal },
  };
}
