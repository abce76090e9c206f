import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_PUSH_SERVICES, loadConfig, repoRoot } from "./config";

describe("loadConfig", () => {
  it("has defaults for everything, relative to the repository root", () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: "0.0.0.0",
      database: { kind: "sqlite", file: resolve(repoRoot, "data/wegmarke.sqlite") },
      contentDir: resolve(repoRoot, "content/demo"),
      packCacheDir: resolve(repoRoot, "data/packs"),
      webDist: resolve(repoRoot, "web/dist"),
      consoleDist: resolve(repoRoot, "console/dist"),
      corsOrigins: [],
      publicUrl: "http://localhost:8080",
      sms: { provider: "console" },
      trustProxy: [],
      metricsAllow: ["127.0.0.0/8", "::1"],
      logLevel: "info",
      logFormat: "json",
      scriptWorkers: Math.max(1, availableParallelism() - 1),
      anonSignupsPerHour: 200,
      gameSignupsPerHour: 10_000,
      secret: { kind: "file", file: resolve(repoRoot, "data/secret.key") },
      geocoderUrl: "https://nominatim.openstreetmap.org",
      uploadDir: resolve(repoRoot, "data/uploads"),
      push: { subject: "mailto:webmaster@localhost", services: DEFAULT_PUSH_SERVICES },
    });
    expect(repoRoot).toBe(resolve(import.meta.dirname, "../.."));
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "9000",
      HOST: "127.0.0.1",
      DATABASE_URL: "file:data/other.sqlite",
      CONTENT_DIR: "/srv/games/marburg",
      PACK_CACHE_DIR: "/var/cache/wegmarke",
      WEB_DIST: "web/build",
      CONSOLE_DIST: "console/build",
      CORS_ORIGINS: "https://a.example, https://b.example:8443 ,",
      PUBLIC_URL: "https://play.example/",
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://sms.example/send",
      SMS_HTTP_TOKEN: "s3cret",
      TRUST_PROXY: "127.0.0.1, 10.0.0.0/8",
      METRICS_ALLOW: "10.1.2.3, fd00::/8",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "pretty",
      SCRIPT_WORKERS: "0",
      ANON_SIGNUPS_PER_HOUR: "5000",
      GAME_SIGNUPS_PER_HOUR: "20000",
      SECRET_KEY: "k".repeat(32),
      GEOCODER_URL: "https://geo.example/nominatim/",
      DATA_DIR: "/srv/wegmarke",
      S3_BUCKET: "wegmarke-media",
      S3_REGION: "eu-central-1",
      S3_ENDPOINT: "https://s3.example",
      VAPID_PUBLIC_KEY: "B".repeat(87),
      VAPID_PRIVATE_KEY: "p".repeat(43),
      VAPID_SUBJECT: "mailto:host@play.example",
      PUSH_SERVICES: "https://push.example, https://*.push.example:8443",
    });
    expect(config).toEqual({
      port: 9000,
      host: "127.0.0.1",
      database: { kind: "sqlite", file: resolve(repoRoot, "data/other.sqlite") },
      contentDir: "/srv/games/marburg",
      packCacheDir: "/var/cache/wegmarke",
      webDist: resolve(repoRoot, "web/build"),
      consoleDist: resolve(repoRoot, "console/build"),
      corsOrigins: ["https://a.example", "https://b.example:8443"],
      publicUrl: "https://play.example",
      sms: { provider: "http", url: "https://sms.example/send", token: "s3cret" },
      trustProxy: ["127.0.0.1", "10.0.0.0/8"],
      metricsAllow: ["10.1.2.3", "fd00::/8"],
      logLevel: "warn",
      logFormat: "pretty",
      scriptWorkers: 0,
      anonSignupsPerHour: 5000,
      gameSignupsPerHour: 20_000,
      secret: { kind: "value", value: "k".repeat(32) },
      geocoderUrl: "https://geo.example/nominatim",
      uploadDir: "/srv/wegmarke/uploads",
      s3: { bucket: "wegmarke-media", region: "eu-central-1", endpoint: "https://s3.example" },
      push: {
        vapid: { publicKey: "B".repeat(87), privateKey: "p".repeat(43) },
        subject: "mailto:host@play.example",
        services: ["https://push.example", "https://*.push.example:8443"],
      },
    });
    // Without a subject, an https PUBLIC_URL is how a push service reaches the operator.
    expect(loadConfig({ PUBLIC_URL: "https://play.example/" }).push.subject).toBe(
      "https://play.example",
    );
    expect(() => loadConfig({ S3_BUCKET: "Not_A_Bucket" })).toThrow(/^S3_BUCKET/);
    expect(loadConfig({ GEOCODER_URL: "off" }).geocoderUrl).toBeNull();
    expect(() => loadConfig({ GEOCODER_URL: "nominatim.example" })).toThrow(/^GEOCODER_URL/);
    expect(loadConfig({ DATA_DIR: "/srv/wegmarke" }).secret).toEqual({
      kind: "file",
      file: "/srv/wegmarke/secret.key",
    });
    expect(loadConfig({ DATA_DIR: "/srv/wegmarke" }).packCacheDir).toBe("/srv/wegmarke/packs");
    // The database goes where the data goes, unless DATABASE_URL names it.
    expect(loadConfig({ DATA_DIR: "/srv/wegmarke" }).database).toEqual({
      kind: "sqlite",
      file: "/srv/wegmarke/wegmarke.sqlite",
    });
    expect(
      loadConfig({ DATA_DIR: "/srv/wegmarke", DATABASE_URL: "file:/tmp/x.sqlite" }).database,
    ).toEqual({ kind: "sqlite", file: "/tmp/x.sqlite" });
    expect(() => loadConfig({ SECRET_KEY: "short" })).toThrow(/^SECRET_KEY.*32 characters/);
    expect(loadConfig({ SCRIPT_WORKERS: "3" }).scriptWorkers).toBe(3);
    expect(() => loadConfig({ SCRIPT_WORKERS: "-1" })).toThrow(/^SCRIPT_WORKERS/);
    expect(loadConfig({ SMS_PROVIDER: "outbox" }).sms).toEqual({ provider: "outbox" });
    expect(loadConfig({}, true).logFormat).toBe("pretty");
    expect(loadConfig({ LOG_FORMAT: "json" }, true).logFormat).toBe("json");
  });

  it("treats empty values as unset and keeps absolute and in-memory database files", () => {
    expect(loadConfig({ PORT: "", LOG_LEVEL: "" }).port).toBe(8080);
    expect(loadConfig({ DATABASE_URL: "file:/tmp/x.sqlite" }).database).toEqual({
      kind: "sqlite",
      file: "/tmp/x.sqlite",
    });
    expect(loadConfig({ DATABASE_URL: "file::memory:" }).database).toEqual({
      kind: "sqlite",
      file: ":memory:",
    });
  });

  it.each([
    [{ PORT: "eighty" }, /^PORT: /],
    [{ PORT: "70000" }, /^PORT: /],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL: /],
    [{ CORS_ORIGINS: "not a url" }, /^CORS_ORIGINS/],
    [{ PUBLIC_URL: "ftp://x" }, /^PUBLIC_URL: /],
    [{ DATABASE_URL: "mysql://db" }, /^DATABASE_URL: expected file:/],
    [{ SMS_PROVIDER: "pigeon" }, /^SMS_PROVIDER: /],
    [
      { SMS_PROVIDER: "http", SMS_HTTP_TOKEN: "t" },
      /^SMS_HTTP_URL: required when SMS_PROVIDER=http$/,
    ],
    [
      { SMS_PROVIDER: "http", SMS_HTTP_URL: "https://sms.example" },
      /^SMS_HTTP_TOKEN: required when SMS_PROVIDER=http$/,
    ],
    [{ SMS_HTTP_URL: "sms.example" }, /^SMS_HTTP_URL: /],
    [{ TRUST_PROXY: "everyone" }, /^TRUST_PROXY/],
    [{ METRICS_ALLOW: "127.0.0.1, localhost" }, /^METRICS_ALLOW/],
    [{ VAPID_PUBLIC_KEY: "B".repeat(87) }, /^VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/],
    [{ VAPID_PRIVATE_KEY: "short" }, /^VAPID_PRIVATE_KEY/],
    [{ VAPID_SUBJECT: "ops@play.example" }, /^VAPID_SUBJECT/],
    [{ PUSH_SERVICES: "push.example" }, /^PUSH_SERVICES/],
  ])("stops with one line naming the variable: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each(["postgres://user:secret@db/wegmarke", "postgresql://db:5433/wegmarke?sslmode=require"])(
    "takes %s as PostgreSQL, passing the URL on as it is",
    (url) => {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: "postgres", url });
    },
  );

  it("refuses a malformed PostgreSQL URL without echoing it", () => {
    const attempt = () => loadConfig({ DATABASE_URL: "postgres://user:secret@db:port/wegmarke" });
    expect(attempt).toThrow(/^DATABASE_URL: expected postgres:\/\/user:password@host/);
    expect(attempt).not.toThrow(/secret/);
  });

  it("never echoes the SMS gateway token", () => {
    const attempt = () => loadConfig({ SMS_PROVIDER: "http", SMS_HTTP_TOKEN: "s3cret" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).not.toThrow(/s3cret/);
  });
});
