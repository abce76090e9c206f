/**
 * `npm run content:check -- content/demo`: checks a content pack as the server does at start-up
 * and prints every error and warning, then a summary. Exit code 1 when the pack has errors (the
 * server would refuse it); warnings alone keep 0. Compiled to server/dist/content-check.js
 * beside main.js, for where only the compiled server is installed (the container image).
 */
import path from "node:path";
import { checkContentPack } from "./loader";
import { formatProblem } from "./model";
import type { ContentProblem } from "./model";

async function main(arg: string | undefined): Promise<number> {
  if (!arg) {
    console.error(
      "usage: npm run content:check -- <pack folder>, or node server/dist/content-check.js <pack folder>",
    );
    return 2;
  }
  // npm runs workspace scripts in server/; the path was typed relative to where npm was run.
  const npm = process.env.npm_lifecycle_event === "content:check";
  const dir = path.resolve((npm && process.env.INIT_CWD) || process.cwd(), arg);
  const { pack, errors, warnings } = await checkContentPack(dir);
  // Prefixed with the folder as typed, so each line names a file an editor can open.
  const print = (p: ContentProblem, severity: string) =>
    formatProblem({ ...p, file: path.join(arg, p.file), message: `${severity}: ${p.message}` });
  for (const p of errors) console.error(print(p, "error"));
  for (const p of warnings) console.error(print(p, "warning"));
  const counts = `${count(errors.length, "error")}, ${count(warnings.length, "warning")}`;
  if (!pack) {
    console.error(`${arg}: ${counts}; the server would refuse this pack`);
    return 1;
  }
  const stories = pack.stories?.length ?? 0;
  console.log(`${arg}: ${pack.stations.length} stations, ${stories} stories, ${counts}`);
  return 0;
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

process.exitCode = await main(process.argv[2]);
