import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { ContentPack } from "../content/model";
import { openStore } from "../store/store";
import type { Store } from "../store/store";
import type { PreviewApp } from "./previews";

/** Sign-ups and SMS an hour from one address in a preview, at least. */
const PREVIEW_CALLS_PER_ADDRESS = 1000;

/** The limits per address a preview raises (security/limits.ts). */
type PreviewLimits = { anonSignupsPerIp: { limit: number }; smsCallsPerIp: { limit: number } };

/** What a preview's server is built from (app.ts's `buildApp` takes it). */
export type PreviewAppDeps<L> = {
  config: Config;
  pack: ContentPack;
  store: Store;
  limits: L;
  preview: { base: string; fast: boolean };
};

export type PreviewServerDeps<L extends PreviewLimits> = {
  /** The main server's configuration and limits, which the preview's start from. */
  config: Config;
  limits: L;
  pack: ContentPack;
  /** The path of its player app's calls, `/preview/<id>`. */
  base: string;
  /** Its own folder: the SQLite file, its pack cache and its players' uploads. */
  dataDir: string;
  fast: boolean;
  /** Builds a server (app.ts's `buildApp`, handed in by app.ts, which this cannot import). */
  build: (deps: PreviewAppDeps<L>) => Promise<{ app: FastifyInstance }>;
};

/**
 * A preview's server (previews.ts): the draft's pack on a SQLite file of its own, the scripts
 * in its thread, never listening; the main server hands it its requests.
 */
export async function startPreviewServer<L extends PreviewLimits>({
  config,
  limits,
  pack,
  base,
  dataDir,
  fast,
  build,
}: PreviewServerDeps<L>): Promise<PreviewApp> {
  // Authors of one office share an address, and each new start signs up anew.
  const perAddress = <T extends { limit: number }>(limit: T): T => ({
    ...limit,
    limit: Math.max(limit.limit, PREVIEW_CALLS_PER_ADDRESS),
  });
  const database = { kind: "sqlite" as const, file: path.join(dataDir, "game.sqlite") };
  const store = openStore(database);
  try {
    await store.migrate();
    const { app } = await build({
      config: {
        ...config,
        database,
        // A code asked for in a preview reaches no phone, and costs nothing: the preview's
        // `/api/dev/outbox` keeps it for the author who tries the registration.
        sms: { provider: "outbox" },
        packCacheDir: path.join(dataDir, "packs"),
        // What its players send stays with it, in its own database, and goes with it.
        uploadDir: path.join(dataDir, "uploads"),
        s3: undefined,
        scriptWorkers: 0,
        logLevel: config.logLevel === "silent" ? "silent" : "warn",
      },
      pack,
      store,
      limits: {
        ...limits,
        anonSignupsPerIp: perAddress(limits.anonSignupsPerIp),
        smsCallsPerIp: perAddress(limits.smsCallsPerIp),
      },
      preview: { base, fast },
    });
    await app.ready();
    return {
      routing: (request, response) => app.routing(request, response),
      close: async () => {
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
