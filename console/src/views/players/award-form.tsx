import { useId, useState } from "react";
import { ORGANISERS_TEXT_MAX } from "@wegmarke/protocol";
import type { OpsThread } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { awardPoints, replyToPlayer } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";

/** The most points one award gives or takes, as the server takes them. */
const MAX_POINTS = 1000;
/** The longest reason the server takes. */
const REASON_MAX = 200;

/** Points with their sign, a real minus below 0: "+3", "−2". */
export const signed = (points: number): string =>
  `${points < 0 ? "\u2212" : "+"}${Math.abs(points)}`;

/** The whole number typed, when the server would take it (not 0, within its bounds); else null. */
function pointsOf(typed: string): number | null {
  if (typed.trim() === "") return null;
  const points = Number(typed);
  return Number.isInteger(points) && points !== 0 && Math.abs(points) <= MAX_POINTS ? points : null;
}

/** The points hosts awarded or took so far, newest first: sign, reason, who and when. */
function Awards({ awards }: { awards: OpsThread["awards"] }) {
  const { t, locale } = useI18n();
  const listId = useId();
  if (awards.length === 0) return null;
  return (
    <>
      <p id={listId} className="muted">
        {t("chat.awardsList")}
      </p>
      <ul className="chat__awards" aria-labelledby={listId}>
        {[...awards].reverse().map((award, index) => (
          <li key={`${award.at}-${index}`}>
            {[signed(award.points), award.reason]
              .concat(award.by === null ? [] : [t("chat.awardBy", { name: award.by })])
              .join(" · ")}
            {" · "}
            <time dateTime={award.at}>{formatDateTime(award.at, locale)}</time>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The host awards the player (their team, in a team) points, or takes some below 0, with a
 * reason; a note to the player's conversation with the organisers may go along, its text
 * following the points and reason until the host writes it by hand. Below, what was awarded.
 */
export function AwardForm({
  playerId,
  player,
  awards,
  onSent,
}: {
  playerId: number;
  player: OpsThread["player"];
  awards: OpsThread["awards"];
  onSent: () => void;
}) {
  const texts = useI18n();
  const { t, tn } = texts;
  const [typed, setTyped] = useState("");
  const [reason, setReason] = useState("");
  const [noting, setNoting] = useState(false);
  const [written, setWritten] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pointsId = useId();
  const reasonId = useId();
  const noteId = useId();
  const points = pointsOf(typed);
  const ready = points !== null && reason.trim() !== "";
  const note =
    written ??
    tn("chat.awardNote", Math.abs(points ?? 0), {
      signed: signed(points ?? 0),
      reason: reason.trim(),
    });
  const reset = () => {
    setTyped("");
    setReason("");
    setNoting(false);
    setWritten(null);
    setSending(false);
  };
  const send = async (award: number): Promise<Outcome> => {
    const count = Math.abs(award);
    const given = award > 0;
    await awardPoints(playerId, { points: award, reason: reason.trim() });
    if (!noting || note.trim() === "") {
      return { ok: true, text: tn(given ? "chat.awarded" : "chat.taken", count) };
    }
    try {
      await replyToPlayer(playerId, note);
      return { ok: true, text: tn(given ? "chat.awardedNote" : "chat.takenNote", count) };
    } catch (error: unknown) {
      return { ok: false, text: t("chat.awardNoteFailed", { error: errorText(error, texts) }) };
    }
  };
  return (
    <form
      className="chat__speak stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (points === null || reason.trim() === "" || sending) return;
        setSending(true);
        setOutcome(null);
        send(points).then(
          (done) => {
            setOutcome(done);
            reset();
            onSent();
          },
          (error: unknown) => {
            setOutcome({ ok: false, text: errorText(error, texts) });
            setSending(false);
          },
        );
      }}
    >
      <h2>{t("chat.awardHeading")}</h2>
      <label htmlFor={pointsId}>{t("chat.awardPoints")}</label>
      <input
        id={pointsId}
        type="number"
        step={1}
        min={-MAX_POINTS}
        max={MAX_POINTS}
        value={typed}
        disabled={sending}
        onChange={(event) => setTyped(event.target.value)}
      />
      <label htmlFor={reasonId}>{t("chat.awardReason")}</label>
      <input
        id={reasonId}
        type="text"
        required
        maxLength={REASON_MAX}
        value={reason}
        disabled={sending}
        onChange={(event) => setReason(event.target.value)}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={noting}
          disabled={sending}
          onChange={(event) => setNoting(event.target.checked)}
        />
        {player.team === null
          ? t("chat.awardNotePlayer", { name: player.name })
          : t("chat.awardNoteTeam")}
      </label>
      {noting && (
        <>
          <label htmlFor={noteId}>{t("chat.awardNoteText")}</label>
          <textarea
            id={noteId}
            value={note}
            rows={3}
            maxLength={ORGANISERS_TEXT_MAX}
            disabled={sending}
            onChange={(event) => setWritten(event.target.value)}
          />
        </>
      )}
      <div className="chat__actions">
        <button type="submit" className="button button--primary" disabled={!ready || sending}>
          {points !== null && points < 0 ? t("chat.awardTake") : t("chat.awardGive")}
        </button>
      </div>
      <OutcomeNotice outcome={outcome} />
      <Awards awards={awards} />
    </form>
  );
}
