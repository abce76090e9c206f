import { useEffectEvent, useId, useLayoutEffect, useState } from "react";
import { ErrorReason, MAX_VERDICT_POINTS } from "@wegmarke/protocol";
import type { QueuedSubmission } from "@wegmarke/protocol";
import { ApiError } from "../../api/client";
import { errorText } from "../../api/error-text";
import { getSubmissionQueue, judgeSubmission, submissionsZipUrl } from "../../api/ops-api";
import { usualSeparator, useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import { useLiveState } from "../../live/live-context";
import { formatTime, localTimeZone } from "../../lib/format";
import { useCall } from "../../lib/use-call";
import { Waited } from "./waited";
import "./judging.css";

/** A submission's station by its title, or by its number where the live version lacks it. */
const stationName = (submission: QueuedSubmission, { t }: Pick<Texts, "t">) =>
  submission.StationGone
    ? t("judging.stationGone", { id: submission.StationID })
    : submission.Station;

/** Why a verdict was refused, in words where the server gave a known reason. */
function verdictError(error: unknown, texts: Texts): string {
  if (error instanceof ApiError && error.status === 409) {
    if (error.reason === ErrorReason.stationWithdrawn) return texts.t("judging.goneNote");
    if (error.reason === ErrorReason.noMissionExpected) return texts.t("judging.noMission");
  }
  return errorText(error, texts);
}

/** What this console last did, shown above the next submission. */
type Outcome = { kind: "approved" | "rejected" | "taken"; who: string; station: string };

/**
 * The hosts' queue of missions' submissions (decisions/039): the oldest waiting one large, with
 * its station, participant and task; approve (A) or reject (R), points adjustable, and a line
 * the station's character sends back. The queue is read again whenever the live stream says it
 * changed, so several hosts judge side by side; one who comes second hears so.
 */
export function JudgingView() {
  const texts = useI18n();
  const { t, tn, language } = texts;
  const [{ submissionsChanged }] = useLiveState();
  const queue = useCall(`queue:${submissionsChanged}`, (signal) => getSubmissionQueue(signal));
  // Judged here: gone from view at once, before the stream's news of it arrives.
  const [judged, setJudged] = useState<ReadonlySet<number>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Submissions at a station the live version lacks cannot be judged: they wait last.
  const all = queue.data?.Waiting ?? [];
  const listed = [
    ...all.filter((item) => !item.StationGone),
    ...all.filter((item) => item.StationGone),
  ];
  const waiting = listed.filter((item) => !judged.has(item.ID));
  const current = waiting[0];
  // The queue as last read counts those judged here since, until it is read again.
  const count = Math.max(0, (queue.data?.Count ?? 0) - (listed.length - waiting.length));
  const others = Math.max(0, count - 1);

  const done = (submission: QueuedSubmission, kind: Outcome["kind"]) => {
    setJudged((known) => new Set(known).add(submission.ID));
    setOutcome({ kind, who: submission.Participant, station: stationName(submission, texts) });
  };

  return (
    <div className="stack">
      <div className="page__head">
        <h1 tabIndex={-1}>{t("judging.heading")}</h1>
        {queue.data !== undefined && (
          <p className="muted" role="status">
            {tn("judging.count", count)}
          </p>
        )}
        <a
          className="button button--small"
          href={submissionsZipUrl(usualSeparator[language], localTimeZone())}
          download
        >
          {t("judging.export")}
        </a>
      </div>
      {outcome !== null && (
        <p
          className={`notice ${outcome.kind === "taken" ? "notice--error" : "notice--success"}`}
          role="status"
        >
          {t(`judging.done.${outcome.kind}`, { who: outcome.who, station: outcome.station })}
        </p>
      )}
      {queue.error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(queue.error, texts)}
        </p>
      )}
      {queue.data === undefined ? (
        queue.pending && <p aria-busy="true">{t("app.loading")}</p>
      ) : current === undefined ? (
        <p className="muted">{t("judging.empty")}</p>
      ) : (
        <Verdict key={current.ID} submission={current} onDone={done} />
      )}
      {current !== undefined && others > 0 && <p className="muted">{tn("judging.more", others)}</p>}
    </div>
  );
}

type VerdictProps = {
  submission: QueuedSubmission;
  onDone: (submission: QueuedSubmission, kind: Outcome["kind"]) => void;
};

