import type { AccountLimits } from "../security/limits";
import type { Clock, Timer } from "../clock";
import type { Config } from "../config";
import type { ContentPack } from "../content/model";
import type { EventBus } from "../events/bus";
import type { MetricFamilies } from "../metrics/metrics";
import type { WorkFolders } from "../packs/work-folders";
import type { PackVersion } from "../store/pack-repository";
import type { Store } from "../store/store";
import type { ProcessThreads } from "./process-threads";

/**
 * Another game than the installation's first, as its server serves it: its addresses below
 * `base` (`/g/<name>`), its signals over the first game's bus, reached by the other instances
 * at the first game's server's `address`, its metrics the first game's families' series
 * labelled with its `name`.
 */
export type GameServed = {
  id: number;
  name: string;
  base: string;
  bus: EventBus;
  address: () => string | undefined;
  metrics: MetricFamilies;
};

/** What a game's server is built from: app.ts's `buildApp` takes it. */
export type GameAppDeps = {
  config: Config;
  pack: ContentPack;
  packVersion: PackVersion;
  store: Store;
  clock: Clock;
  timer: Timer;
  limits?: Partial<AccountLimits>;
  game: GameServed;
  threads: ProcessThreads;
  folders: WorkFolders;
};
