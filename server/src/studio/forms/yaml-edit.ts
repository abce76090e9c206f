import { isScalar, parse, parseDocument, stringify } from "yaml";

/** A value to put at a path of a yaml file, or the key at the path to remove. */
export type YamlEdit =
  { path: (string | number)[]; value: unknown } | { path: (string | number)[]; remove: true };

/** A value that fits in the place of a one-line scalar. */
function inline(value: unknown): value is string | number | boolean {
  return (
    typeof value === "number" ||
    typeof value === "boolean" ||
    (typeof value === "string" && !/[\r\n]/.test(value))
  );
}

/**
 * `text` with `edits` applied as an author would make them: a changed one-line value is
 * replaced where it stands, so the rest of the file (comments, order, quoting, flow style)
 * stays byte for byte; only a new key, a removal or a value of another shape has yaml write the
 * document again (comments kept). No edits: the text as it is.
 */
export function editYaml(text: string, edits: YamlEdit[]): string {
  if (edits.length === 0) return text;
  const doc = parseDocument(text);
  const splices: { from: number; to: number; insert: string }[] = [];
  let rewrite = false;
  for (const edit of edits) {
    const node = doc.getIn(edit.path, true);
    if (!("remove" in edit) && isScalar(node) && node.range && inline(edit.value)) {
      const insert = stringify(edit.value, { lineWidth: 0 }).trimEnd();
      splices.push({ from: node.range[0], to: node.range[1], insert });
    } else {
      rewrite = true;
    }
  }
  if (!rewrite) {
    let result = text;
    for (const { from, to, insert } of splices.sort((a, b) => b.from - a.from)) {
      result = result.slice(0, from) + insert + result.slice(to);
    }
    return result;
  }
  for (const edit of edits) {
    if ("remove" in edit) {
      if (doc.hasIn(edit.path)) doc.deleteIn(edit.path);
    } else {
      doc.setIn(edit.path, edit.value);
    }
  }
  return keepUnchanged(text, doc.toString({ lineWidth: 0 }));
}

/** A top-level key's line: `name:` at the start of a line. */
const TOP_KEY = /^([A-Za-z_][\w-]*):/;

/** The file's top-level sections by key: from the key's line to the next key's. */
function sections(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const lines = text.split("\n");
  let key: string | null = null;
  let start = 0;
  lines.forEach((line, index) => {
    const next = TOP_KEY.exec(line)?.[1];
    if (next === undefined) return;
    if (key !== null) found.set(key, lines.slice(start, index).join("\n"));
    [key, start] = [next, index];
  });
  if (key !== null) found.set(key, lines.slice(start).join("\n"));
  return found;
}

/**
 * `rewritten` with each top-level section whose content did not change as `original` wrote it:
 * yaml's writer pads flow collections and wraps differently than people do, and only the
 * sections an edit touched should show that.
 */
function keepUnchanged(original: string, rewritten: string): string {
  const before = sections(original);
  const was = parse(original) as Record<string, unknown> | null;
  const now = parse(rewritten) as Record<string, unknown> | null;
  let result = rewritten;
  for (const [key, section] of sections(rewritten)) {
    const old = before.get(key);
    if (old === undefined || old === section) continue;
    if (JSON.stringify(was?.[key]) !== JSON.stringify(now?.[key])) continue;
    const trial = result.replace(section, () => old);
    // Kept only where the file still reads the same.
    if (JSON.stringify(parse(trial)) === JSON.stringify(now)) result = trial;
  }
  return result;
}
