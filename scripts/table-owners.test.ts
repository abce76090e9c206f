import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedCalls, tableOwners } from "../eslint.table-owners.js";

/**
 * `npm run lint` refuses a service that names or uses a repository its folder does not own
 * (eslint-rules/table-owner.js, eslint.table-owners.js, decisions/050). The rule needs the
 * types, so each probe is a file of server/src for the time of the test, linted with the
 * repository's configuration and then removed.
 */
const repoRoot = resolve(fileURLToPath(import.meta.url), "../..");
const RULE = "wegmarke/table-owner";

const probes = {
  /** A repository of accounts/, named and used by teams/. */
  foreign: [
    "teams/table-owner-probe-foreign.ts",
    [
      'import type { Repositories, StoreOf } from "../store/store";',
      "",
      'export async function probe(store: StoreOf<Pick<Repositories, "players">>): Promise<void> {',
      "  await store.repos.players.find(1);",
      "}",
    ],
  ],
  /** teams/' own repositories. */
  own: [
    "teams/table-owner-probe-own.ts",
    [
      'import type { Repositories, StoreOf } from "../store/store";',
      "",
      "export async function probe(",
      '  store: StoreOf<Pick<Repositories, "teams" | "teamInvitations">>,',
      "): Promise<void> {",
      "  await store.transaction((repos) => repos.teams.delete(1));",
      "}",
    ],
  ],
  /** The whole bag. */
  whole: [
    "teams/table-owner-probe-whole.ts",
    [
      'import type { Store } from "../store/store";',
      "",
      "export const probe = (store: Store) => store.repos.teams;",
    ],
  ],
  /** Another folder's type that holds a repository teams/ does not own, and its class. */
  through: [
    "teams/table-owner-probe-through.ts",
    [
      'import type { MembershipRepositories } from "../participants/team-membership";',
      'import type { PushRepository } from "../store/push-repository";',
      "",
      "export type Probe = PushRepository;",
      "",
      "export const probe = (repos: MembershipRepositories) => repos.events.moveStream('a', 'b');",
    ],
  ],
  /** game/'s allowed call on accounts/' players, and one it is not allowed. */
  calls: [
    "game/table-owner-probe-calls.ts",
    [
      'import type { NameRepositories } from "./scoreboard/display-names";',
      "",
      "export async function probe(repos: NameRepositories): Promise<void> {",
      "  await repos.players.firstNames([1]);",
      "  await repos.players.delete(1);",
      "}",
    ],
  ],
} as const;

const pathOf = (file: string) => resolve(repoRoot, "server/src", file);
const found = new Map<keyof typeof probes, string[]>();

beforeAll(async () => {
  for (const [file, lines] of Object.values(probes)) {
    writeFileSync(pathOf(file), `${lines.join("\n")}\n`);
  }
  try {
    const eslint = new ESLint({ cwd: repoRoot, ruleFilter: ({ ruleId }) => ruleId === RULE });
    const results = await eslint.lintFiles(Object.values(probes).map(([file]) => pathOf(file)));
    for (const [name, [file]] of Object.entries(probes)) {
      const result = results.find((one) => one.filePath === pathOf(file));
      const messages = result?.messages ?? [];
      expect(messages.filter((one) => one.ruleId !== RULE)).toEqual([]);
      found.set(
        name as keyof typeof probes,
        messages.map((one) => one.message),
      );
    }
  } finally {
    for (const [file] of Object.values(probes)) rmSync(pathOf(file), { force: true });
  }
}, 180_000);

afterAll(() => {
  for (const [file] of Object.values(probes)) rmSync(pathOf(file), { force: true });
});

describe("the lint rule on table owners", () => {
  it("refuses a service that names and uses a repository its folder does not own", () => {
    expect(found.get("foreign")).toEqual([
      expect.stringContaining("teams/ does not own `players` (eslint.table-owners.js: accounts/"),
      expect.stringContaining("teams/ does not own `players`"),
    ]);
  });

  it("passes a service that names and uses its folder's own repositories", () => {
    expect(found.get("own")).toEqual([]);
  });

  it("refuses the whole bag outside the store and the composition root", () => {
    expect(found.get("whole")).toEqual([expect.stringContaining("`Store` is every repository")]);
  });

  it("refuses a foreign repository however it came: another folder's type, its class", () => {
    expect(found.get("through")).toEqual([
      expect.stringContaining("teams/ does not own `push`"),
      expect.stringContaining("teams/ does not own `events`"),
    ]);
  });

  it("passes an allowed call on another folder's repository, and refuses any other", () => {
    expect(found.get("calls")).toEqual([
      expect.stringContaining("game/ calls `firstNames` of `players` only"),
    ]);
  });
});

describe("the table of owners", () => {
  const store = readFileSync(resolve(repoRoot, "server/src/store/store.ts"), "utf8");
  const bag = /export type Repositories = \{([^}]*)\};/.exec(store)?.[1] ?? "";
  const keys = [...bag.matchAll(/^\s+(\w+): \w+Repository;$/gm)].map((match) => match[1]);
  const owned = Object.values(tableOwners).flat();

  it("gives every repository of the store one owner", () => {
    expect(keys).toHaveLength(26);
    expect([...owned].sort()).toEqual([...keys, "runs"].sort());
  });

  it("allows calls on another folder's repository only, each with its reason", () => {
    const owners = tableOwners as Record<string, readonly string[]>;
    for (const { folder, repository, why } of allowedCalls) {
      expect(owned).toContain(repository);
      expect(owners[folder] ?? []).not.toContain(repository);
      expect(why.length).toBeGreaterThan(20);
    }
  });
});
