import { beforeEach, describe, expect, it } from "vitest";
import { MAX_SAVED_LINES, forgetLine, saveLine, savedLines } from "./saved-lines";

beforeEach(() => {
  localStorage.clear();
});

describe("a host's kept lines", () => {
  it("keeps the newest on top, each once, at most MAX_SAVED_LINES", () => {
    for (let n = 1; n <= MAX_SAVED_LINES + 3; n++) saveLine(`Zeile ${n}`);
    saveLine("  Zeile 10  ");
    saveLine("   ");
    const lines = savedLines();
    expect(lines).toHaveLength(MAX_SAVED_LINES);
    expect(lines.slice(0, 2)).toEqual(["Zeile 10", `Zeile ${MAX_SAVED_LINES + 3}`]);
    expect(lines).not.toContain("Zeile 1");
    expect(forgetLine("Zeile 10")).not.toContain("Zeile 10");
  });

  it("starts afresh from what it cannot read", () => {
    for (const junk of ["{", '{"a":1}', '[1, "Hallo", null]']) {
      localStorage.setItem("wegmarke.ops.lines.", junk);
      expect(savedLines()).toEqual(junk.startsWith("[") ? ["Hallo"] : []);
    }
  });
});
