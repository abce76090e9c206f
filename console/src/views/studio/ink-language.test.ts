import { describe, expect, it } from "vitest";
import { highlightCode, tagHighlighter, tags } from "@lezer/highlight";
import { ink } from "./ink-language";

/** Each coloured piece of `source` with its kind, as the studio's editor colours it. */
function tokens(source: string): [string, string][] {
  const tree = ink.parser.parse(source);
  const kinds = tagHighlighter([
    { tag: tags.comment, class: "comment" },
    { tag: tags.heading, class: "heading" },
    { tag: tags.keyword, class: "keyword" },
    { tag: tags.operator, class: "operator" },
    { tag: tags.labelName, class: "label" },
    { tag: tags.link, class: "divert" },
    { tag: tags.meta, class: "tag" },
    { tag: tags.string, class: "choice" },
    { tag: tags.variableName, class: "logic" },
  ]);
  const found: [string, string][] = [];
  highlightCode(
    source,
    tree,
    kinds,
    (text, kind) => {
      if (kind !== "") found.push([kind, text]);
    },
    () => undefined,
  );
  return found;
}

describe("ink's colours in the studio", () => {
  it("tells knots, choices, diverts, tags, logic and comments apart", () => {
    expect(
      tokens(
        [
          "VAR points = 0 // the station's points",
          "=== frage ===",
          "- (start) Welches Tier? #seen: 0.8",
          "+ [Hahn #answer]",
          "    ~ points = {points + 1}",
          "    ~ temp fertig = not false",
          "Das weiß ich nicht, oder doch? Not sure.",
          "    -> frage",
        ].join("\n"),
      ),
    ).toEqual([
      ["keyword", "VAR"],
      ["comment", "// the station's points"],
      ["heading", "=== frage ==="],
      ["operator", "- "],
      ["label", "(start)"],
      ["tag", "#seen: 0.8"],
      ["operator", "+ "],
      ["choice", "[Hahn #answer]"],
      ["keyword", "~"],
      ["logic", "{points + 1}"],
      ["keyword", "~"],
      ["keyword", "temp"],
      ["keyword", "not"],
      ["keyword", "false"],
      ["divert", "-> frage"],
    ]);
  });
});
