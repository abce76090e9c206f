import { link, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PRUNE_AFTER_MS, pruneCache } from "./cache-prune";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wegmarke-cache-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const now = Date.parse("2026-11-27T12:00:00Z");
const longAgo = new Date(now - PRUNE_AFTER_MS - 60_000);
const justNow = new Date(now - 60_000);

/** A blob, and a version folder linking it, both last changed at `when`. */
async function version(digest: string, blob: string, when: Date): Promise<void> {
  await mkdir(join(dir, "blobs"), { recursive: true });
  await mkdir(join(dir, "versions", digest, "stations"), { recursive: true });
  const file = join(dir, "blobs", blob);
  await writeFile(file, blob);
  await link(file, join(dir, "versions", digest, "stations", "bild.jpg"));
  await utimes(file, when, when);
  await utimes(join(dir, "versions", digest), when, when);
}

describe("pruning an instance's pack cache", () => {
  it("keeps the live version and what changed within the hour; removes the rest and its blobs", async () => {
    await version("live", "a".repeat(64), longAgo);
    await version("old", "b".repeat(64), longAgo);
    await version("recent", "c".repeat(64), justNow);
    const half = join(dir, "versions", "old2.1234.tmp");
    await mkdir(half);
    await utimes(half, longAgo, longAgo);
    const orphan = join(dir, "blobs", "d".repeat(64));
    await writeFile(orphan, "d");
    await utimes(orphan, longAgo, longAgo);
    const writing = join(dir, "blobs", `${"e".repeat(64)}.1234.tmp`);
    await writeFile(writing, "e");
    await utimes(writing, longAgo, longAgo);

    // The old version, the half folder; then the old version's blob (its last link went),
    // the orphan and the half blob.
    expect(await pruneCache(dir, "live", now)).toBe(5);
    expect((await readdir(join(dir, "versions"))).sort()).toEqual(["live", "recent"]);
    expect((await readdir(join(dir, "blobs"))).sort()).toEqual(["a".repeat(64), "c".repeat(64)]);
    // Nothing more the second time.
    expect(await pruneCache(dir, "live", now)).toBe(0);
  });

  it("does nothing on an empty or missing cache", async () => {
    expect(await pruneCache(join(dir, "missing"), "live", now)).toBe(0);
  });
});
