import type { OpsCheckGroup, OpsDraftCheck } from "@wegmarke/protocol";
import { Link } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { TEXT_FILE, filePath } from "./paths";
import { AddScript, missingScriptOf } from "./script-languages";

function GroupTitle({ group }: { group: OpsCheckGroup }) {
  const { t } = useI18n();
  if (group.kind === "game") return <>{t("studio.group.game")}</>;
  const title = group.title ?? group.folder ?? "";
  return group.id === null ? (
    <>{title}</>
  ) : (
    <>{t(`studio.group.${group.kind}`, { id: group.id, title })}</>
  );
}

/**
 * What the check found, by station and story: each problem with its place, which opens the
 * file at its line.
 */
export function CheckResult({ check }: { check: OpsDraftCheck }) {
  const { t, tn } = useI18n();
  if (check.groups.length === 0) {
    return (
      <p className="notice notice--success" role="status">
        {t("studio.checkOk")}
      </p>
    );
  }
  return (
    <div className={check.ok ? "notice" : "notice notice--error"} role="status">
      <p>
        {t("studio.checkFound", {
          errors: tn("studio.errors", check.errors),
          warnings: tn("studio.warnings", check.warnings),
        })}
      </p>
      {check.groups.map((group) => (
        <section key={group.folder ?? ""} className="check-group">
          <h3>
            <GroupTitle group={group} />
          </h3>
          <ul className="check-group__problems">
            {group.problems.map((problem, index) => {
              const missing = missingScriptOf(problem);
              const place =
                problem.line === undefined
                  ? problem.file
                  : t("studio.place", { file: problem.file, line: problem.line });
              return (
                <li key={index}>
                  <span className={`pill pill--${problem.severity}`}>
                    {t(`studio.severity.${problem.severity}`)}
                  </span>{" "}
                  {TEXT_FILE.test(problem.file) ? (
                    <Link to={filePath(problem.file, problem.line)}>{place}</Link>
                  ) : (
                    <code>{place}</code>
                  )}
                  <span className="check-group__message">{problem.message}</span>
                  {missing !== null && (
                    <AddScript folder={missing.folder} language={missing.language} />
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
