import { readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSecretKey } from "./secret-key";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wegmarke-secret-"));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe("loadSecretKey", () => {
  it("takes the configured value", async () => {
    const value = "x".repeat(40);
    expect((await loadSecretKey({ kind: "value", value })).toString()).toBe(value);
  });

  it("writes a random key on the first start, readable by the owner only, and keeps it", async () => {
    const file = join(dir, "data", "secret.key");
    const first = await loadSecretKey({ kind: "file", file });
    expect(first.toString()).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadSecretKey({ kind: "file", file })).equals(first)).toBe(true);
    const other = await loadSecretKey({ kind: "file", file: join(dir, "other.key") });
    expect(other.equals(first)).toBe(false);
  });

  it("gives instances starting at once the same key", async () => {
    const file = join(dir, "secret.key");
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadSecretKey({ kind: "file", file })));
    expect(new Set(keys.map(String)).size).toBe(1);
    expect((await readFile(file, "utf8")).trim()).toBe(String(keys[0]));
  });

  it("refuses a key file that is too short", async () => {
    const file = join(dir, "secret.key");
    await writeFile(file, "short\n");
    await expect(loadSecretKey({ kind: "file", file })).rejects.toThrow(/shorter than 32/);
  });
});
