/**
 * `npm run content:check -- content/demo`: loads a content pack as the server does at start-up
 * and prints every problem, or a one-line summary. Exit code 1 when the pack has problems.
 */
import path from "node:path";
import { loadContentPack } from "./loader";
import { ContentError, formatProblem } from "./model";

async function main(arg: string | undefined): Promise<number> {
  if (!arg) {
    console.error("usage: npm run content:check -- <pack folder>");
    return 2;
  }
  // npm runs workspace scripts in server/; the path was typed relative to where npm was run.
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  try {
    const pack = await loadContentPack(dir);
    const stories = pack.stories?.length ?? 0;
    console.log(`${arg}: ${pack.stations.length} stations, ${stories} stories, 0 problems`);
    return 0;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    // Prefixed with the folder as typed, so each line names a file an editor can open.
    for (const p of error.problems) {
      console.error(formatProblem({ ...p, file: path.join(arg, p.file) }));
    }
    return 1;
  }
}

process.exitCode = await main(process.argv[2]);
