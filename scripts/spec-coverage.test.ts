import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/spec-coverage.md names, for every rule of the spec, where the code is and which tests
 * prove it: `file` › "test name", "test name"; ... This keeps it from citing a test that does
 * not exist (renamed, moved or never written) or a file that is gone.
 */
const repo = resolve(fileURLToPath(import.meta.url), "../..");
const doc = readFileSync(join(repo, "docs/spec-coverage.md"), "utf8");

/** Paths in the doc are relative to web/src, except those below these repository folders. */
function pathOf(cited: string): string {
  return /^(e2e|server|protocol)\//.test(cited) ? join(repo, cited) : join(repo, "web/src", cited);
}

/** The table rows of the doc: their "where" and "test" cells. */
function rows(): { where: string; test: string }[] {
  return doc
    .split("\n")
    .filter((line) => line.startsWith("| ") && !/^\| (---|spec rule) /.test(line))
    .map((line) => {
      const [, where = "", test = ""] = line.slice(2, -2).split(" | ");
      return { where, test };
    });
}

/** The tests a cell names: file and title, with markdown's escapes undone. */
function citedTests(cell: string): { file: string; title: string }[] {
  const cites = [...cell.matchAll(/`([^`]+)` › ((?:"(?:[^"\\]|\\.)*"(?:, )?)+)/g)];
  return cites.flatMap(([, file = "", titles = ""]) =>
    [...titles.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, title = ""]) => ({
      file,
      title: title.replace(/\\(.)/g, "$1"),
    })),
  );
}

const titleCache = new Map<string, Set<string>>();

/** The titles of a test file's `describe`, `it` and `test` blocks (`.each` included). */
function titlesIn(file: string): Set<string> {
  const cached = titleCache.get(file);
  if (cached !== undefined) return cached;
  const source = readFileSync(file, "utf8");
  const pattern =
    /\b(?:it|test|describe)(?:\.each\([\s\S]*?\))?\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const titles = new Set(
    [...source.matchAll(pattern)].map(([, , title = ""]) => title.replace(/\\(.)/g, "$1")),
  );
  titleCache.set(file, titles);
  return titles;
}

describe("docs/spec-coverage.md", () => {
  it("covers every section of the spec, 1 to 9", () => {
    const sections = [...doc.matchAll(/^## (\d)\. /gm)].map(([, number]) => Number(number));
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("cites only tests that exist", () => {
    const cited = rows().flatMap(({ test }) => citedTests(test));
    expect(cited.length).toBeGreaterThan(200);
    const missing = cited.filter(({ file, title }) => {
      const path = pathOf(file);
      return !existsSync(path) || !titlesIn(path).has(title);
    });
    expect(missing).toEqual([]);
  });

  it("names only source files that exist", () => {
    const files = rows().flatMap(({ where }) =>
      [...where.matchAll(/`([^`]+\.(?:ts|tsx|css))`/g)].map(([, file = ""]) => file),
    );
    const missing = files.filter((file) => !file.includes("*") && !existsSync(pathOf(file)));
    expect(missing).toEqual([]);
  });

  it("gives every row of a rule a test, or says why there is none", () => {
    const untested = rows().filter(({ test }) => test !== "—" && citedTests(test).length === 0);
    expect(untested).toEqual([]);
  });
});
