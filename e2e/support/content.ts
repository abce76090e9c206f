import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const demoDir = resolve(fileURLToPath(import.meta.url), "../../../content/demo");

/**
 * Settings of the demo pack's game.yaml that tests switch on. `allowTeams` is the older form of
 * `teams` (true: required, false: off), as game.yaml still takes it.
 */
export type PackSettings = Partial<Record<"allowTeams" | "registrationLess" | "debug", boolean>> & {
  teams?: "off" | "optional" | "required";
};

export type GamePack = {
  /** For the server's CONTENT_DIR. */
  dir: string;
  remove(): Promise<void>;
};

/** A copy of content/demo in a temporary folder, with some settings of game.yaml changed. */
export async function demoPackWith(settings: PackSettings): Promise<GamePack> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-pack-"));
  await cp(demoDir, dir, { recursive: true });
  const gameFile = join(dir, "game.yaml");
  let yaml = await readFile(gameFile, "utf8");
  const { allowTeams, ...rest } = settings;
  const teams = allowTeams === undefined ? {} : { teams: allowTeams ? "required" : "off" };
  for (const [name, value] of Object.entries({ ...teams, ...rest })) {
    const line = new RegExp(`^(  ${name}:) \\w+( #.*)?$`, "m");
    if (!line.test(yaml)) throw new Error(`game.yaml of the demo pack has no setting ${name}`);
    yaml = yaml.replace(line, `$1 ${String(value)}$2`);
  }
  await writeFile(gameFile, yaml);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes files into a pack, by paths relative to its folder: a station of a test's own. */
export async function addToPack(pack: GamePack, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    const file = join(pack.dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}
