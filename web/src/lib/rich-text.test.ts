import { describe, expect, it } from "vitest";
import { parseRichText } from "./rich-text";

describe("parseRichText", () => {
  it("keeps plain text as one piece", () => {
    expect(parseRichText("Hallo du")).toEqual([{ kind: "text", text: "Hallo du" }]);
  });

  it("turns newlines into breaks", () => {
    expect(parseRichText("eins\nzwei")).toEqual([
      { kind: "text", text: "eins" },
      { kind: "break" },
      { kind: "text", text: "zwei" },
    ]);
  });

  it("marks **bold** and *italic*", () => {
    expect(parseRichText("ein **Hahn** und *Gockel*!")).toEqual([
      { kind: "text", text: "ein " },
      { kind: "bold", text: "Hahn" },
      { kind: "text", text: " und " },
      { kind: "italic", text: "Gockel" },
      { kind: "text", text: "!" },
    ]);
  });

  it("makes http links clickable without the sentence's full stop", () => {
    expect(parseRichText("Mehr: https://example.org/a?b=1.")).toEqual([
      { kind: "text", text: "Mehr: " },
      { kind: "link", text: "https://example.org/a?b=1", href: "https://example.org/a?b=1" },
      { kind: "text", text: "." },
    ]);
  });

  it("leaves markup-like text as text", () => {
    expect(parseRichText("<b>nein</b>")).toEqual([{ kind: "text", text: "<b>nein</b>" }]);
  });
});
