import type { OpsDraftText, OpsPackHunk } from "@wegmarke/protocol";
import { Hunks } from "../../components/hunks";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import type { Collision } from "../../lib/merge-lines";

/** Another author's save that came first, and the two ways on. */
export function Conflict({
  theirs,
  changes,
  collisions,
  onTake,
  onKeep,
}: {
  theirs: OpsDraftText;
  changes: OpsPackHunk[];
  /** The lines both changed differently, where a merge was tried. */
  collisions?: Collision[];
  onTake: () => void;
  onKeep: () => void;
}) {
  const { t, locale } = useI18n();
  const values = {
    name: theirs.by ?? t("studio.someone"),
    time: theirs.at === null ? "" : formatDateTime(theirs.at, locale),
  };
  return (
    <div className="notice notice--error stack" role="alert">
      <p>{t(theirs.hash === null ? "studio.conflictRemoved" : "studio.conflict", values)}</p>
      {collisions !== undefined && (
        <div className="stack">
          <p>{t("studio.collisions", values)}</p>
          <ul className="collisions">
            {collisions.map((collision) => (
              <li key={collision.line}>
                <strong>
                  {collision.count <= 1
                    ? t("diff.line", { line: collision.line })
                    : t("diff.lines", {
                        from: collision.line,
                        to: collision.line + collision.count - 1,
                      })}
                </strong>
                <p>{t("studio.collisionMine")}</p>
                <pre>{collision.mine.join("\n") || t("studio.collisionNone")}</pre>
                <p>{t("studio.collisionTheirs", values)}</p>
                <pre>{collision.theirs.join("\n") || t("studio.collisionNone")}</pre>
              </li>
            ))}
          </ul>
        </div>
      )}
      {collisions === undefined && changes.length > 0 && (
        <div className="diff stack">
          <p>{t("studio.theirChanges")}</p>
          <Hunks hunks={changes} />
        </div>
      )}
      {theirs.hash !== null && (
        <details>
          <summary>{t("studio.theirs")}</summary>
          <pre className="studio__theirs">{theirs.text}</pre>
        </details>
      )}
      <p className="studio__actions">
        <button type="button" className="button" onClick={onTake}>
          {t("studio.takeTheirs")}
        </button>
        <button type="button" className="button button--danger" onClick={onKeep}>
          {t("studio.keepMine")}
        </button>
      </p>
    </div>
  );
}
