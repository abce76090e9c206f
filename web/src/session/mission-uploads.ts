import { useEffect, useSyncExternalStore } from "react";
import { ErrorReason } from "@wegmarke/protocol";
import type { MissionKind } from "@wegmarke/protocol";
import type { DetailedError } from "tus-js-client";
import { endpoint } from "../api/http";
import { shrinkPhoto } from "../lib/shrink-photo";
import { outbox, ownerOf } from "./outbox";
import type { OutboxEntry } from "./outbox";

/** A file on its way, as the thread shows it until the server's submission event comes. */
export type PendingUpload = {
  key: string;
  stationId: number;
  kind: MissionKind;
  /** The photo itself, shown at once (an object URL); null for a recording. */
  preview: string | null;
  /** 0 to 1. */
  progress: number;
  /** `offline`: waits for the network; `refused`: the server will not take it (`reason`). */
  status: "sending" | "offline" | "refused";
  reason?: string;
};

/** Small pieces: a dropped connection loses little, and every proxy lets them through. */
const CHUNK_BYTES = 256 * 1024;
/** Tries again this long after a failure, then waits for the network's return. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

/** How often files that wait for the network are tried again. */
const RESUME_MS = 30_000;

/** Refusals that mean the submission is there already (a finished upload resumed again). */
const ARRIVED = new Set<string>([ErrorReason.submissionWaiting, ErrorReason.noMissionExpected]);

type Target = { gameBase: string; token: string };

/**
 * A mission's photos, videos and recordings on their way (decisions/039): kept in the outbox,
 * sent in resumable pieces with tus (tus-js-client, loaded only when a file goes), resumed
 * after a dropped network, a reload or a closed app, and sent once.
 */
class MissionUploads {
  private pending: PendingUpload[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly running = new Set<string>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.pending;

  /**
   * Sends a file for the mission of `stationId`: a photo is shrunk on the phone first. It takes
   * the place of a file of the station the server refused.
   */
  async send(target: Target, stationId: number, kind: MissionKind, file: Blob, name: string) {
    for (const item of this.pending) {
      if (item.stationId === stationId && item.status === "refused") this.discard(item.key);
    }
    const body = kind === "photo" ? await shrinkPhoto(file) : file;
    const entry: OutboxEntry = {
      key: crypto.randomUUID(),
      owner: await ownerOf(target.token),
      stationId,
      kind,
      body,
      name,
      createdAt: Date.now(),
    };
    await outbox.put(entry).catch(() => undefined);
    this.start(target, entry);
  }

  /** Starts what the outbox of this player still holds (after a reload, or the network's return). */
  async resume(target: Target): Promise<void> {
    const owner = await ownerOf(target.token);
    const entries = await outbox.of(owner).catch(() => []);
    for (const entry of entries) this.start(target, entry);
  }

  /** Gives up a file the server refused. */
  discard(key: string): void {
    void outbox.remove(key).catch(() => undefined);
    this.drop(key);
  }

  private start(target: Target, entry: OutboxEntry): void {
    if (this.running.has(entry.key)) return;
    this.running.add(entry.key);
    const known = this.pending.find((item) => item.key === entry.key);
    this.set({
      key: entry.key,
      stationId: entry.stationId,
      kind: entry.kind,
      preview: known?.preview ?? (entry.kind === "photo" ? URL.createObjectURL(entry.body) : null),
      progress: known?.progress ?? 0,
      status: "sending",
    });
    void this.upload(target, entry).catch((error: unknown) => {
      this.running.delete(entry.key);
      this.update(entry.key, { status: "offline", reason: String(error) });
    });
  }

  private async upload({ gameBase, token }: Target, entry: OutboxEntry): Promise<void> {
    const { Upload } = await import("tus-js-client");
    const finished = () => {
      this.running.delete(entry.key);
      void outbox.remove(entry.key).catch(() => undefined);
      this.drop(entry.key);
    };
    const upload = new Upload(entry.body, {
      endpoint: endpoint(gameBase, "uploads"),
      headers: { Authorization: `Bearer ${token}` },
      metadata: {
        station: String(entry.stationId),
        kind: entry.kind,
        filename: entry.name,
        filetype: entry.body.type,
      },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      // One outbox entry is one upload: a resumed one goes on where its bytes stopped.
      fingerprint: () => Promise.resolve(`wegmarke-upload-${entry.key}`),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) =>
        this.update(entry.key, { progress: total > 0 ? sent / total : 0, status: "sending" }),
      onSuccess: finished,
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // The phone has no network: say so while the next try waits.
        if (!navigator.onLine) this.update(entry.key, { status: "offline" });
        // The server's refusals stand; a lost connection or a busy server is tried again.
        return status === 0 || status >= 500 || status === 423 || status === 429;
      },
      onError: (error) => {
        this.running.delete(entry.key);
        const detailed = error as Partial<DetailedError>;
        const status = detailed.originalResponse?.getStatus() ?? 0;
        const reason = detailed.originalResponse?.getBody().trim() ?? "";
        if (status === 409 && ARRIVED.has(reason)) return finished();
        if (status >= 400 && status < 500) {
          this.update(entry.key, { status: "refused", reason });
          return;
        }
        this.update(entry.key, { status: "offline" });
      },
    });
    const previous = await upload.findPreviousUploads();
    if (previous[0] !== undefined) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  private set(item: PendingUpload): void {
    const others = this.pending.filter((known) => known.key !== item.key);
    this.pending = [...others, item];
    this.changed();
  }

  private update(key: string, change: Partial<PendingUpload>): void {
    this.pending = this.pending.map((item) => (item.key === key ? { ...item, ...change } : item));
    this.changed();
  }

  private drop(key: string): void {
    const item = this.pending.find((known) => known.key === key);
    if (item?.preview) URL.revokeObjectURL(item.preview);
    this.pending = this.pending.filter((known) => known.key !== key);
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

export const missionUploads = new MissionUploads();

/** The files on their way for a station. */
export function usePendingUploads(stationId: number): PendingUpload[] {
  const all = useSyncExternalStore(missionUploads.subscribe, missionUploads.snapshot);
  return all.filter((item) => item.stationId === stationId);
}

/**
 * While the player plays: what the outbox holds goes now, and again whenever the network
 * comes back.
 */
export function useMissionOutbox(gameBase: string, token: string | null): void {
  useEffect(() => {
    if (token === null) return;
    const resume = () => void missionUploads.resume({ gameBase, token }).catch(() => undefined);
    resume();
    window.addEventListener("online", resume);
    // A network back without the browser noticing: tried again now and then.
    const timer = setInterval(resume, RESUME_MS);
    return () => {
      window.removeEventListener("online", resume);
      clearInterval(timer);
    };
  }, [gameBase, token]);
}
