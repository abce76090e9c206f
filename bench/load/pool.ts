/** The orchestrator's side of the client workers: forks them and calls them with timeouts. */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { onCleanup } from "./cleanup";
import type { Command, Reply, Request, WorkerConfig } from "./messages";

const workerFile = fileURLToPath(new URL("./worker.ts", import.meta.url));

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

class Worker {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private exited = false;
  readonly exit: Promise<void>;
  /** Resolves once the worker has loaded and listens (its reply 0). */
  readonly ready: Promise<void>;

  constructor(readonly child: ChildProcess) {
    this.ready = new Promise((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
    });
    child.on("message", (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply.result);
    });
    this.exit = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exited = true;
        for (const waiter of this.pending.values()) {
          waiter.reject(new Error(`worker ${child.pid} exited (${signal ?? code})`));
        }
        this.pending.clear();
        resolve();
      });
    });
  }

  call<T>(command: Command, timeoutMs: number): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`worker ${this.child.pid} has exited`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new Error(`worker ${this.child.pid}: ${command.kind} timed out after ${timeoutMs} ms`),
        );
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      const request: Request = { id, command };
      this.child.send(request);
    });
  }

  /** Asks the worker to close its sockets and exit; kills it if it has not after 5 s. */
  async stop(): Promise<void> {
    if (this.exited) return;
    await this.call({ kind: "close" }, 5000).catch(() => undefined);
    const killer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
    await this.exit;
    clearTimeout(killer);
  }
}

export class WorkerPool {
  private constructor(private readonly workers: Worker[]) {}

  /**
   * Forks one worker per config (run with tsx, `nodeFlags` added), registered for cleanup; waits
   * until they listen.
   */
  static async start(configs: WorkerConfig[], nodeFlags: string[] = []): Promise<WorkerPool> {
    const workers = configs.map(
      (config) =>
        new Worker(
          fork(workerFile, [JSON.stringify(config)], {
            execArgv: ["--import", "tsx", ...nodeFlags],
            stdio: ["ignore", "inherit", "inherit", "ipc"],
          }),
        ),
    );
    const pool = new WorkerPool(workers);
    onCleanup("client workers", () => pool.stop());
    await Promise.all(workers.map((worker) => worker.ready));
    return pool;
  }

  get size(): number {
    return this.workers.length;
  }

  get pids(): (number | undefined)[] {
    return this.workers.map((worker) => worker.child.pid);
  }

  /** Calls one worker. */
  call<T>(index: number, command: Command, timeoutMs: number): Promise<T> {
    const worker = this.workers[index];
    if (!worker) return Promise.reject(new Error(`no worker ${index}`));
    return worker.call<T>(command, timeoutMs);
  }

  /** Calls every worker (each with its own command) and waits for all answers. */
  all<T>(command: (index: number) => Command, timeoutMs: number): Promise<T[]> {
    return Promise.all(this.workers.map((worker, i) => worker.call<T>(command(i), timeoutMs)));
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }
}
