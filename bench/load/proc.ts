/**
 * Readings from /proc (Linux): a process's resident memory, CPU time and writes, and the
 * kernel's view of TCP sockets (which of ours the peer has closed, how many bytes wait unread).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second, the unit of utime/stime in /proc/<pid>/stat. */
export const clockTicks = ((): number => {
  try {
    const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
})();

/** Resident set size in KB (VmRSS), or undefined when the process is gone or unknown. */
export function rssKb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Proportional set size in KB (smaps_rollup's Pss): the process's own memory plus its share of
 * pages mapped by others too (the node binary, libvips), or undefined when it is gone.
 */
export function pssKb(pid: number): number | undefined {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The processes `pid` started and that still run (its threads' `children` files). */
export function childPids(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
        .split(" ")
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** User and system CPU time in clock ticks of a process's or a thread's `stat` file. */
function statTimes(file: string): { user: number; system: number } {
  const stat = readFileSync(file, "utf8");
  // The command name (field 2) may hold spaces; the fields after its ")" are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

/** User plus system CPU time in clock ticks, or undefined when the process is gone or unknown. */
export function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const { user, system } = statTimes(`/proc/${pid}/stat`);
    return user + system;
  } catch {
    return undefined;
  }
}

/**
 * A process's writes so far, all threads (/proc/<pid>/io): the system calls that write (`syscw`:
 * the WAL's frames, the sockets', the wake-ups of other threads) and the bytes they handed over
 * (`wchar`); undefined when unreadable.
 */
function writeCounts(pid: number | undefined): { calls: number; bytes: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const io = readFileSync(`/proc/${pid}/io`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, "m").exec(io)?.[1]);
    const counts = { calls: field("syscw"), bytes: field("wchar") };
    return Number.isFinite(counts.calls) && Number.isFinite(counts.bytes) ? counts : undefined;
  } catch {
    return undefined;
  }
}

/** The writes of a set of processes between two moments, as CpuMeter their CPU. */
export class WriteMeter {
  private readonly start: ({ calls: number; bytes: number } | undefined)[];

  constructor(private readonly pids: (number | undefined)[]) {
    this.start = pids.map(writeCounts);
  }

  /** Per pid, its writing system calls and the KB they wrote since construction, per `count`. */
  per(count: number): ({ calls: number; kb: number } | undefined)[] {
    return this.pids.map((pid, i) => {
      const before = this.start[i];
      const now = writeCounts(pid);
      if (before === undefined || now === undefined || count === 0) return undefined;
      return {
        calls: (now.calls - before.calls) / count,
        kb: (now.bytes - before.bytes) / 1024 / count,
      };
    });
  }
}

/** Busy clock ticks of the whole machine (all cores: everything but idle and iowait). */
export function machineBusyTicks(): number | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const all = ticks.slice(0, 8).reduce((sum, n) => sum + n, 0);
    return all - (ticks[3] ?? 0) - (ticks[4] ?? 0);
  } catch {
    return undefined;
  }
}

/** CPU use of a set of processes between two moments, as percent of one core. */
export class CpuMeter {
  private readonly start: (number | undefined)[];
  private readonly machineStart = machineBusyTicks();
  private readonly startedAt = process.hrtime.bigint();

  constructor(private readonly pids: (number | undefined)[]) {
    this.start = pids.map(cpuTicks);
  }

  /** Percent of one core the whole machine was busy since construction (every process). */
  machine(): number | undefined {
    const seconds = Number(process.hrtime.bigint() - this.startedAt) / 1e9;
    const now = machineBusyTicks();
    if (this.machineStart === undefined || now === undefined || seconds <= 0) return undefined;
    return ((now - this.machineStart) / clockTicks / seconds) * 100;
  }

  /** Percent of one core for each pid since construction (undefined where unreadable). */
  read(): (number | undefined)[] {
    const seconds = Number(process.hrtime.bigint() - this.startedAt) / 1e9;
    return this.pids.map((pid, i) => {
      const before = this.start[i];
      const now = cpuTicks(pid);
      if (before === undefined || now === undefined || seconds <= 0) return undefined;
      return ((now - before) / clockTicks / seconds) * 100;
    });
  }
}

