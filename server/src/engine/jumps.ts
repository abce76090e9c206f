/**
 * Where a host may continue a station's dialogue (docs/operations.md, "Dialog lenken"): the
 * knots of its compiled script, in the order the script has them. A function, a knot that takes
 * parameters and ink's own declarations are no place to continue at.
 */
export function jumpTargets(inkJson: string): string[] {
  const root: unknown = (JSON.parse(inkJson) as { root?: unknown }).root;
  const named = Array.isArray(root) ? root.at(-1) : undefined;
  if (!isRecord(named)) return [];
  return Object.entries(named)
    .filter(([name, content]) => !name.startsWith("#") && !name.includes(" ") && isKnot(content))
    .map(([name]) => name);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A container that is neither a function (it returns: `~ret`) nor takes parameters (`temp=` first). */
function isKnot(content: unknown): boolean {
  if (!Array.isArray(content)) return false;
  const first: unknown = content[0];
  return !content.includes("~ret") && !(isRecord(first) && "temp=" in first);
}
