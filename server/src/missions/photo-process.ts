import type { ChildProcess } from "node:child_process";
import { KeyedQueue } from "../lib/keyed-queue";
import { moduleProcess } from "../lib/module-process";
import type { PhotoAnswer, PhotoCall } from "./photo-worker";

/** A photo as kept: the shrunk copy and its thumbnail, both JPEG without EXIF. */
export type MadePhoto = { photo: Buffer; thumb: Buffer };

/** Makes what is kept of an uploaded photo; undefined when the file is no photo sharp reads. */
export type PhotoMaker = { make(file: string): Promise<MadePhoto | undefined> };

/** A photo that takes longer than this ends its process: something in it is wrong. */
const TIMEOUT_MS = 60_000;
/** A process without a photo for this long ends; the next photo starts a new one. */
const IDLE_MS = 30_000;

/**
 * The photos of missions, made one after another in a child process of lower priority
 * (missions/photo-worker.ts): decoding a camera's photo takes a core for a good part of a
 * second, which the answers of players on the server's main thread must not wait for, and
 * libvips' buffers stay with the process that held them. The process starts with the first
 * photo and ends when idle; a photo that crashes it is refused, and the next one starts anew.
 */
export class PhotoProcess implements PhotoMaker {
  constructor(private readonly options: { onError?: (message: string) => void } = {}) {}

  private child: ChildProcess | undefined;
  private readonly queue = new KeyedQueue();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  make(file: string): Promise<MadePhoto | undefined> {
    return this.queue.run("photo", () => this.send(file));
  }

  /** Ends the process, if one runs. */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    }
  }

  private send(file: string): Promise<MadePhoto | undefined> {
    clearTimeout(this.idle);
    const child = this.process();
    const id = this.nextId++;
    return new Promise<MadePhoto | undefined>((resolve, reject) => {
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        child.off("message", onAnswer);
        child.off("exit", onExit);
        child.off("error", onFailure);
        if (this.child === child) {
          this.idle = setTimeout(() => void this.close(), IDLE_MS);
          this.idle.unref();
        }
        return true;
      };
      // The message names no file: it reaches the log, and the file's path is the server's.
      const fail = (why: string) => {
        if (!settle()) return;
        const message = `the photo process ${why} before the photo was made`;
        this.options.onError?.(message);
        reject(new Error(message));
      };
      const onAnswer = (answer: PhotoAnswer) => {
        if (answer.id !== id || !settle()) return;
        resolve(
          answer.kind === "made"
            ? { photo: asBuffer(answer.photo), thumb: asBuffer(answer.thumb) }
            : undefined,
        );
      };
      const onExit = (code: number | null, signal: string | null) =>
        fail(`ended (${signal ?? code})`);
      // Its channel failed (EPIPE, ECONNRESET: it died before, while or after the photo was
      // handed over) or it could not start: the photo fails once the process is gone, with
      // the reason its exit gives, however the failure showed first.
      const onFailure = (error?: Error | null) => {
        if (!error) return;
        if (this.child === child) this.child = undefined;
        if (child.exitCode !== null || child.signalCode !== null) {
          onExit(child.exitCode, child.signalCode);
        } else {
          child.kill("SIGKILL");
        }
      };
      const timer = setTimeout(() => {
        if (this.child === child) this.child = undefined;
        child.kill("SIGKILL");
        fail(`took over ${TIMEOUT_MS / 1000} s`);
      }, TIMEOUT_MS);
      child.on("message", onAnswer);
      child.on("exit", onExit);
      child.on("error", onFailure);
      child.send({ id, file } satisfies PhotoCall, onFailure);
    });
  }

  private process(): ChildProcess {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      return this.child;
    }
    const child = moduleProcess("photo-worker", import.meta.url, {
      // It collects its garbage after each photo, and glibc keeps one arena for libvips'
      // threads: its memory stays that of one photo (docs/performance.md).
      nodeFlags: ["--expose-gc"],
      env: { MALLOC_ARENA_MAX: "1" },
    });
    const gone = () => {
      if (this.child === child) this.child = undefined;
    };
    child.on("exit", gone);
    // A process that cannot start is gone too; the photo waiting for it learns it (send).
    child.on("error", gone);
    // It never keeps the server running: a server that closes ends it (close), an idle one too.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }
}

/** A structured clone's Uint8Array as the Buffer the blob store takes, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
