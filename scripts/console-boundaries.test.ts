import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The console's layers (eslint.app-layers.js, decisions/049) hold under the configuration
 * `npm run lint` uses: a probe file, linted in a folder's place, says which imports are refused.
 */
const repo = resolve(fileURLToPath(import.meta.url), "../..");
const eslint = new ESLint({
  cwd: repo,
  // A probe is no file of console/tsconfig.json, so it is linted without type information,
  // which the import rules do not need; the two rules that do are left out for it.
  overrideConfig: {
    files: ["console/src/**/probe.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      "@typescript-eslint/no-floating-promises": "off",
      "@typescript-eslint/no-misused-promises": "off",
    },
  },
});

/** The messages of the import rule for a probe at `path` importing `from`. */
async function refusals(path: string, from: string): Promise<string[]> {
  const source = `import * as probe from "${from}";\n\nexport const probed = probe;\n`;
  const [result] = await eslint.lintText(source, { filePath: `console/src/${path}` });
  if (result === undefined) throw new Error(`no result for ${path}`);
  const others = result.messages.filter(({ ruleId }) => ruleId !== "no-restricted-imports");
  expect(others).toEqual([]);
  return result.messages.map(({ message }) => message);
}

describe("the console's boundaries", { timeout: 120_000 }, () => {
  it("refuse a view that imports the shell or the router's old place in app/", async () => {
    expect(await refusals("views/players/probe.tsx", "../../app/shell")).toEqual([
      expect.stringContaining("views/ does not import app/"),
    ]);
    expect(await refusals("views/studio/probe.tsx", "../../app/router")).toEqual([
      expect.stringContaining("views/ does not import app/"),
    ]);
  });

  it("let a view import the routes, the shared pieces and another view's entry", async () => {
    expect(await refusals("views/studio/probe.tsx", "../../routes/router")).toEqual([]);
    expect(await refusals("views/judging/probe.tsx", "../../components/roles")).toEqual([]);
    expect(await refusals("views/content/probe.tsx", "../instances/instances")).toEqual([]);
    expect(await refusals("views/content/probe.tsx", "./export-panel")).toEqual([]);
  });

  it("refuse a view that reaches into another view's folder", async () => {
    expect(await refusals("views/content/probe.tsx", "../versions/pack-versions")).toEqual([
      expect.stringContaining("a view imports another view by its entry only"),
    ]);
    expect(await refusals("views/map/probe.tsx", "../studio/paths")).toEqual([
      expect.stringContaining("a view imports another view by its entry only"),
    ]);
  });

  it("refuse the layers below the views that import a view or the shell", async () => {
    for (const [path, from] of [
      ["components/probe.tsx", "../views/team/team"],
      ["lib/probe.ts", "../app/shell"],
      ["api/probe.ts", "../views/news/news"],
      ["routes/probe.ts", "../app/app"],
    ] as const) {
      expect(await refusals(path, from)).toEqual([expect.stringMatching(/does not import/)]);
    }
  });
});
