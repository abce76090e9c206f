import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { formatIssue } from "./validation";

/** The repository root: npm runs workspace scripts in server/, so relative paths start here. */
export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** Where the game state lives. Only SQLite exists now; PostgreSQL is a later switch. */
export type DatabaseConfig = { kind: "sqlite"; file: string };

export type Config = {
  port: number;
  host: string;
  database: DatabaseConfig;
  contentDir: string;
  webDist: string;
  corsOrigins: string[];
  /** The address players reach, for links. */
  publicUrl: string;
  logLevel: LogLevel;
};

/** A bad environment value: its message is the one line start-up prints. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const path = z.string().transform((p) => resolve(repoRoot, p));

const database = z
  .string()
  .optional()
  .transform((url, ctx): DatabaseConfig | typeof z.NEVER => {
    if (url === undefined)
      return { kind: "sqlite", file: resolve(repoRoot, "data/wegmarke.sqlite") };
    if (/^postgres(ql)?:\/\//.test(url)) {
      ctx.addIssue({
        code: "custom",
        message: "PostgreSQL support comes later; unset it to use SQLite under ./data",
      });
      return z.NEVER;
    }
    if (!url.startsWith("file:") || url.length === "file:".length) {
      ctx.addIssue({ code: "custom", message: "expected file:/path/to/db.sqlite" });
      return z.NEVER;
    }
    const file = url.slice("file:".length);
    // ":memory:" is better-sqlite3's in-memory database, not a path.
    return {
      kind: "sqlite",
      file: file === ":memory:" || isAbsolute(file) ? file : resolve(repoRoot, file),
    };
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: database,
  CONTENT_DIR: path.default(resolve(repoRoot, "content/demo")),
  WEB_DIST: path.default(resolve(repoRoot, "web/dist")),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ""),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(logLevels).default("info"),
});

/** Reads the environment; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`PORT=`) means "not set", as in most shells' habits.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    // The value itself stays out of the message: DATABASE_URL may hold a password.
    const [issue] = parsed.error.issues;
    throw new ConfigError(issue ? formatIssue(issue, "environment") : "environment: invalid");
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL,
    contentDir: e.CONTENT_DIR,
    webDist: e.WEB_DIST,
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
  };
}
