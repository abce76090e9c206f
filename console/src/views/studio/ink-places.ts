/**
 * The places of an ink script a preview can start at, in the script's order: its knots, their
 * stitches (`knot.stitch`) and its labelled gathers (`label`, `knot.label` inside a knot,
 * `knot.stitch.label` inside a stitch). Functions are no places to start at.
 */
export function inkPlaces(text: string): string[] {
  const places: string[] = [];
  let knot: string | null = null;
  let stitch: string | null = null;
  for (const line of text.split("\n")) {
    const knotLine = /^\s*={2,}\s*(function\s+)?([A-Za-z_]\w*)/.exec(line);
    if (knotLine) {
      knot = knotLine[1] === undefined ? (knotLine[2] ?? null) : null;
      stitch = null;
      if (knot !== null) places.push(knot);
      continue;
    }
    const stitchLine = /^\s*=\s*([A-Za-z_]\w*)/.exec(line);
    if (stitchLine && knot !== null) {
      stitch = `${knot}.${stitchLine[1]}`;
      places.push(stitch);
      continue;
    }
    const label = /^\s*(?:-\s*)+\(([A-Za-z_]\w*)\)/.exec(line)?.[1];
    if (label !== undefined)
      places.push(stitch ? `${stitch}.${label}` : knot ? `${knot}.${label}` : label);
  }
  return [...new Set(places)];
}
