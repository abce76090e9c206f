import { readlinkSync } from "node:fs";
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
