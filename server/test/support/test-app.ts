import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import type { TeamsSetting } from "@wegmarke/protocol";
import type { AccountLimits } from "../../src/security/limits";
import { buildApp } from "../../src/app";
import type { Clock, Timer } from "../../src/clock";
import { repoRoot } from "../../src/config";
import type { Config, DatabaseConfig } from "../../src/config";
import { loadContentPack } from "../../src/content/loader";
import type { ContentPack } from "../../src/content/model";
import type { LogStream } from "../../src/http/logging";
import { openStore } from "../../src/store/store";
import type { Store } from "../../src/store/store";

export type TestApp = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  store: Store;
  /** Runs the retention sweep at the app's clock; returns how many accounts it erased. */
  sweep(): Promise<number>;
  /** Loads the app's content pack again from its folder, as SIGHUP does. */
  reloadContent: Awaited<ReturnType<typeof buildApp>>["reloadContent"];
  /** Closes the app, then its database. */
  close(): Promise<void>;
};

let demo: Promise<ContentPack> | undefined;

/** One deployment's secret: the apps of a test file (instances, restarts) share it. */
export const deploymentSecret = randomBytes(32).toString("hex");

/** The real demo pack, loaded once per test file. */
export function demoPack(): Promise<ContentPack> {
  demo ??= loadContentPack(resolve(repoRoot, "content/demo"));
  return demo;
}

/** The demo pack with teams (required by default, as `allowTeams: true` made them). */
export async function teamPack(teams: TeamsSetting = "required"): Promise<ContentPack> {
  const pack = await demoPack();
  return { ...pack, settings: { ...pack.settings, teams } };
}

/** A fresh temporary directory, removed by the returned function. */
export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-test-"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export type StartOptions = (
  | {
      /** The SQLite file; the same file across two apps is a server restart. */
      dbFile: string;
    }
  | {
      /** PostgreSQL (a test schema): two apps on one schema are two instances, or a restart. */
      database: DatabaseConfig;
    }
) & {
  pack?: ContentPack;
  clock?: Clock;
  /** The scheduler's timer (ManualTime's, to fire it by hand). */
  timer?: Timer;
  /** Overrides the test defaults below (SMS go to the outbox). */
  config?: Partial<Config>;
  limits?: Partial<AccountLimits>;
  logStream?: LogStream;
};

/** Builds the app in-process and listens on a free port, as `main.ts` does. */
export async function startApp(options: StartOptions): Promise<TestApp> {
  const pack = options.pack ?? (await demoPack());
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    database: "database" in options ? options.database : { kind: "sqlite", file: options.dbFile },
    contentDir: pack.dir,
    // Versions are content-addressed and written whole, so every test may share the copies.
    packCacheDir: join(tmpdir(), "wegmarke-test-pack-cache"),
    webDist: join("database" in options ? tmpdir() : join(options.dbFile, ".."), "no-web-dist"),
    consoleDist: join(
      "database" in options ? tmpdir() : join(options.dbFile, ".."),
      "no-console-dist",
    ),
    corsOrigins: [],
    publicUrl: "http://localhost",
    sms: { provider: "outbox" },
    trustProxy: [],
    metricsAllow: ["127.0.0.0/8", "::1"],
    logLevel: "silent",
    logFormat: "json",
    // The engine in the test's own thread; test/script-workers.test.ts runs it on workers.
    scriptWorkers: 0,
    anonSignupsPerHour: 200,
    gameSignupsPerHour: 10_000,
    secret: { kind: "value", value: deploymentSecret },
    // No test reaches the internet: an address search test names its own geocoder.
    geocoderUrl: null,
    // Uploads under way are named and counted by their folder: each app has its own (a SQLite
    // app's beside its file, so that a restart finds it; PostgreSQL's removed with the app).
    uploadDir:
      options.config?.uploadDir ??
      ("dbFile" in options ? join(options.dbFile, "..", "uploads") : await ownUploadDir()),
    // No push leaves: a push test names the push service it starts (test/support/push-service.ts).
    push: { subject: "mailto:webmaster@localhost", services: [] },
    ...options.config,
  };
  const store = openStore(config.database);
  await store.migrate();
  const { app, sweepRetention, reloadContent } = await buildApp({
    config,
    pack,
    store,
    // fetch keeps spare sockets open after an aborted stream; don't wait long for them.
    shutdownGraceMs: 100,
    ...(options.clock && { clock: options.clock }),
    ...(options.timer && { timer: options.timer }),
    ...(options.limits && { limits: options.limits }),
    ...(options.logStream && { logStream: options.logStream }),
  });
  await app.listen({ port: 0, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    sweep: sweepRetention,
    reloadContent,
    close: async () => {
      await app.close();
      await store.close();
      if (config.uploadDir.includes(OWN_UPLOADS)) await rm(config.uploadDir, { recursive: true });
    },
  };
}

const OWN_UPLOADS = "wegmarke-test-uploads-";

function ownUploadDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), OWN_UPLOADS));
}
