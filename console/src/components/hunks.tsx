import type { OpsPackHunk } from "@wegmarke/protocol";

/** A line of a unified diff by its first character: added, removed or context. */
function lineClass(line: string): string {
  if (line.startsWith("+")) return "diff__line diff__line--added";
  if (line.startsWith("-")) return "diff__line diff__line--removed";
  return "diff__line";
}

/** A text's changed lines as unified-diff hunks, each with its place. */
export function Hunks({ hunks }: { hunks: OpsPackHunk[] }) {
  return hunks.map((hunk) => (
    <pre key={`${hunk.oldStart}:${hunk.newStart}`} className="diff__hunk">
      <span className="diff__place">
        {`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`}
      </span>
      {hunk.lines.map((line, index) => (
        <span key={index} className={lineClass(line)}>
          {line}
        </span>
      ))}
    </pre>
  ));
}
