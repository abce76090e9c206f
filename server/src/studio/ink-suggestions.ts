/**
 * "Did you mean": for an ink error naming a divert target or a variable that does not exist,
 * the name the script does have that is nearest to it (at most a third of its letters apart).
 */

const DIVERT = /^Divert target not found: '-> ([\w.]+)'$/;
const VARIABLE = /^(?:Unresolved variable: |Variable could not be found to assign to: ')(\w+)'?$/;

/** The names a script declares: knots, stitches, labels, and variables. */
function names(source: string): { targets: string[]; variables: string[] } {
  const targets = new Set(["END", "DONE"]);
  const variables = new Set<string>();
  let knot = "";
  for (const line of source.split(/\r?\n/)) {
    const knotMatch = /^\s*={2,}\s*(?:function\s+)?(\w+)/.exec(line);
    if (knotMatch?.[1]) {
      knot = knotMatch[1];
      targets.add(knot);
      continue;
    }
    const stitch = /^\s*=\s*(\w+)/.exec(line);
    if (stitch?.[1]) {
      targets.add(stitch[1]);
      if (knot !== "") targets.add(`${knot}.${stitch[1]}`);
      continue;
    }
    const label = /^\s*[-*+][\s*+-]*\((\w+)\)/.exec(line);
    if (label?.[1]) {
      targets.add(label[1]);
      if (knot !== "") targets.add(`${knot}.${label[1]}`);
    }
    const variable = /^\s*(?:VAR|CONST|~\s*temp)\s+(\w+)/.exec(line);
    if (variable?.[1]) variables.add(variable[1]);
  }
  return { targets: [...targets], variables: [...variables] };
}

/** Edit distance with transpositions (optimal string alignment). */
export function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i];
    if (!row) continue;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

function nearest(name: string, candidates: string[]): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= limit && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

/** The name that `message` most likely meant, when the script has one near enough. */
export function suggestion(
  message: string,
  source: string,
): { wrong: string; right: string } | undefined {
  const divert = DIVERT.exec(message)?.[1];
  const variable = VARIABLE.exec(message)?.[1];
  const wrong = divert ?? variable;
  if (wrong === undefined) return undefined;
  const { targets, variables } = names(source);
  const right = nearest(wrong, divert !== undefined ? targets : variables);
  return right === undefined ? undefined : { wrong, right };
}
