import { availableParallelism } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { formatIssue } from "./validation";

/** The repository root: npm runs workspace scripts in server/, so relative paths start here. */
export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];
export const logFormats = ["json", "pretty"] as const;
export type LogFormat = (typeof logFormats)[number];

/**
 * Where the game state lives: a SQLite file (one instance), or PostgreSQL (any number of
 * instances). The PostgreSQL URL may hold a password: it never goes into a message or the log.
 */
export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type Dialect = DatabaseConfig["kind"];

export const smsProviders = ["console", "outbox", "http"] as const;

/** How SMS leave the server: printed, kept for `GET /api/dev/outbox`, or posted to a gateway. */
export type SmsConfig =
  | { provider: "console" }
  | { provider: "outbox" }
  | { provider: "http"; url: string; token: string };

export type Config = {
  port: number;
  host: string;
  database: DatabaseConfig;
  contentDir: string;
  /** This instance's copy of the pack versions it runs (packs/pack-library.ts). */
  packCacheDir: string;
  webDist: string;
  /** The built operators' console, served at /ops/. */
  consoleDist: string;
  corsOrigins: string[];
  /** The address players reach, for links (the password reset link in an SMS). */
  publicUrl: string;
  sms: SmsConfig;
  /**
   * Addresses (or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed; empty
   * means the socket's peer is the client. Per-IP rate limits depend on it.
   */
  trustProxy: string[];
  /** Addresses (or CIDR ranges) that may read `GET /metrics`; loopback by default. */
  metricsAllow: string[];
  logLevel: LogLevel;
  /** JSON lines for log collectors; one readable line per event for a person at a terminal. */
  logFormat: LogFormat;
  /** Worker threads that run the dialogue scripts; 0 runs them in the server's own thread. */
  scriptWorkers: number;
  /** Anonymous sign-ups an hour from one address: more where players share one (a Wi-Fi). */
  anonSignupsPerHour: number;
  /** Anonymous sign-ups an hour of one game, from all addresses (security/limits.ts). */
  gameSignupsPerHour: number;
  /**
   * The secret under which rate-limit keys (numbers, addresses) are stored: SECRET_KEY, else
   * the file `secret.key` in the data directory, generated on the first start. Instances that
   * share a database share it.
   */
  secret: { kind: "value"; value: string } | { kind: "file"; file: string };
  /** `OPERATOR_TOKEN`: when set, `Authorization: Bearer` with it opens every `/api/ops/` call. */
  operatorToken?: string;
  /**
   * `INSTANCE_URL`: where the other instances reach this one (the studio's preview runs on
   * one instance; the others hand its calls on); `http://127.0.0.1:<port>` when unset.
   */
  instanceUrl?: string;
  /** `GEOCODER_URL`: the studio's address search, Nominatim's API (OSM's); `off`: null. */
  geocoderUrl: string | null;
  /** `UPLOAD_DIR` (default `DATA_DIR/uploads`): uploads under way until whole (decisions/039). */
  uploadDir: string;
  /**
   * `S3_BUCKET` (with `S3_REGION`, and `S3_ENDPOINT` for a server other than Amazon's): the
   * bucket that keeps what players send; unset, the database keeps it.
   */
  s3?: { bucket: string; region: string; endpoint?: string };
  /** Web Push (decisions/040). */
  push: PushConfig;
};

export type PushConfig = {
  /**
   * `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` (base64url, as `web-push generate-vapid-keys`
   * prints them); unset, the server makes a pair on the first start and keeps it in the
   * database, so every instance of it signs with the same one.
   */
  vapid?: { publicKey: string; privateKey: string };
  /** `VAPID_SUBJECT`: how a push service reaches the operator (mailto: or https:). */
  subject: string;
  /**
   * `PUSH_SERVICES`: the push services' origins a subscription may name (`*.` for any
   * subdomain); the server posts to no other address a device gives it.
   */
  services: string[];
};

/** Chrome's, Firefox's, Safari's and Edge's push services. */
export const DEFAULT_PUSH_SERVICES = [
  "https://fcm.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://*.push.apple.com",
  "https://*.notify.windows.com",
];

/** A bad environment value: its message is the one line start-up prints. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const path = z.string().transform((p) => resolve(repoRoot, p));

const POSTGRES_FORM = "postgres://user:password@host:5432/database";

const database = z
  .string()
  .optional()
  .transform((url, ctx): DatabaseConfig | undefined | typeof z.NEVER => {
    // Unset: SQLite in DATA_DIR (loadConfig), beside the secret key and the uploads.
    if (url === undefined) return undefined;
    if (/^postgres(ql)?:\/\//.test(url)) {
      if (URL.canParse(url)) return { kind: "postgres", url };
      ctx.addIssue({ code: "custom", message: `expected ${POSTGRES_FORM}` });
      return z.NEVER;
    }
    if (!url.startsWith("file:") || url.length === "file:".length) {
      ctx.addIssue({
        code: "custom",
        message: `expected file:/path/to/db.sqlite or ${POSTGRES_FORM}`,
      });
      return z.NEVER;
    }
    const file = url.slice("file:".length);
    // ":memory:" is better-sqlite3's in-memory database, not a path.
    return {
      kind: "sqlite",
      file: file === ":memory:" || isAbsolute(file) ? file : resolve(repoRoot, file),
    };
  });

const list = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  );

const addressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** Who may read the metrics unless METRICS_ALLOW says otherwise: this machine. */
const LOOPBACK = ["127.0.0.0/8", "::1"];

