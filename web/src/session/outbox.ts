import type { MissionKind } from "@wegmarke/protocol";

/** A mission's file waiting to be sent, kept until the server has it (IndexedDB). */
export type OutboxEntry = {
  key: string;
  /** Whose it is: a digest of the auth token, so that another player on the phone never sends it. */
  owner: string;
  stationId: number;
  kind: MissionKind;
  body: Blob;
  name: string;
  createdAt: number;
};

const DB = "wegmarke-outbox";
const STORE = "uploads";

function open(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === "undefined") return null;
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("outbox: not opened"));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const opened = open();
  if (opened === null) return undefined;
  const db = await opened;
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("outbox: failed"));
    });
  } finally {
    db.close();
  }
}

/**
 * The files that wait to be sent, kept across a reload and a closed app. Without IndexedDB (a
 * private window of some browsers) nothing is kept: a file goes while the app is open.
 */
export const outbox = {
  put: (entry: OutboxEntry) => run("readwrite", (store) => store.put(entry)).then(() => undefined),
  remove: (key: string) => run("readwrite", (store) => store.delete(key)).then(() => undefined),
  async of(owner: string): Promise<OutboxEntry[]> {
    const all =
      (await run("readonly", (store) => store.getAll() as IDBRequest<OutboxEntry[]>)) ?? [];
    return all.filter((entry) => entry.owner === owner).sort((a, b) => a.createdAt - b.createdAt);
  },
};

/** Logout: the files of the player of `token` that wait to be sent go. */
export async function forgetOutbox(token: string): Promise<void> {
  const owner = await ownerOf(token);
  for (const entry of await outbox.of(owner)) await outbox.remove(entry.key);
}

/** The owner key of an auth token: its SHA-256, in hex. */
export async function ownerOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
