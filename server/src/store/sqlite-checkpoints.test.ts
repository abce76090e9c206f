import { statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/support/test-app";
import { openStore } from "./store";
import type { Store } from "./store";

let store: Store | undefined;
let dir: Awaited<ReturnType<typeof tempDir>> | undefined;

afterEach(async () => {
  await store?.close();
  await dir?.remove();
});

describe("SQLite's background checkpoints", () => {
  it("move what the server writes from the WAL into the database file, without the server", async () => {
    dir = await tempDir();
    const file = `${dir.dir}/db.sqlite`;
    const errors: string[] = [];
    store = openStore({ kind: "sqlite", file }, (message) => errors.push(message));
    await store.migrate();
    const before = statSync(file).size;
    await store.transaction(async (repos) => {
      for (let i = 0; i < 300; i++) {
        await repos.streams.create(`player:${i}`);
        await repos.participants.create(`player:${i}`, "2026-05-01T10:00:00.000Z");
      }
    });
    // The server's own connection checkpoints only at 10,000 pages: far from here.
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    const deadline = Date.now() + 5000;
    while (statSync(file).size <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(file).size).toBeGreaterThan(before);
    expect(errors).toEqual([]);
  });
});
