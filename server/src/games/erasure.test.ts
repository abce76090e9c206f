import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GameRow } from "../store/game-repository";
import { openStore } from "../store/store";
import type { Store } from "../store/store";
import { eraseGame, gameUploadDir, pastKeeping } from "./erasure";

const DAY = 24 * 60 * 60 * 1000;
const ARCHIVED = "2026-12-01T09:00:00.000Z";

const game = (id: number, archivedAt: string | null): GameRow => ({
  id,
  name: `game-${id}`,
  title: null,
  host: null,
  createdAt: "2026-11-01T09:00:00.000Z",
  archivedAt,
  endsAt: null,
});

describe("pastKeeping", () => {
  it("names the archived games whose keeping has passed, from the moment it has", () => {
    const games = [game(1, null), game(2, ARCHIVED), game(3, "2026-12-02T09:00:00.000Z")];
    const at = (ms: number) => pastKeeping(games, new Date(Date.parse(ARCHIVED) + ms), 30 * DAY);
    expect(at(30 * DAY - 1)).toEqual([]);
    expect(at(30 * DAY).map((one) => one.id)).toEqual([2]);
    expect(at(365 * DAY).map((one) => one.id)).toEqual([2, 3]);
  });
});

describe("eraseGame", () => {
  let store: Store;
  let uploadDir: string;

  beforeEach(async () => {
    store = openStore({ kind: "sqlite", file: ":memory:" });
    await store.migrate();
    uploadDir = await mkdtemp(join(tmpdir(), "wegmarke-game-erasure-"));
    await store.repos.games.create({ name: "hafen", createdAt: ARCHIVED });
    const news = {
      createdAt: ARCHIVED,
      stationId: null,
      operator: null,
      withdrawnAt: null,
      urgent: 0,
    };
    for (const text of ["eins", "zwei", "drei"]) {
      await store.forGame(2).repos.news.insert({ ...news, text: JSON.stringify({ de: text }) });
    }
    const folder = gameUploadDir(uploadDir, 2);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "keeper"), "0123456789abcdef");
  });

  afterEach(async () => {
    await store.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it("deletes an archived game's rows batch by batch, and its upload folder", async () => {
    await store.repos.games.archive(2, ARCHIVED);
    const hafen = { id: 2, name: "hafen" };
    expect(await eraseGame({ store, uploadDir }, hafen, 2)).toEqual({
      name: "hafen",
      rows: 3,
      tables: { news: 3 },
    });
    expect(existsSync(gameUploadDir(uploadDir, 2))).toBe(false);
    expect(await store.forGame(2).repos.news.list()).toEqual([]);
    expect(await eraseGame({ store, uploadDir }, hafen)).toEqual({
      name: "hafen",
      rows: 0,
      tables: {},
    });
    expect((await store.repos.games.named("hafen"))?.archivedAt).toBe(ARCHIVED);
  });

  it("keeps everything of a game that plays", async () => {
    await expect(eraseGame({ store, uploadDir }, { id: 2, name: "hafen" })).rejects.toThrow(
      "not archived",
    );
    expect(await store.forGame(2).repos.news.list()).toHaveLength(3);
    expect(existsSync(gameUploadDir(uploadDir, 2))).toBe(true);
  });
});
