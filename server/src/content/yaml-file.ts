import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from "yaml";
import type { Alias, Document } from "yaml";
import type { z } from "zod";
import type { ContentProblem } from "./model";
import { aliasMessage, plainIssue, syntaxProblem } from "./yaml-messages";

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
  const unreadable = (line: number | undefined, message: string): YamlFile<T> => ({
    value: undefined,
    problems: [{ file, line, message }],
    lineOf,
    data: undefined,
  });
  const [syntax] = doc.errors;
  // After a syntax error the parser misreads the rest of the file: only the first one is real.
  if (syntax) {
    const { line, message } = syntaxProblem(syntax, text);
    return unreadable(line, message);
  }
  let data: unknown;
  try {
    data = doc.toJS();
  } catch (error) {
    const alias = unresolvedAlias(doc);
    if (!alias) return unreadable(undefined, `yaml cannot read the file: ${String(error)}`);
    const line = alias.range ? lineCounter.linePos(alias.range[0]).line : undefined;
    return unreadable(line, aliasMessage(alias.source));
  }
  const parsed = schema.safeParse(data, { error: plainIssue });
  if (parsed.success) return { value: parsed.data, problems: [], lineOf, data };
  const problems = parsed.error.issues.flatMap((issue) => issueProblems(file, issue, lineOf));
  return { value: undefined, problems, lineOf, data };
}

/** The first `*name` without an `&name` before it, which makes reading the file throw. */
function unresolvedAlias(doc: Document): Alias | undefined {
  let found: Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      if (node.resolve(doc) !== undefined) return undefined;
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}

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
