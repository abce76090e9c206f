/**
 * `npm run bench:load`: can one server carry thousands of players with open event streams
 * answering many times a second? Starts the servers (servers.ts) and client workers (pool.ts,
 * worker.ts), runs a scenario (registry.ts), prints one figure per line (report.ts) and a
 * verdict, and cleans everything up, also on failure and Ctrl-C (cleanup.ts).
 * bench/README.md explains the options and the output.
 */
import { cpus, loadavg } from "node:os";
import { startPushService } from "../../server/test/support/push-service";
import { cleanUp, onCleanup } from "./cleanup";
import { makeGames } from "./games";
import type { WorkerConfig } from "./messages";
import { parseOptions, usage, UsageError } from "./options";
import type { Options } from "./options";
import { WorkerPool } from "./pool";
import { fmt, Report } from "./report";
import { scenarios } from "./registry";
import { runningServer, scanLog, startServers } from "./servers";
import type { Servers } from "./servers";

function readOptions(): Options {
  try {
    const options = parseOptions(process.argv.slice(2));
    if (options) return options;
    console.log(usage());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`bench:load: ${error.message}`);
    process.exit(2);
  }
  process.exit(0);
}

/** Players per worker: as even as it gets. */
function shares(streams: number, workers: number): number[] {
  return Array.from(
    { length: workers },
    (_, i) => Math.floor(streams / workers) + (i < streams % workers ? 1 : 0),
  );
}

function header(report: Report, options: Options): void {
  const what =
    options.scenario === "answers"
      ? options.sweep
        ? `sweep ${options.sweep.join(", ")} answers/s, ${options.duration} s each`
        : `${options.rate} answers/s for ${options.duration} s`
      : options.scenario === "slow-readers"
        ? `${options.slowSockets} sockets that never read over ${options.slowPlayers} ` +
          `player(s), ${options.slowAnswers} answers each`
        : options.scenario === "broadcast"
          ? `${options.broadcasts} news broadcasts, ${options.pause} s apart`
          : options.scenario === "uploads"
            ? `${options.rate} answers/s and ${options.uploads} photos for ${options.duration} s`
            : `open${options.activate ? " and activate" : ""}`;
  const where = options.url
    ? `the running server at ${options.url}`
    : `${options.db}, ${options.instances} instance(s)`;
  report.say(
    `bench:load: scenario ${options.scenario}, ${options.streams} streams, ${what}, ` +
      `${where}, ${options.workers} worker(s)`,
  );
  report.set("options", options);
  const [load = 0] = loadavg();
  report.figure(
    "machine",
    "machine",
    `${cpus().length} cores, load average ${load.toFixed(2)} at the start`,
    { cores: cpus().length, loadAverage: load },
  );
}

async function printLogs(report: Report, servers: Servers, keep: boolean): Promise<void> {
  for (const server of servers.instances) {
    if (!server.logFile) continue;
    const scan = await scanLog(server.logFile);
    const name = servers.instances.length > 1 ? `server ${server.name} log` : "server log";
    report.figure(
      `log${server.name}`,
      name,
      `${scan.file} (${fmt.mb(scan.bytes / 1024)}, ${scan.lines} lines, ${scan.errors} errors, ` +
        `${scan.status5xx} 5xx responses, ${scan.slow} slow requests${keep ? "" : "; removed at exit, --keep-log keeps it"})`,
      scan,
    );
    for (const sample of scan.samples) report.say(`  error: ${sample}`);
  }
}

async function main(): Promise<number> {
  const options = readOptions();
  const report = new Report();
  header(report, options);
  // The push scenario's push service runs here, in the orchestrator: the servers may post to it.
  const pushService =
    options.scenario === "push" && !options.url ? await startPushService() : undefined;
  if (pushService) onCleanup("push service", () => pushService.close());
  const servers = options.url
    ? runningServer(options.url, options.pid)
    : await startServers({
        db: options.db,
        instances: options.instances,
        logLevel: options.logLevel,
        keepLog: options.keepLog,
        gcHook: options.gcHook,
        nodeFlags: options.serverFlags,
        ...(pushService && { env: { PUSH_SERVICES: pushService.origin } }),
      });
  report.figure("servers", "servers", servers.description);
  report.figure(
    "rssAfterGc",
    "RSS readings of phases",
    servers.collectGarbage
      ? "after a full GC in the server (gc hook)"
      : "as they come (no gc hook)",
    servers.collectGarbage !== undefined,
  );
  const games = await makeGames(options.games, servers, report, options.requestTimeout * 1000);
  const configs: WorkerConfig[] = Array.from({ length: options.workers }, (_, index) => ({
    index,
    games,
    post: { host: servers.posts.host, port: servers.posts.port },
    stream: { host: servers.streams.host, port: servers.streams.port },
    pool: options.pool,
    requestTimeoutMs: options.requestTimeout * 1000,
  }));
  const pool = await WorkerPool.start(configs, options.workerFlags);
  const outcome = await scenarios[options.scenario]({
    options,
    servers,
    pool,
    shares: shares(options.streams, options.workers),
    report,
    ...(pushService && { pushService: pushService.origin }),
  });
  await printLogs(report, servers, options.keepLog);
  report.figure("verdict", "verdict", outcome.verdict, outcome);
  if (options.json) {
    report.write(options.json);
    report.say(`figures written to ${options.json}`);
  }
  return outcome.ok ? 0 : 1;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: cleaning up (servers, workers, schema, temp dirs)`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let code = 1;
try {
  code = await main();
} catch (error) {
  // After Ctrl-C the workers' deaths are expected, not worth a message.
  if (!interrupted) {
    console.error(`bench:load failed: ${error instanceof Error ? error.message : String(error)}`);
  }
} finally {
  await cleanUp();
}
// Sockets of a failed run may linger; nothing is left to wait for.
if (!interrupted) process.exit(code);
