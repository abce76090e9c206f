import { useId, useState } from "react";
import type { OpsRunState, OpsThread } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { closeStation, reopenStation } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";

/** The longest reason the server takes. */
const REASON_MAX = 200;

/** What a host does with a station: close it for the player, or open it again. */
type Access = "close" | "reopen";

/** Where the player stands with a station: as the thread's `runs` say, else untouched. */
type Standing = OpsRunState | "open";

/** A done or closed station opens again; any other closes. */
const accessOf = (standing: Standing): Access =>
  standing === "done" || standing === "closed" ? "reopen" : "close";

const pills: Record<Standing, string> = {
  running: "pill pill--online",
  done: "pill pill--added",
  left: "pill",
  closed: "pill pill--warning",
  open: "pill",
};

/** What the host is asked before `access` goes out, by where the player stands now. */
function questionKey(access: Access, standing: Standing): TextKey {
  if (access === "close") {
    return standing === "running" ? "chat.closeQuestionRunning" : "chat.closeQuestion";
  }
  return standing === "done" ? "chat.reopenDoneQuestion" : "chat.reopenClosedQuestion";
}

/** The stations of `titles` by id, ascending. */
const stationIds = (titles: OpsThread["titles"]): number[] =>
  Object.keys(titles)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .sort((a, b) => a - b);

/**
 * Every station with where the player (their team) stands with it: running, done, left,
 * closed by a host, or untouched. The host closes one (the app hides it and does not start it;
 * a running one ends) or opens a done or closed one again, asked once more with an optional
 * reason for the audit log. After every answer the page reads the thread again.
 */
export function StationAccessForm({
  playerId,
  titles,
  runs,
  name,
  onSent,
}: {
  playerId: number;
  titles: OpsThread["titles"];
  runs: OpsThread["runs"];
  /** For whom the station closes or opens: the player, or their team. */
  name: string;
  onSent: () => void;
}) {
  const texts = useI18n();
  const { t } = texts;
  const [asking, setAsking] = useState<{ stationId: number; access: Access } | null>(null);
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ stationId: number; outcome: Outcome } | null>(null);
  const headingId = useId();
  const reasonId = useId();
  const questionId = useId();
  const stations = stationIds(titles);
  if (stations.length === 0) return null;

  const send = (stationId: number, access: Access, title: string) => {
    const trimmed = reason.trim();
    const request = trimmed === "" ? {} : { reason: trimmed };
    setSending(true);
    setOutcome(null);
    (access === "close" ? closeStation : reopenStation)(playerId, stationId, request).then(
      () => {
        const done = access === "close" ? "chat.stationClosed" : "chat.stationReopened";
        setOutcome({ stationId, outcome: { ok: true, text: t(done, { title, name }) } });
        setAsking(null);
        setReason("");
        setSending(false);
        onSent();
      },
      (error: unknown) => {
        setOutcome({ stationId, outcome: { ok: false, text: errorText(error, texts) } });
        setAsking(null);
        setSending(false);
        // What the server refused may show where the player stands now: read it again.
        onSent();
      },
    );
  };

  return (
    <section className="chat__speak stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("chat.stationsHeading")}</h2>
      <ul className="stuck" aria-labelledby={headingId}>
        {stations.map((stationId) => {
          const title = titles[String(stationId)] ?? `#${stationId}`;
          const standing: Standing = runs[String(stationId)] ?? "open";
          const access = accessOf(standing);
          const asked = asking?.stationId === stationId ? asking.access : null;
          return (
            <li key={stationId} className="stuck__entry">
              <span className="stuck__who">{title}</span>
              <span className={pills[standing]}>{t(`chat.run.${standing}`)}</span>
              <button
                type="button"
                className="button button--small"
                aria-label={t(
                  access === "close" ? "chat.stationCloseLabel" : "chat.stationReopenLabel",
                  { title },
                )}
                aria-expanded={asked !== null}
                aria-controls={asked !== null ? questionId : undefined}
                disabled={sending}
                onClick={() => {
                  setOutcome(null);
                  setReason("");
                  setAsking(asked === null ? { stationId, access } : null);
                }}
              >
                {t(access === "close" ? "chat.stationClose" : "chat.stationReopen")}
              </button>
              {asked !== null && (
                <div id={questionId} className="station-access__question stack">
                  <p>{t(questionKey(asked, standing), { title, name })}</p>
                  <label htmlFor={reasonId}>{t("chat.stationReason")}</label>
                  <input
                    id={reasonId}
                    type="text"
                    maxLength={REASON_MAX}
                    value={reason}
                    disabled={sending}
                    onChange={(event) => setReason(event.target.value)}
                  />
                  <div className="chat__actions">
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={sending}
                      onClick={() => send(stationId, asked, title)}
                    >
                      {t(asked === "close" ? "chat.closeYes" : "chat.reopenYes")}
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={sending}
                      onClick={() => setAsking(null)}
                    >
                      {t("chat.stationCancel")}
                    </button>
                  </div>
                </div>
              )}
              {outcome?.stationId === stationId && (
                <div className="station-access__question">
                  <OutcomeNotice outcome={outcome.outcome} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
