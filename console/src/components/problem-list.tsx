import type { ContentProblemInfo } from "@wegmarke/protocol";
import { formatProblem } from "../lib/format";

/** A pack's problems or warnings as `content:check` prints them. */
export function ProblemList({ problems }: { problems: ContentProblemInfo[] }) {
  return (
    <ul className="problems">
      {problems.map((problem, index) => (
        <li key={index}>
          <code>{formatProblem(problem)}</code>
        </li>
      ))}
    </ul>
  );
}
