// The check's warning about a script's lines still marked for translation, on a copy of the demo.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { translationDraft } from "./ink-translation";
import { checkContentPack } from "./loader";

const demo = fileURLToPath(new URL("../../../content/demo", import.meta.url));
const folder = "stations/7-hexenturm";
let pack: string;

beforeEach(async () => {
  pack = await mkdtemp(path.join(os.tmpdir(), "wegmarke-untranslated-"));
  await cp(demo, pack, { recursive: true });
});

afterEach(async () => {
  await rm(pack, { recursive: true, force: true });
});

describe("a script begun from another language's", () => {
  it("passes the check with a warning that counts its lines still to translate", async () => {
    const german = await readFile(path.join(pack, folder, "script.de.ink"), "utf8");
    const draft = translationDraft(german);
    const marked = draft.split("\n").filter((line) => line.endsWith("// übersetzen"));
    const first = draft.split("\n").findIndex((line) => line.endsWith("// übersetzen")) + 1;
    await writeFile(path.join(pack, folder, "script.en.ink"), draft);
    const { errors, warnings } = await checkContentPack(pack);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      {
        file: `${folder}/script.en.ink`,
        line: first,
        message: `${marked.length} lines not yet translated (marked // übersetzen; first at line ${first})`,
      },
    ]);
  });

  it("says one line in the singular, and nothing once every mark is gone", async () => {
    const file = path.join(pack, folder, "script.en.ink");
    const english = await readFile(file, "utf8");
    const lines = english.split("\n");
    lines[1] = `${lines[1] ?? ""} // übersetzen`;
    await writeFile(file, lines.join("\n"));
    expect((await checkContentPack(pack)).warnings).toEqual([
      {
        file: `${folder}/script.en.ink`,
        line: 2,
        message: "1 line not yet translated (marked // übersetzen; first at line 2)",
      },
    ]);
    await writeFile(file, english);
    expect((await checkContentPack(pack)).warnings).toEqual([]);
  });
});
