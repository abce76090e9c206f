import type { OpsDraftText, OpsPackHunk } from "@wegmarke/protocol";
import { Hunks } from "../../components/hunks";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";

/** Something both authors changed, differently: where, in words, and the two versions. */
export type Clash = { where: string; mine: string; theirs: string };

/** Another author's save that came first, and the two ways on. */
export function Conflict({
  theirs,
  changes,
  clashes,
  onTake,
  onKeep,
}: {
  theirs: OpsDraftText;
  changes: OpsPackHunk[];
  /** What both changed differently, where a merge was tried. */
  clashes?: Clash[];
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
      {clashes === undefined && (
        <p>{t(theirs.hash === null ? "studio.conflictRemoved" : "studio.conflict", values)}</p>
      )}
      {clashes !== undefined && (
        <div className="stack">
          <p>{t("studio.collisions", values)}</p>
          <ul className="collisions">
            {clashes.map((clash) => (
              <li key={clash.where}>
                <strong>{clash.where}</strong>
                <p>{t("studio.collisionMine")}</p>
                <pre>{clash.mine || t("studio.collisionNone")}</pre>
                <p>{t("studio.collisionTheirs", values)}</p>
                <pre>{clash.theirs || t("studio.collisionNone")}</pre>
              </li>
            ))}
          </ul>
        </div>
      )}
      {clashes === undefined && changes.length > 0 && (
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
