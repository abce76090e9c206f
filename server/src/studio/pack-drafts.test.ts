import { cp, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialects } from "../../test/support/dialects";
import type { TestDatabase } from "../../test/support/dialects";
import { tempDir } from "../../test/support/test-app";
import type { Clock } from "../clock";
import { repoRoot } from "../config";
import type { DatabaseConfig } from "../config";
import { blobHash } from "../content/pack-snapshot";
import { openStore } from "../store/store";
import type { Store } from "../store/store";
import { PackDrafts } from "./pack-drafts";
import { PackLibrary } from "../packs/pack-library";

const clock: Clock = { now: () => new Date("2026-11-26T10:00:00.000Z") };
const SCRIPT = "stations/3-elisabethkirche/script.de.ink";
const STATION = "stations/3-elisabethkirche/station.yaml";
const hashOf = (text: string) => blobHash(Buffer.from(text, "utf8"));

describe.each(dialects)("the studio's draft on $name", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let dirs: { dir: string; remove(): Promise<void> }[];
  let library: PackLibrary;
  let drafts: PackDrafts;
  /** The demo's files as the live version holds them. */
  let demo: string;

  beforeEach(async () => {
    dirs = [];
    database = await dialect.open();
    const config: DatabaseConfig =
      "dbFile" in database.where
        ? { kind: "sqlite", file: database.where.dbFile }
        : database.where.database;
    store = openStore(config);
    await store.migrate();
    const [pack, cache] = [await tempDir(), await tempDir()];
    dirs.push(pack, cache);
    await cp(resolve(repoRoot, "content/demo"), pack.dir, { recursive: true });
    demo = pack.dir;
    library = new PackLibrary({ store, cacheDir: cache.dir, clock });
    expect((await library.open(pack.dir)).ok).toBe(true);
    drafts = new PackDrafts({ store, library, cacheDir: cache.dir, clock });
  });

  afterEach(async () => {
    await store.close();
    await database.done();
    for (const made of dirs) await made.remove();
  });

  it("starts from the live version, keeps each change with its author, and forgets a change undone", async () => {
    const original = await readFile(join(demo, SCRIPT), "utf8");
    const untouched = await drafts.draft();
    expect(untouched).toMatchObject({ base: 1, live: 1, changed: 0 });
    expect(untouched.files.find((file) => file.path === SCRIPT)).toMatchObject({
      hash: hashOf(original),
      state: "same",
      by: null,
    });
    expect(await drafts.text(SCRIPT)).toMatchObject({ hash: hashOf(original), text: original });

    const changed = original.replace("Da bist du ja wieder!", "Willkommen zurück!");
    const saved = await drafts.save(SCRIPT, changed, hashOf(original), "anna");
    expect(saved).toEqual({
      ok: true,
      file: {
        path: SCRIPT,
        hash: hashOf(changed),
        size: Buffer.byteLength(changed),
        state: "changed",
        by: "anna",
        at: "2026-11-26T10:00:00.000Z",
      },
    });
    expect((await drafts.text(SCRIPT)).text).toBe(changed);
    expect(
      await drafts.save("stations/16-neu/station.yaml", "id: 16\n", null, "anna"),
    ).toMatchObject({ ok: true, file: { state: "added" } });
    expect(
      await drafts.remove(STATION, hashOf(await readFile(join(demo, STATION), "utf8")), "ben"),
    ).toMatchObject({ ok: true, file: { path: STATION, hash: null, state: "removed", by: "ben" } });
    expect((await drafts.draft()).changed).toBe(3);

    // Saving the version's text again is no change.
    expect(await drafts.save(SCRIPT, original, hashOf(changed), "anna")).toMatchObject({
      ok: true,
      file: { state: "same", by: null },
    });
    expect((await drafts.draft()).changed).toBe(2);
    // The live version is as it was.
    const live = await library.live();
    expect(live?.files.find((file) => file.path === SCRIPT)?.hash).toBe(hashOf(original));
  });

  it("refuses a save over another author's, answering theirs, also when both arrive at once", async () => {
    const original = await readFile(join(demo, SCRIPT), "utf8");
    const anna = original.replace("Fast fünfzig Jahre!", "Beinahe fünfzig Jahre!");
    const ben = original.replace("Auch gut,", "Schade,");
    const outcomes = await Promise.all([
      drafts.save(SCRIPT, anna, hashOf(original), "anna"),
      drafts.save(SCRIPT, ben, hashOf(original), "ben"),
    ]);
    const won = outcomes.filter((outcome) => outcome.ok);
    const lost = outcomes.find((outcome) => !outcome.ok);
    expect(won).toHaveLength(1);
    const winner = outcomes[0]?.ok ? { name: "anna", text: anna } : { name: "ben", text: ben };
    const changedLine = winner.name === "anna" ? "Beinahe fünfzig Jahre!" : "Schade,";
    expect(lost).toEqual({
      ok: false,
      theirs: {
        path: SCRIPT,
        hash: hashOf(winner.text),
        text: winner.text,
        by: winner.name,
        at: "2026-11-26T10:00:00.000Z",
      },
      // What they changed in the text the loser started from.
      changes: [
        expect.objectContaining({
          lines: expect.arrayContaining([
            expect.stringMatching(new RegExp(`^\\+.*${changedLine}`)),
          ]) as string[],
        }),
      ],
    });
    expect((await drafts.text(SCRIPT)).text).toBe(winner.text);

    // The loser, shown theirs, saves over it knowingly.
    const merged = winner.text === anna ? anna.replace("Auch gut,", "Schade,") : ben;
    expect(await drafts.save(SCRIPT, merged, hashOf(winner.text), "ben")).toMatchObject({
      ok: true,
    });
    // A removal of a file someone changed meanwhile is refused too.
    expect(await drafts.remove(SCRIPT, hashOf(original), "carla")).toMatchObject({
      ok: false,
      theirs: { text: merged, by: "ben" },
    });
  });

  it("checks the draft as content:check does, with the problems by station, file and line", async () => {
    const original = await readFile(join(demo, SCRIPT), "utf8");
    const broken = original.replace("-> END", "-> ENDE");
    expect((await drafts.save(SCRIPT, broken, hashOf(original), "anna")).ok).toBe(true);
    const game = await readFile(join(demo, "game.yaml"), "utf8");
    const noTitle = game.replace(/^title:\n(?: {2}.*\n)+/m, "");
    expect((await drafts.save("game.yaml", noTitle, hashOf(game), "anna")).ok).toBe(true);

    const check = await drafts.check();
    expect(check.ok).toBe(false);
    expect(check.groups.map(({ kind, id, title }) => ({ kind, id, title }))).toEqual([
      { kind: "game", id: null, title: null },
      { kind: "station", id: 3, title: "Die Elisabethkirche" },
    ]);
    const [, station] = check.groups;
    expect(station?.folder).toBe("stations/3-elisabethkirche");
    expect(station?.problems).toContainEqual({
      file: SCRIPT,
      line: 15,
      message: "Divert target not found: '-> ENDE'",
      severity: "error",
    });
    expect(check.groups[0]?.problems[0]).toMatchObject({ file: "game.yaml", severity: "error" });
    expect(check.errors).toBe(check.groups.flatMap((group) => group.problems).length);
    // The live version never saw it.
    expect((await library.live())?.id).toBe(1);
  });

  it("stores a checked draft as a version and keeps in the draft what changed meanwhile", async () => {
    const original = await readFile(join(demo, SCRIPT), "utf8");
    const changed = original.replace("Da bist du ja wieder!", "Willkommen zurück!");
    expect((await drafts.save(SCRIPT, changed, hashOf(original), "anna")).ok).toBe(true);

    const prepared = await drafts.prepare("anna", "marburg");
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.check));
    expect(prepared.version).toMatchObject({ id: 2, source: "studio", author: "anna" });
    expect(prepared.version.files.find((file) => file.path === SCRIPT)?.hash).toBe(hashOf(changed));

    // Another author saves while the version goes live.
    const yaml = await readFile(join(demo, STATION), "utf8");
    const later = yaml.replace("points: 2", "points: 4");
    expect((await drafts.save(STATION, later, hashOf(yaml), "ben")).ok).toBe(true);
    await library.release(prepared.version, "anna");
    await drafts.settle(prepared);

    const after = await drafts.draft();
    expect(after).toMatchObject({ base: 2, live: 2, changed: 1 });
    expect(after.files.filter((file) => file.state !== "same").map((file) => file.path)).toEqual([
      STATION,
    ]);
    expect((await drafts.text(SCRIPT)).text).toBe(changed);

    // A draft of another game is refused, and stores nothing.
    const game = await readFile(join(demo, "game.yaml"), "utf8");
    const other = game.replace(/^id: .*$/m, "id: giessen");
    expect((await drafts.save("game.yaml", other, hashOf(game), "ben")).ok).toBe(true);
    const refused = await drafts.prepare("ben", "marburg");
    expect(refused).toMatchObject({
      ok: false,
      check: { ok: false, groups: [{ kind: "game", problems: [{ file: "game.yaml" }] }] },
    });
    expect((await library.versions(10)).map((version) => version.id)).toEqual([2, 1]);
  });
  it("writes a batch of files all at once, or none where one changed meanwhile", async () => {
    const files = (await drafts.draft()).files;
    const hash = (path: string) => files.find((file) => file.path === path)?.hash ?? null;
    const removal = (path: string, replaces: string | null) => ({
      path,
      content: { hash: null },
      replaces,
    });
    const stale = [removal(SCRIPT, hash(SCRIPT)), removal(STATION, "0".repeat(64))];
    expect(await drafts.writeAll(stale, "anna")).toBe(false);
    expect((await drafts.draft()).changed).toBe(0);

    const copy = "stations/16-kopie/script.de.ink";
    const batch = [
      removal(SCRIPT, hash(SCRIPT)),
      removal(STATION, hash(STATION)),
      { path: copy, content: { hash: hash(SCRIPT) ?? "" }, replaces: null },
    ];
    expect(await drafts.writeAll(batch, "anna")).toBe(true);
    const after = await drafts.draft();
    const stateOf = (path: string) => after.files.find((file) => file.path === path)?.state;
    expect([stateOf(SCRIPT), stateOf(STATION), stateOf(copy)]).toEqual([
      "removed",
      "removed",
      "added",
    ]);
    expect((await drafts.text(copy)).hash).toBe(hash(SCRIPT));
  });
});
