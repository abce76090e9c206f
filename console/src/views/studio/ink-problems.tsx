import type { OpsInkProblem } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";

type Props = {
  problems: OpsInkProblem[];
  /** The list is of the text as it stands (else of a moment ago, while typing). */
  current: boolean;
  onReplace: (line: number, wrong: string, right: string) => void;
};

/** What the compiler found in the script as typed, with "did you mean" and its fix. */
export function InkProblems({ problems, current, onReplace }: Props) {
  const { t, tn } = useI18n();
  return (
    <div className={current ? "ink-problems" : "ink-problems ink-problems--stale"} role="status">
      <p className={problems.length === 0 ? "ink-problems__ok" : "ink-problems__found"}>
        {problems.length === 0 ? t("ink.none") : tn("ink.found", problems.length)}
      </p>
      {problems.length > 0 && (
        <ul>
          {problems.map((problem, index) => (
            <li key={index}>
              {problem.line !== undefined && (
                <strong>{t("ink.line", { line: problem.line })} </strong>
              )}
              {problem.message}
              {problem.suggestion && problem.line !== undefined && (
                <>
                  {" "}
                  {t("ink.meant", { right: problem.suggestion.right })}{" "}
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      const { wrong, right } = problem.suggestion ?? { wrong: "", right: "" };
                      onReplace(problem.line ?? 0, wrong, right);
                    }}
                  >
                    {t("ink.replace", { right: problem.suggestion.right })}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
