import type { OpsPackHunk } from "@wegmarke/protocol";
import { useI18n } from "../i18n/i18n";
import type { Texts } from "../i18n/i18n";

/** A line of a unified diff by its first character: added, removed or context. */
function lineClass(line: string): string {
  if (line.startsWith("+")) return "diff__line diff__line--added";
  if (line.startsWith("-")) return "diff__line diff__line--removed";
  return "diff__line";
}

/** Where a hunk stands, in words: the lines it makes in the newer text. */
function placeText({ newStart, newLines }: OpsPackHunk, { t }: Pick<Texts, "t">): string {
  if (newLines === 0) return t("diff.removedAfter", { line: newStart });
  if (newLines === 1) return t("diff.line", { line: newStart });
  return t("diff.lines", { from: newStart, to: newStart + newLines - 1 });
}

/** A text's changed lines, each hunk with its place in words and its lines marked + and -. */
export function Hunks({ hunks }: { hunks: OpsPackHunk[] }) {
  const texts = useI18n();
  return hunks.map((hunk) => (
    <pre key={`${hunk.oldStart}:${hunk.newStart}`} className="diff__hunk">
      <span className="diff__place">{placeText(hunk, texts)}</span>
      {hunk.lines.map((line, index) => (
        <span key={index} className={lineClass(line)}>
          {line}
        </span>
      ))}
    </pre>
  ));
}
