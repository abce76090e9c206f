/**
 * The servers' own view of a step, from their `/metrics` (the bench runs on their machine, whose
 * loopback address may scrape): the main thread's event-loop delay over the step (prom-client
 * resets it at every scrape) and the turns that took longer than a reply's budget; and from
 * /proc, the CPU of each server's threads.
 */
import { ThreadMeter } from "./proc";
import type { ThreadsCpu } from "./proc";
import type { ServerProcess } from "./servers";

type Samples = Map<string, number>;

async function scrape(server: ServerProcess): Promise<Samples | undefined> {
  try {
    const response = await fetch(`http://${server.host}:${server.port}/metrics`);
    if (!response.ok) return undefined;
    const samples: Samples = new Map();
    for (const line of (await response.text()).split("\n")) {
      if (line.startsWith("#") || line === "") continue;
      const space = line.lastIndexOf(" ");
      samples.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
    return samples;
  } catch {
    return undefined;
  }
}

export type ServerStep = {
  /** Event-loop delay of the main thread over the step, ms. */
  lagP99?: number;
  lagMax?: number;
  /** Turns committed in the step, and those that took over 50 ms from call to commit. */
  turns?: number;
  turnsOver50?: number;
  /** Dialogue steps in the step, and those whose ink state the script worker kept live. */
  scriptSteps?: number;
  scriptStepsLive?: number;
  /** The server process's CPU by thread over the step. */
  threads?: ThreadsCpu;
};

const TURNS = "wegmarke_turn_duration_seconds";

/** Starts a step's reading on every server; the returned function ends it. */
export async function serverStep(servers: ServerProcess[]): Promise<() => Promise<ServerStep[]>> {
  const before = await Promise.all(servers.map(scrape));
  const threads = servers.map((server) =>
    server.pid === undefined ? undefined : new ThreadMeter(server.pid),
  );
  return async () => {
    const after = await Promise.all(servers.map(scrape));
    return after.map((samples, i) => {
      const start = before[i];
      const cpu = threads[i]?.read();
      if (samples === undefined || start === undefined) return cpu ? { threads: cpu } : {};
      // Every game's series (their `game` label) together.
      const sum = (of: Samples, series: (key: string) => boolean) =>
        [...of].reduce((total, [key, value]) => total + (series(key) ? value : 0), 0);
      const delta = (series: (key: string) => boolean) => sum(samples, series) - sum(start, series);
      const turns = delta((key) => key.startsWith(`${TURNS}_count{`));
      return {
        lagP99: (samples.get("nodejs_eventloop_lag_p99_seconds") ?? NaN) * 1000,
        lagMax: (samples.get("nodejs_eventloop_lag_max_seconds") ?? NaN) * 1000,
        turns,
        turnsOver50: turns - delta((key) => key.startsWith(`${TURNS}_bucket{le="0.05",`)),
        scriptSteps: delta((key) => key === "wegmarke_script_steps"),
        scriptStepsLive: delta((key) => key === "wegmarke_script_steps_live"),
        threads: cpu,
      };
    });
  };
}
