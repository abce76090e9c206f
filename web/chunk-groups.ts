import type { Rolldown } from "vite";

/**
 * The chunks of the first screens (rolldown's `output.codeSplitting` groups, decision 018): few
 * files before the login or the signed-in home paints. Left to itself, rolldown made a chunk of
 * every module two screens share: 37 requests before the login's welcome text, most of 1 to
 * 2 kB, over HTTP/1.1's six connections. In priority order (a module goes to the first group
 * that takes it, with the modules it imports that no group took before):
 *
 * - `react`: React, react-dom and React Router, a file that stays cached across releases;
 * - `index`: what index.html loads, its entry and the modules it imports statically, with the
 *   components both first screens show (icons, the language picker); one of these that came
 *   to import zod would bring zod into the first load, which `npm run size` refuses;
 * - `zod`: zod with the protocol's schemas, config.json's and the texts' call, and the app's
 *   other modules both first screens use (the calls' plumbing, error texts);
 * - `i18n`: i18next with its setup (each language's texts stay a chunk of their own);
 * - `forms`: react-hook-form with the app's form helpers;
 * - `game-shell`: the signed-in game's runtime and layout with home, its first screen;
 * - `login-screen`: the login and what it uses that the others did not take.
 *
 * Every other module goes where rolldown puts it: with its screen, or in a chunk of its own
 * when several later screens share it.
 */
export function chunkGroups(root: string): Rolldown.CodeSplittingGroup[] {
  const source = (path: string) => `${root}src/${path}`;
  const own = (id: string) => id.startsWith(source(""));
  const library = (name: string) => (id: string) => id.includes(`/node_modules/${name}/`);
  const initial = reachableFrom([`${root}index.html`]);
  const login = reachableFrom([source("screens/login/login-screen.tsx")]);
  const home = reachableFrom([
    source("app/game-shell.tsx"),
    source("screens/home/home-screen.tsx"),
  ]);
  const both = (id: string, context: Rolldown.ChunkingContext) =>
    own(id) && login(id, context) && home(id, context);
  const schemas = (id: string) =>
    library("zod")(id) ||
    id.includes("/protocol/src/") ||
    id === source("lib/zod-jitless.ts") ||
    id === source("api/webapp-api.ts");
  return [
    {
      name: "react",
      test: (id) => ["react", "react-dom", "scheduler", "react-router"].some((l) => library(l)(id)),
      priority: 60,
    },
    {
      name: (id, context) =>
        initial(id, context) || (id.startsWith(source("components/")) && both(id, context))
          ? "index"
          : null,
      debugName: "index",
      priority: 50,
    },
    {
      name: (id, context) => (schemas(id) || both(id, context) ? "zod" : null),
      debugName: "zod",
      priority: 40,
    },
    {
      name: "i18n",
      test: (id) => library("i18next")(id) || id === source("i18n/i18n.ts"),
      priority: 40,
    },
    {
      name: "forms",
      test: (id) =>
        library("react-hook-form")(id) ||
        library("@hookform/resolvers")(id) ||
        id.startsWith(source("forms/")),
      priority: 30,
    },
    {
      name: (id, context) => (own(id) && home(id, context) ? "game-shell" : null),
      debugName: "game-shell",
      priority: 20,
    },
    {
      name: (id, context) => (own(id) && login(id, context) ? "login-screen" : null),
      debugName: "login-screen",
      priority: 10,
    },
  ];
}

/**
 * Whether a module is reachable from one of `roots` (module ids) by the static imports of the
 * app's own modules, the roots included; made on the first call, from rolldown's module graph.
 * A library's or the protocol's imports are rolldown's to follow: it knows which of their
 * modules are used (the protocol's index names them all).
 */
function reachableFrom(roots: readonly string[]) {
  let reached: Set<string> | undefined;
  return (id: string, context: Rolldown.ChunkingContext): boolean => {
    if (reached === undefined) {
      reached = new Set();
      const pending = [...roots];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (reached.has(next)) continue;
        const info = context.getModuleInfo(next);
        if (info === null) throw new Error(`chunk groups: ${next} is not in the build`);
        reached.add(next);
        const ownImports = info.importedIds.filter(
          (imported) => !imported.includes("/node_modules/") && !imported.includes("/protocol/"),
        );
        pending.push(...ownImports);
      }
    }
    return reached.has(id);
  };
}
