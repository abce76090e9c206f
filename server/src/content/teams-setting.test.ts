// game.yaml's `settings.teams`, and the older `allowTeams` it replaces.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkContentPack, loadContentPack } from "./loader";

const demo = fileURLToPath(new URL("../../../content/demo", import.meta.url));

let pack: string;

beforeEach(async () => {
  pack = await mkdtemp(path.join(os.tmpdir(), "wegmarke-teams-"));
  await cp(demo, pack, { recursive: true });
});

afterEach(async () => {
  await rm(pack, { recursive: true, force: true });
});

/** game.yaml with its `teams:` (or `allowTeams:`) line replaced by `lines`. */
async function withTeamsLine(...lines: string[]): Promise<void> {
  const file = path.join(pack, "game.yaml");
  const text = await readFile(file, "utf8");
  const changed = text.replace(
    /^ {2}(teams|allowTeams): .*\n/m,
    lines.map((line) => `  ${line}\n`).join(""),
  );
  if (changed === text) throw new Error("game.yaml has no teams line");
  await writeFile(file, changed);
}

describe("settings.teams", () => {
  it.each(["off", "optional", "required"] as const)("takes %s", async (teams) => {
    await withTeamsLine(`teams: ${teams}`);
    expect((await loadContentPack(pack)).settings.teams).toBe(teams);
  });

  it("loads the older allowTeams: true as required, false as off", async () => {
    await withTeamsLine("allowTeams: true");
    expect((await loadContentPack(pack)).settings.teams).toBe("required");
    await withTeamsLine("allowTeams: false");
    expect((await loadContentPack(pack)).settings.teams).toBe("off");
  });

  it("refuses another value, and allowTeams beside teams", async () => {
    await withTeamsLine("teams: sometimes");
    expect((await checkContentPack(pack)).errors).toEqual([
      { file: "game.yaml", line: 9, message: "settings.teams: expected off, optional or required" },
    ]);
    await withTeamsLine("teams: optional", "allowTeams: true");
    expect((await checkContentPack(pack)).errors).toEqual([
      { file: "game.yaml", line: 10, message: "unknown key settings.allowTeams" },
    ]);
  });
});
