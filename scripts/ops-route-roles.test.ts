import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * `npm run lint` refuses an operator route that states no role (eslint-rules/ops-route-role.js):
 * the repository's lint configuration, with this rule alone, runs on a probe file among the
 * operator routes (a file on no disk, so parsed without the types the other rules need).
 */
const repoRoot = resolve(fileURLToPath(import.meta.url), "../..");
const RULE = "wegmarke/ops-route-role";
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function problems(routes: string): Promise<string[]> {
  const source = [
    'import type { FastifyPluginAsync } from "fastify";',
    "",
    "export const probe: FastifyPluginAsync = async (app) => {",
    routes,
    "};",
    "",
  ].join("\n");
  const [result] = await eslint.lintText(source, { filePath: "server/src/http/ops/probe.ts" });
  const messages = result?.messages ?? [];
  expect(messages.filter((one) => one.fatal)).toEqual([]);
  return messages.filter((one) => one.ruleId === RULE).map((one) => one.message);
}

describe("the lint rule on operator routes", { timeout: 120_000 }, () => {
  it("reports a route declared without a role", async () => {
    const shorthand = await problems('  app.get("/probe", async () => "probe");');
    expect(shorthand).toHaveLength(1);
    expect(shorthand[0]).toMatch(/operator route without a role/);
    const without = await problems(
      '  app.post("/probe", { config: { beforePasswordChange: true } }, async () => "probe");',
    );
    expect(without).toHaveLength(1);
    const full = await problems(
      '  app.route({ method: "DELETE", url: "/probe", handler: async () => "probe" });',
    );
    expect(full).toHaveLength(1);
  });

  it("passes a route that states its role", async () => {
    const routes = [
      '  app.get("/probe", { config: { role: "viewer" } }, async () => "probe");',
      '  app.put("/probe", { config: { role: ["host", "author"] } }, async () => "probe");',
      "  app.route({",
      '    method: "PATCH",',
      '    url: "/probe",',
      '    config: { role: "author" },',
      '    handler: async () => "probe",',
      "  });",
    ].join("\n");
    expect(await problems(routes)).toEqual([]);
  });
});
