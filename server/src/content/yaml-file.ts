import { isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import type { Document } from "yaml";
import type { z } from "zod";
import type { ContentProblem } from "./model";

type Path = readonly PropertyKey[];

/** A parsed and validated yaml file; `value` is set only when it has no problems. */
export type YamlFile<T> = {
  value: T | undefined;
  problems: ContentProblem[];
  /** The line of the key at `path`, or of its nearest existing parent. */
  lineOf: (path: Path) => number | undefined;
  /** The file as parsed, before validation; undefined after a syntax error. */
  data: unknown;
};

export function parseYamlFile<T>(file: string, text: string, schema: z.ZodType<T>): YamlFile<T> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const lineOf = (path: Path) => {
    const offset = nodeOffset(doc, path);
    return offset === undefined ? undefined : lineCounter.linePos(offset).line;
  };
  const [syntax] = doc.errors;
  if (syntax) {
    // After a syntax error the parser misreads the rest of the file: only the first one is real.
    const line = syntax.linePos?.[0].line;
    const problems = [{ file, line, message: yamlMessage(syntax.message) }];
    return { value: undefined, problems, lineOf, data: undefined };
  }
  const data: unknown = doc.toJS();
  const parsed = schema.safeParse(data, { error: requiredMessage });
  if (parsed.success) return { value: parsed.data, problems: [], lineOf, data };
  const problems = parsed.error.issues.flatMap((issue) => issueProblems(file, issue, lineOf));
  return { value: undefined, problems, lineOf, data };
}

/** zod says "expected string, received undefined" for a missing key; say it plainly. */
const requiredMessage: z.core.$ZodErrorMap = (issue) =>
  issue.code === "invalid_type" && issue.input === undefined ? "required" : undefined;

function issueProblems(
  file: string,
  issue: z.core.$ZodIssue,
  lineOf: (path: Path) => number | undefined,
): ContentProblem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => {
      const path = [...issue.path, key];
      return { file, line: lineOf(path), message: `unknown key ${pathText(path)}` };
    });
  }
  const prefix = issue.path.length > 0 ? `${pathText(issue.path)}: ` : "";
  // zod says only "Invalid key in record"; the key schema's own message says what is expected.
  const message =
    issue.code === "invalid_key" ? issue.issues.map((i) => i.message).join("; ") : issue.message;
  return [{ file, line: lineOf(issue.path), message: `${prefix}${message}` }];
}

function pathText(path: Path): string {
  return path.map(String).join(".");
}

/** yaml's messages end in " at line 3, column 1:" and a code excerpt; the line is shown apart. */
function yamlMessage(message: string): string {
  const first = message.split("\n")[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, "");
}

/** Start of the key that holds `path` (the node itself for sequence items and the root). */
function nodeOffset(doc: Document, path: Path): number | undefined {
  let node: unknown = doc.contents;
  let offset = doc.contents?.range?.[0];
  for (const step of path) {
    const found = childOf(node, step);
    if (!found) break;
    [node, offset] = found;
  }
  return offset;
}

/** The child node at `step` and where it starts: its key in a map, itself in a sequence. */
function childOf(node: unknown, step: PropertyKey): [unknown, number | undefined] | undefined {
  if (isMap(node)) {
    // `crest: { 0: … }` has number keys, which the parsed value (and so the path) spells as strings.
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
    return pair && isScalar(pair.key) ? [pair.value, pair.key.range?.[0]] : undefined;
  }
  if (isSeq(node) && typeof step === "number") {
    const item = node.items[step];
    return isScalar(item) || isMap(item) || isSeq(item) ? [item, item.range?.[0]] : undefined;
  }
  return undefined;
}
