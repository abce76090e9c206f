import { StreamLanguage } from "@codemirror/language";
import type { StringStream } from "@codemirror/language";

type State = { comment: boolean };

/**
 * ink's lines as the studio colours them: comments, knots and stitches, choices and gathers with
 * their labels, diverts, logic (`~`, VAR, CONST), `{…}` inline logic and `#` tags. A line-based
 * tokenizer, as Inky's is: enough to read a script at a glance, never to judge it (the compiler
 * does that).
 */
export const ink = StreamLanguage.define<State>({
  name: "ink",
  startState: () => ({ comment: false }),
  token(stream: StringStream, state: State): string | null {
    if (state.comment) {
      if (stream.skipTo("*/")) {
        stream.match("*/");
        state.comment = false;
      } else stream.skipToEnd();
      return "comment";
    }
    if (stream.match("/*")) {
      state.comment = true;
      return "comment";
    }
    if (stream.match("//")) {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.eatSpace()) return null;
    // At the start of a line, after its indentation.
    if (stream.string.slice(0, stream.pos).trim() === "") {
      if (stream.match(/^={2,}.*$/)) return "heading";
      if (stream.match(/^=\s*\w+.*$/)) return "heading";
      if (stream.match(/^(VAR|CONST|INCLUDE|LIST|EXTERNAL)\b/)) return "keyword";
      if (stream.match(/^~/)) return "keyword";
      if (stream.match(/^([*+]\s*)+/)) return "operator";
      if (stream.match(/^(-\s*)+(?!>)/)) return "operator";
    }
    if (stream.match(/^\(\w+\)/)) return "labelName";
    if (stream.match(/^->\s*[\w.]*/) || stream.match(/^<-\s*[\w.]*/)) return "link";
    if (stream.match(/^#[^#\n]*/)) return "meta";
    if (stream.match(/^\[[^\]]*\]/)) return "string";
    if (stream.match(/^\{[^}]*\}/)) return "variableName";
    // Words of logic only in logic: "not" in a character's line is a word.
    if (/^\s*~/.test(stream.string) && stream.match(/^(temp|true|false|not|and|or)\b/))
      return "keyword";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "//", block: { open: "/*", close: "*/" } } },
});
