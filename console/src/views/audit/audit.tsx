import { useState } from "react";
import type { AuditEntry, AuditPage } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getAudit } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import { useCall } from "../../lib/use-call";

export const AUDIT_PAGE = 50;

/** The actions the server records (its `record` and `audit` calls), said in words. */
const ACTIONS = [
  "signin",
  "signout",
  "password.change",
  "operator.add",
  "operator.roles",
  "operator.reset",
  "operator.remove",
  "content.reload",
  "news.send",
  "news.withdraw",
  "station.cancel",
  "station.close",
  "station.reopen",
  "clock.end",
  "line.send",
  "line.deliver",
  "hint.give",
  "story.jump",
  "points.award",
  "inbox.reply",
  "submission.judge",
  "submissions.export",
  "pack.draft.save",
  "pack.draft.remove",
  "pack.draft.station",
  "pack.draft.script",
  "pack.draft.station.remove",
  "pack.draft.station.copy",
  "pack.draft.story",
  "pack.draft.story.remove",
  "pack.draft.discard",
  "pack.draft.publish",
  "pack.import",
  "pack.export",
  "pack.release",
  "game.add",
  "game.import",
  "game.archive",
  "game.restore",
] as const;
type Action = (typeof ACTIONS)[number];

const isAction = (action: string): action is Action =>
  (ACTIONS as readonly string[]).includes(action);

/** What an entry did, in words; an action this console does not know, as the server names it. */
function actionText(action: string, { t }: Pick<Texts, "t">): string {
  return isAction(action) ? t(`audit.action.${action}`) : action;
}

/** Who wrote an entry: the operator's name, the token or the command line. */
function actorText(entry: AuditEntry, { t }: Pick<Texts, "t">): string {
  switch (entry.via) {
    case "session":
      return t("audit.via.session", { name: entry.operator ?? "?" });
    case "token":
      return t("audit.via.token");
    case "cli":
      return entry.operator === null
        ? t("audit.via.cli")
        : `${entry.operator} (${t("audit.via.cli")})`;
  }
}

/** The audit log, newest first; older pages load on demand. */
export function AuditView() {
  const texts = useI18n();
  const { t, locale } = texts;
  const first = useCall("audit", () => getAudit(undefined, AUDIT_PAGE));
  // Older pages belong to the first page they were loaded after; a refresh starts over.
  const [older, setOlder] = useState<{ after: AuditPage; pages: AuditPage[] } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const pages =
    first.data === undefined
      ? []
      : [first.data, ...(older?.after === first.data ? older.pages : [])];
  const entries = pages.flatMap((page) => page.entries);
  const next = pages.at(-1)?.next;

  const more = async () => {
    if (next === undefined || first.data === undefined) return;
    const base = first.data;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getAudit(next, AUDIT_PAGE);
      setOlder((known) => ({
        after: base,
        pages: [...(known?.after === base ? known.pages : []), page],
      }));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="stack">
      <div className="page__head">
        <h1 tabIndex={-1}>{t("audit.heading")}</h1>
        <button type="button" className="button button--small" onClick={first.reload}>
          {t("audit.refresh")}
        </button>
      </div>
      {first.error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(first.error, texts)}
        </p>
      )}
      {first.data === undefined ? (
        first.pending && <p aria-busy="true">{t("app.loading")}</p>
      ) : entries.length === 0 ? (
        <p className="muted">{t("audit.empty")}</p>
      ) : (
        <ol className="audit" aria-busy={first.pending}>
          {entries.map((entry) => (
            <li key={entry.id} className="audit__entry">
              <p className="audit__head">
                <span className="audit__action" data-action={entry.action} title={entry.action}>
                  {actionText(entry.action, texts)}
                </span>
                <span>{actorText(entry, texts)}</span>
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
              </p>
              {entry.detail !== null && <p className="audit__detail">{entry.detail}</p>}
            </li>
          ))}
        </ol>
      )}
      {moreError !== null && (
        <p className="notice notice--error" role="alert">
          {errorText(moreError, texts)}
        </p>
      )}
      {first.data !== undefined &&
        entries.length > 0 &&
        (next === undefined ? (
          <p className="muted">{t("audit.end")}</p>
        ) : (
          <p>
            <button
              type="button"
              className="button"
              disabled={loadingMore}
              onClick={() => void more()}
            >
              {loadingMore ? t("app.loading") : t("audit.more")}
            </button>
          </p>
        ))}
    </div>
  );
}
