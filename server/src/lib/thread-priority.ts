import { readdirSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Lowers the calling thread's scheduling priority to `niceness` (Linux: `setpriority` on the
 * thread's own id, which `/proc/thread-self` names), so that work that can wait (a pack's
 * check) leaves the cores to the server's main thread while both want them. Elsewhere nothing
 * changes. Returns whether it took effect.
 */
export function lowerThisThread(niceness: number): boolean {
  try {
    const tid = Number(/\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"))?.[1]);
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lowers every thread of this process to `niceness` (Linux: each of `/proc/self/task`; the
 * threads started later inherit it from the thread that starts them). For a child process
 * whose whole work can wait, such as the photos of missions. Returns whether it took effect.
 */
export function lowerThisProcess(niceness: number): boolean {
  try {
    for (const tid of readdirSync("/proc/self/task")) setPriority(Number(tid), niceness);
    return true;
  } catch {
    return false;
  }
}