/** OpenStreetMap's Nominatim: free for a studio's few searches (one a second at most). */
const DEFAULT_GEOCODER = "https://nominatim.openstreetmap.org";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: database,
  CONTENT_DIR: path.default(resolve(repoRoot, "content/demo")),
  WEB_DIST: path.default(resolve(repoRoot, "web/dist")),
  CONSOLE_DIST: path.default(resolve(repoRoot, "console/dist")),
  CORS_ORIGINS: list.pipe(z.array(z.url({ protocol: /^https?$/ }))),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  INSTANCE_URL: z.url({ protocol: /^http$/ }).optional(),
  GEOCODER_URL: z
    .union([z.literal("off"), z.url({ protocol: /^https?$/ })])
    .default(DEFAULT_GEOCODER),
  SMS_PROVIDER: z.enum(smsProviders).default("console"),
  SMS_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  TRUST_PROXY: list.pipe(z.array(addressOrRange)),
  METRICS_ALLOW: list.pipe(z.array(addressOrRange)),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  LOG_FORMAT: z.enum(logFormats).optional(),
  SCRIPT_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  ANON_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(200),
  GAME_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(10_000),
  SECRET_KEY: z.string().min(32, "at least 32 characters").optional(),
  DATA_DIR: path.default(resolve(repoRoot, "data")),
  PACK_CACHE_DIR: path.optional(),
  UPLOAD_DIR: path.optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "an S3 bucket name")
    .optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OPERATOR_TOKEN: z
    .string()
    .min(32, "at least 32 characters")
    .regex(/^\S+$/, "no white space")
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "an uncompressed P-256 public key, base64url (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "a P-256 private key, base64url (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "a mailto: or https: address")
    .optional(),
  PUSH_SERVICES: list.pipe(
    z.array(z.string().regex(/^https?:\/\/(\*\.)?[^\s/*]+$/, "origins, as https://host[:port]")),
  ),
});

type Env = z.infer<typeof envSchema>;

function pushConfig(e: Env): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither");
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, "");
  return {
    ...(publicKey !== undefined &&
      privateKey !== undefined && { vapid: { publicKey, privateKey } }),
    subject:
      e.VAPID_SUBJECT ??
      (publicUrl?.startsWith("https://") ? publicUrl : "mailto:webmaster@localhost"),
    services: e.PUSH_SERVICES.length > 0 ? e.PUSH_SERVICES : DEFAULT_PUSH_SERVICES,
  };
}

function smsConfig(e: Env): SmsConfig {
  if (e.SMS_PROVIDER !== "http") return { provider: e.SMS_PROVIDER };
  // The token stays out of every message, like any other secret.
  if (e.SMS_HTTP_URL === undefined) {
    throw new ConfigError("SMS_HTTP_URL: required when SMS_PROVIDER=http");
  }
  if (e.SMS_HTTP_TOKEN === undefined) {
    throw new ConfigError("SMS_HTTP_TOKEN: required when SMS_PROVIDER=http");
  }
  return { provider: "http", url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN };
}

/**
 * Reads the environment; throws a ConfigError naming the first bad variable. Logs are pretty
 * by default when they go to a `terminal`, JSON otherwise.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, terminal = false): Config {
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
    database: e.DATABASE_URL ?? { kind: "sqlite", file: join(e.DATA_DIR, "wegmarke.sqlite") },
    contentDir: e.CONTENT_DIR,
    packCacheDir: e.PACK_CACHE_DIR ?? join(e.DATA_DIR, "packs"),
    webDist: e.WEB_DIST,
    consoleDist: e.CONSOLE_DIST,
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    sms: smsConfig(e),
    trustProxy: e.TRUST_PROXY,
    metricsAllow: e.METRICS_ALLOW.length > 0 ? e.METRICS_ALLOW : LOOPBACK,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? "pretty" : "json"),
    // One core stays with the server's own thread.
    scriptWorkers: e.SCRIPT_WORKERS ?? Math.max(1, availableParallelism() - 1),
    anonSignupsPerHour: e.ANON_SIGNUPS_PER_HOUR,
    gameSignupsPerHour: e.GAME_SIGNUPS_PER_HOUR,
    secret:
      e.SECRET_KEY === undefined
        ? { kind: "file", file: join(e.DATA_DIR, "secret.key") }
        : { kind: "value", value: e.SECRET_KEY },
    ...(e.OPERATOR_TOKEN !== undefined && { operatorToken: e.OPERATOR_TOKEN }),
    ...(e.INSTANCE_URL !== undefined && { instanceUrl: e.INSTANCE_URL.replace(/\/+$/, "") }),
    geocoderUrl: e.GEOCODER_URL === "off" ? null : e.GEOCODER_URL.replace(/\/+$/, ""),
    uploadDir: e.UPLOAD_DIR ?? join(e.DATA_DIR, "uploads"),
    ...(e.S3_BUCKET !== undefined && {
      s3: { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT },
    }),
    push: pushConfig(e),
  };
}
