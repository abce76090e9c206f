import { appendFile, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WorkFolders } from "./work-folders";

let dir: string;
const errors: unknown[] = [];
const onError = (error: unknown) => errors.push(error);
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wegmarke-work-"));
  errors.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

const HOURS_2 = 2 * 60 * 60_000;

/** Sets when `file` last changed to `ageMs` ago. */
async function age(file: string, ageMs: number): Promise<void> {
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
}

/** A folder of work (`kind/name`) with a file, last changed `ageMs` ago; `owner`: a preview's. */
async function folder(kind: string, name: string, ageMs = 0, owner?: string): Promise<void> {
  const at = join(dir, kind, name);
  await mkdir(at, { recursive: true });
  await writeFile(join(at, "game.yaml"), "id: marburg\n");
  if (owner !== undefined) await writeFile(join(at, ".instance"), owner);
  for (const file of await readdir(at)) await age(join(at, file), ageMs);
  await age(at, ageMs);
}

/** The record of a process that used the cache, last marked `ageMs` ago. */
async function record(token: string, instance: object, ageMs = 0): Promise<void> {
  await mkdir(join(dir, "instances"), { recursive: true });
  await writeFile(join(dir, "instances", `${token}.json`), JSON.stringify(instance));
  await age(join(dir, "instances", `${token}.json`), ageMs);
}

const list = async (kind: string) => (await readdir(join(dir, kind)).catch(() => [])).sort();

describe("the folders of work in a pack cache", () => {
  it("alone on the cache, a start removes every folder of work a stopped process left", async () => {
    await folder("imports", "i1");
    await folder("drafts", "d1");
    await folder("previews", "p1", 0, "stopped");
    await folder("previews", "p2");
    const folders = await WorkFolders.open(dir, onError);
    expect([await list("imports"), await list("drafts"), await list("previews")]).toEqual([
      [],
      [],
      [],
    ]);
    expect(await list("instances")).toHaveLength(1);
    await folders.close();
    expect(await list("instances")).toEqual([]);
  });

  // Linux: a process's start is read from /proc.
  it.runIf(process.platform === "linux")(
    "beside processes that run, removes only what is surely stale",
    async () => {
      // This host's process of this id that started at another time: a process before this one
      // (a restarted container's server is often process 1 again).
      await record("earlier", { host: hostname(), pid: process.pid, start: "1" });
      // Another host's process, marked a moment ago, and one not marked for two hours.
      await record("elsewhere", { host: "another-host", pid: 1, start: "5" });
      await record("silent", { host: "another-host", pid: 2, start: "5" }, HOURS_2);
      await folder("previews", "of-earlier", 0, "earlier");
      await folder("previews", "of-elsewhere", HOURS_2, "elsewhere");
      await folder("previews", "of-silent", 0, "silent");
      await folder("previews", "unmarked-new");
      await folder("previews", "unmarked-old", HOURS_2);
      await folder("imports", "new");
      await folder("imports", "old", HOURS_2);
      await folder("drafts", "new");
      await folder("drafts", "old", HOURS_2);
      // An upload begun two hours ago that is still being written to.
      await folder("drafts", "writing", HOURS_2);
      await appendFile(join(dir, "drafts", "writing", "game.yaml"), "# ...\n");

      const folders = await WorkFolders.open(dir, onError);
      expect(await list("previews")).toEqual(["of-elsewhere", "unmarked-new"]);
      expect(await list("imports")).toEqual(["new"]);
      expect(await list("drafts")).toEqual(["new", "writing"]);
      expect(
        (await list("instances")).filter((name) => !name.startsWith("elsewhere")),
      ).toHaveLength(1);

      // A second server in this process: the first one runs, its preview stays.
      const mine = await folders.preview("mine");
      expect(mine).toBe(join(dir, "previews", "mine"));
      const second = await WorkFolders.open(dir, onError);
      expect(await list("previews")).toEqual(["mine", "of-elsewhere", "unmarked-new"]);
      await second.close();
      expect(await list("previews")).toEqual(["mine", "of-elsewhere", "unmarked-new"]);
      // Closing, a process removes its own previews and record, nothing of the others.
      await folders.close();
      expect(await list("previews")).toEqual(["of-elsewhere", "unmarked-new"]);
      expect(await list("instances")).toEqual(["elsewhere.json"]);
    },
  );
});