/** Each thread's user and system CPU time in clock ticks (/proc/<pid>/task), by thread id. */
function threadTicks(pid: number): Map<number, { user: number; system: number }> {
  const ticks = new Map<number, { user: number; system: number }>();
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ticks.set(Number(task), statTimes(`/proc/${pid}/task/${task}/stat`));
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // The process is gone.
  }
  return ticks;
}

/** A process's CPU by thread between two moments: the main thread's, the others', the kernel's. */
export type ThreadsCpu = {
  /** Percent of one core: the main thread (its id is the process's). */
  main: number;
  /** Percent of one core of each other thread that ran, the busiest first. */
  others: number[];
  /** Percent of one core all threads spent in the kernel (system calls, their wake-ups). */
  kernel: number;
};

/** CPU use of one process's threads between construction and `read`. */
export class ThreadMeter {
  private readonly start: Map<number, { user: number; system: number }>;
  private readonly startedAt = process.hrtime.bigint();

  constructor(private readonly pid: number) {
    this.start = threadTicks(pid);
  }

  read(): ThreadsCpu | undefined {
    const seconds = Number(process.hrtime.bigint() - this.startedAt) / 1e9;
    const now = threadTicks(this.pid);
    if (now.size === 0 || seconds <= 0) return undefined;
    const pct = (ticks: number) => (ticks / clockTicks / seconds) * 100;
    let main = 0;
    let kernel = 0;
    const others: number[] = [];
    for (const [tid, { user, system }] of now) {
      const before = this.start.get(tid) ?? { user: 0, system: 0 };
      const used = pct(user - before.user + system - before.system);
      kernel += pct(system - before.system);
      if (tid === this.pid) main = used;
      else if (used > 0) others.push(used);
    }
    return { main, others: others.sort((a, b) => b - a), kernel };
  }
}

/** Samples a process's RSS at an interval, keeping the peak and the latest reading. */
export class RssSampler {
  peakKb: number | undefined;
  lastKb: number | undefined;
  minKb: number | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number | undefined,
    intervalMs = 200,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }

  private sample(): void {
    const kb = rssKb(this.pid);
    if (kb === undefined) return;
    this.lastKb = kb;
    this.peakKb = Math.max(this.peakKb ?? 0, kb);
    this.minKb = Math.min(this.minKb ?? Infinity, kb);
  }
}

/** One IPv4/IPv6 TCP socket as the kernel lists it in /proc/net/tcp{,6}. */
export type TcpEntry = { state: string; rxQueue: number; txQueue: number };

/** TCP states by the hex code /proc/net/tcp uses. */
const tcpStates: Record<string, string> = {
  "01": "ESTABLISHED",
  "02": "SYN_SENT",
  "03": "SYN_RECV",
  "04": "FIN_WAIT1",
  "05": "FIN_WAIT2",
  "06": "TIME_WAIT",
  "07": "CLOSE",
  "08": "CLOSE_WAIT",
  "09": "LAST_ACK",
  "0A": "LISTEN",
  "0B": "CLOSING",
};

/**
 * The kernel's entries for connections between our `localPorts` and a server's `serverPort`
 * (on this machine): `ours` by our port, `theirs` (the server's ends) by our port too. A port
 * missing from `ours` has no socket any more (reset by the peer, or closed).
 */
export function tcpSockets(
  localPorts: number[],
  serverPort: number,
): { ours: Map<number, TcpEntry>; theirs: Map<number, TcpEntry> } {
  const wanted = new Set(localPorts);
  const ours = new Map<number, TcpEntry>();
  const theirs = new Map<number, TcpEntry>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const parts = line.trim().split(/\s+/);
      const [local, remote, state, queues] = [parts[1], parts[2], parts[3], parts[4]];
      if (!local || !remote || !state || !queues) continue;
      const localPort = parseInt(local.slice(local.lastIndexOf(":") + 1), 16);
      const peerPort = parseInt(remote.slice(remote.lastIndexOf(":") + 1), 16);
      const [tx = "0", rx = "0"] = queues.split(":");
      const entry = {
        state: tcpStates[state] ?? state,
        txQueue: parseInt(tx, 16),
        rxQueue: parseInt(rx, 16),
      };
      if (wanted.has(localPort) && peerPort === serverPort) ours.set(localPort, entry);
      if (localPort === serverPort && wanted.has(peerPort)) theirs.set(peerPort, entry);
    }
  }
  return { ours, theirs };
}
