import { TRANSLATE_MARK } from "@wegmarke/protocol";

/**
 * A script's translation begun from another language's: the same lines, each line a player
 * reads marked with an ink comment (`// übersetzen`), which the compiler strips, so players
 * never see it and the copy compiles to the same story. The check counts the marks left.
 */

const MARKED = /\/\/\s*übersetzen\s*$/;

/** The words that open a sequence block (`{stopping:`): its `- ` lines are texts, not cases. */
const SEQUENCE = /^\{\s*(stopping|cycle|once|shuffle(\s+(once|stopping))?)\s*:\s*$/;

/** One line with its comments removed, and whether a block comment is still open after it. */
function withoutComments(line: string, inBlock: boolean): { code: string; inBlock: boolean } {
  let code = "";
  let open = inBlock;
  for (let i = 0; i < line.length; i++) {
    if (open) {
      if (line.startsWith("*/", i)) {
        open = false;
        i++;
      }
      continue;
    }
    if (line.startsWith("//", i)) break;
    if (line.startsWith("/*", i)) {
      open = true;
      i++;
      continue;
    }
    code += line[i];
  }
  return { code, inBlock: open };
}

/** `{…}` groups at the start of `text` (a choice's conditions), removed. */
function leadingConditions(text: string): string {
  let rest = text.trimStart();
  while (rest.startsWith("{")) {
    let depth = 0;
    let end = -1;
    for (let i = 0; i < rest.length && end < 0; i++) {
      if (rest[i] === "{") depth++;
      if (rest[i] === "}" && --depth === 0) end = i;
    }
    if (end < 0) return rest;
    rest = rest.slice(end + 1).trimStart();
  }
  return rest;
}

/** How much a line opens (+) or closes (-) of `{…}` blocks; escaped braces do not count. */
function braceBalance(code: string): number {
  const plain = code.replace(/\\./g, "");
  return (plain.match(/\{/g)?.length ?? 0) - (plain.match(/\}/g)?.length ?? 0);
}

/**
 * Whether a line's code (comments removed) holds text a player reads: a message, a choice's
 * text or a typed answer. Logic, declarations, knots and stitches, diverts, labels, tags and
 * `#content` lines (a media path or a web address) hold none. `inCases`: the line stands in a
 * multi-line conditional, whose `- condition:` opens a case.
 */
export function readableText(code: string, inCases = false): boolean {
  const line = code.trim();
  if (line === "" || /^[~=]/.test(line) || /^TODO\b/.test(line)) return false;
  if (/^(VAR|CONST|LIST|INCLUDE|EXTERNAL)\b/.test(line)) return false;
  if (/(^|[^\\])#\s*content\b/.test(line)) return false;
  let rest = line;
  // A multi-line block's opening (`{ x > 2:`, `{ stopping:`) and a case (`- else:`).
  if (/^\{[^}]*:\s*$/.test(rest)) return false;
  if (inCases) rest = rest.replace(/^-(?!>)\s*[^:]*:/, "");
  const bullet = /^([*+]\s*)+/.exec(rest) ?? /^(-(?!>)\s*)+/.exec(rest);
  if (bullet) {
    rest = rest.slice(bullet[0].length).replace(/^\(\s*\w+\s*\)/, "");
    rest = leadingConditions(rest);
  }
  const text = rest
    .replace(/(->|<-).*$/, "")
    .replace(/(^|[^\\])#[^\]]*/g, "$1")
    .replace(/\{\s*[\w.]+\s*\}/g, "")
    .replace(/<>/g, "");
  return /\p{L}/u.test(text);
}

/**
 * `source` with every line a player reads marked `// übersetzen`: the start of a script in
 * another language, compiled to the same story as `source`. Lines already marked stay so.
 */
export function translationDraft(source: string): string {
  const newline = source.includes("\r\n") ? "\r\n" : "\n";
  let inBlock = false;
  // The kinds of `{…}` blocks open across lines: "cases" (conditions) or "texts" (sequences).
  const blocks: ("cases" | "texts")[] = [];
  return source
    .split(/\r?\n/)
    .map((line) => {
      const stripped = withoutComments(line, inBlock);
      inBlock = stripped.inBlock;
      const code = stripped.code;
      const readable = readableText(code, blocks.at(-1) === "cases");
      const balance = braceBalance(code);
      if (balance > 0) {
        const kind = SEQUENCE.test(code.trim()) ? "texts" : "cases";
        for (let i = 0; i < balance; i++) blocks.push(kind);
      }
      for (let i = 0; i < -balance; i++) blocks.pop();
      if (!readable || MARKED.test(line)) return line;
      const kept = line.trimEnd();
      // A space after a choice's `]` would be text of the choice's own: the mark follows it.
      return kept.endsWith("]") ? `${kept}${TRANSLATE_MARK}` : `${kept} ${TRANSLATE_MARK}`;
    })
    .join(newline);
}

/** The lines (from 1) of `source` still marked `// übersetzen`. */
export function untranslatedLines(source: string): number[] {
  return source.split(/\r?\n/).flatMap((line, index) => (MARKED.test(line) ? [index + 1] : []));
}
