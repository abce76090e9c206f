import type { YAMLError } from "yaml";
import type { z } from "zod";

/**
 * What is wrong in a yaml file, in the author's words: the yaml library's and zod's messages
 * name parser states ("Nested mappings are not allowed in compact mappings") and types
 * ("received string"); these say what to change.
 */

/**
 * A syntax error at its line: what the author most likely wrote, and how to write it. yaml finds
 * a line indented deeper than the key above, which has a value already, on that key's line (as a
 * value with a second ": " that goes on there): such a line is reported at its own line.
 */
export function syntaxProblem(
  error: YAMLError,
  text: string,
): { line: number | undefined; message: string } {
  const deeper = error.code === "BLOCK_AS_IMPLICIT_KEY" ? deeperLine(error, text) : undefined;
  return deeper ?? { line: error.linePos?.[0].line, message: syntaxMessage(error, text) };
}

/**
 * For a value without a second ": " on its own line: the first line below it that yaml read as
 * the value going on and that has a ": " (a key indented too deep), and the key above it.
 */
function deeperLine(error: YAMLError, text: string): { line: number; message: string } | undefined {
  const lines = text.split("\n");
  const start = text.lastIndexOf("\n", error.pos[0] - 1) + 1;
  const first = text.slice(0, start).split("\n").length - 1;
  const keyLine = lines[first] ?? "";
  const value = keyLine.slice(error.pos[0] - start).replace(/\s#.*$/, "");
  const key = /^(\s*(?:-\s+)*)([^\s:#][^:#]*?)\s*:/.exec(keyLine);
  if (/:(\s|$)/.test(value) || !key?.[2]) return undefined;
  const indent = (key[1] ?? "").length;
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (line.search(/\S/) <= indent) return undefined;
    if (!/:(\s|$)/.test(line.replace(/\s#.*$/, ""))) continue;
    const message = `indented deeper than ${key[2]} (line ${first + 1}), which has a value already: start this line in the same column as ${key[2]}, or write a value that goes on over several lines in quotes`;
    return { line: i + 1, message };
  }
  return undefined;
}

/** A syntax error: what the author most likely wrote, and how to write it. */
function syntaxMessage(error: YAMLError, text: string): string {
  const said = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
  switch (error.code) {
    case "TAB_AS_INDENT":
      return "this line is indented with a tab: indent with spaces only";
    case "BAD_INDENT":
      return said.startsWith("All ")
        ? "wrong indentation: the keys (or - items) of one block must start in the same column as the ones above"
        : "a { … } or [ … ] above this line is not closed: end it with } or ] on its line";
    case "BLOCK_AS_IMPLICIT_KEY":
      return 'a second ": " on this line: put a value that contains ": " in quotes (title: "Achtung: Hund"), or indent the next line no deeper than this one';
    case "MULTILINE_IMPLICIT_KEY":
      return 'a line without "key: value": add the ": ", or write a text over several lines in quotes or after |';
    case "DUPLICATE_KEY":
      return `${duplicateKey(error, text)} is written twice in the same block: keep one`;
    case "MISSING_CHAR":
      return /quote/.test(said)
        ? "a text in quotes is never closed: end it with the same quote mark"
        : `${said}: check the quotes, commas and colons on this line`;
    case "BAD_SCALAR_START":
      return `${said.replace(/^.* character /, "")} is not allowed at the start of a value: put the value in quotes`;
    case "BAD_DQ_ESCAPE":
      return `${said.replace("Invalid escape sequence ", "")} is not allowed in "double quotes": write \\\\ for a backslash, or use 'single quotes'`;
    case "MULTIPLE_DOCS":
      return "--- starts a second document: a file holds one, remove the ---";
    default:
      return `${said}: check the indentation and the quotes on this line`;
  }
}

function duplicateKey(error: YAMLError, text: string): string {
  const key = /^[^:\n]*/.exec(text.slice(error.pos[0]))?.[0].trim();
  return key ? `the key ${key}` : "a key";
}

/** A `*name` whose `&name` is not set before it: yaml cannot read the file. */
export function aliasMessage(name: string): string {
  return `*${name} repeats nothing: no &${name} is set before it`;
}

/**
 * zod's messages for the mistakes an author makes: a missing key, a value of the wrong kind.
 * The others (`undefined`) keep zod's message or the schema's own.
 */
export const plainIssue: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== "invalid_type") return undefined;
  if (issue.input === undefined) return "required";
  const expected = KINDS[issue.expected];
  return expected === undefined ? undefined : `expected ${expected}, ${given(issue.input)}`;
};

const KINDS: Partial<Record<string, string>> = {
  string: "a text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "indented key: value lines",
  array: "a list (lines starting with - )",
};

function given(input: unknown): string {
  if (input === null) return "but it is empty";
  if (Array.isArray(input)) return "not a list";
  if (typeof input === "object") return "not key: value lines";
  if (typeof input === "string") {
    return `not the text "${input.length > 40 ? `${input.slice(0, 40)}…` : input}"`;
  }
  return `not ${String(input)}`;
}