/** One submission, large, and its verdict. */
function Verdict({ submission, onDone }: VerdictProps) {
  const texts = useI18n();
  const { t, tn, locale } = texts;
  const [points, setPoints] = useState(String(submission.MissionPoints));
  const [line, setLine] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pointsId = useId();
  const lineId = useId();
  const given = Number(points);
  const pointsValid =
    points.trim() !== "" && Number.isInteger(given) && given >= 0 && given <= MAX_VERDICT_POINTS;
  // The server's queue gives the station's most: more points bring the player no more.
  const most = submission.StationPoints;
  const capped = pointsValid && most !== undefined && given > most;

  const gone = submission.StationGone === true;
  const judge = async (approved: boolean) => {
    if (busy || gone || (approved && !pointsValid)) return;
    setBusy(true);
    setError(null);
    try {
      await judgeSubmission(submission.ID, {
        Approved: approved,
        ...(approved && { Points: given }),
        ...(line.trim() !== "" && { Line: line.trim() }),
      });
      onDone(submission, approved ? "approved" : "rejected");
    } catch (failure) {
      const taken =
        failure instanceof ApiError &&
        failure.status === 409 &&
        failure.reason === ErrorReason.submissionJudged;
      if (taken) onDone(submission, "taken");
      else {
        setError(failure);
        setBusy(false);
      }
    }
  };

  // A and R judge while no field has the keyboard (typing a line types letters).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const { target } = event;
    const typing =
      target instanceof Element &&
      target.closest("input, textarea, select, [contenteditable]") !== null;
    if (typing || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const key = event.key.toLowerCase();
    if (key !== "a" && key !== "r") return;
    event.preventDefault();
    void judge(key === "a");
  });
  // Bound as the submission shows, not a moment later: a quick host's key is never lost.
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  return (
    <article className="judging" aria-labelledby={`${pointsId}-task`}>
      <div className="judging__media">
        <Medium submission={submission} />
      </div>
      <div className="judging__side stack">
        <div>
          <h2 id={`${pointsId}-task`}>{submission.Task || t("judging.noTask")}</h2>
          <dl className="judging__facts">
            <dt>{t("judging.station")}</dt>
            <dd>{stationName(submission, texts)}</dd>
            <dt>{t("judging.participant")}</dt>
            <dd>
              {submission.Participant}
              {submission.Name !== undefined && ` (${submission.Name})`}
            </dd>
            <dt>{t("judging.sent")}</dt>
            <dd>
              {formatTime(submission.Timestamp, locale)} · <Waited since={submission.Timestamp} />
            </dd>
          </dl>
        </div>
        <div className="field">
          <label htmlFor={pointsId}>{t("judging.points")}</label>
          <input
            id={pointsId}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_VERDICT_POINTS}
            step={1}
            value={points}
            aria-invalid={!pointsValid}
            aria-describedby={capped ? `${pointsId}-capped` : undefined}
            onChange={(event) => setPoints(event.target.value)}
          />
          {capped && (
            <p id={`${pointsId}-capped`} className="hint">
              {tn("judging.capped", most)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={lineId}>{t("judging.line")}</label>
          <textarea
            id={lineId}
            rows={2}
            maxLength={500}
            value={line}
            placeholder={t("judging.linePlaceholder")}
            onChange={(event) => setLine(event.target.value)}
          />
        </div>
        {error !== null && (
          <p className="notice notice--error" role="alert">
            {verdictError(error, texts)}
          </p>
        )}
        {gone && (
          <p className="notice notice--error" role="status">
            {t("judging.goneNote")}
          </p>
        )}
        <div className="judging__actions" hidden={gone}>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !pointsValid}
            aria-keyshortcuts="A"
            onClick={() => void judge(true)}
          >
            {t("judging.approve")} <kbd>A</kbd>
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-keyshortcuts="R"
            onClick={() => void judge(false)}
          >
            {t("judging.reject")} <kbd>R</kbd>
          </button>
        </div>
      </div>
    </article>
  );
}

/** The photo, video or recording as it was sent. */
function Medium({ submission }: { submission: QueuedSubmission }) {
  const { t } = useI18n();
  const label = t(`judging.kind.${submission.Kind}`, { who: submission.Participant });
  switch (submission.Kind) {
    case "photo":
      return <img src={submission.Url} alt={label} />;
    case "video":
      return <video src={submission.Url} controls preload="metadata" aria-label={label} />;
    case "voice":
      return <audio src={submission.Url} controls preload="metadata" aria-label={label} />;
  }
}
