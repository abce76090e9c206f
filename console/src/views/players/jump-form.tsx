import { useId, useState } from "react";
import type { OpsThread } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { jumpTo } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";

/**
 * The host directs the player's running station to a knot of its script, whatever it waits
 * for: chosen from the station's knots, asked once more (what it asks now is dropped, its later
 * lines go), then sent. Nothing while the script has no knot to go to.
 */
export function JumpForm({
  playerId,
  station,
  name,
  onSent,
}: {
  playerId: number;
  station: NonNullable<OpsThread["station"]>;
  /** Whom the station's dialogue goes on for: the player, or their team. */
  name: string;
  onSent: () => void;
}) {
  const texts = useI18n();
  const { t } = texts;
  const [chosen, setChosen] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();
  const selectId = useId();
  const { knots } = station;
  const first = knots[0];
  if (first === undefined) return null;
  // The chosen knot while the script still has it; else its first.
  const knot = chosen !== null && knots.includes(chosen) ? chosen : first;
  const jump = () => {
    setSending(true);
    setOutcome(null);
    jumpTo(playerId, { stationId: station.id, knot }).then(
      () => {
        setOutcome({ ok: true, text: t("chat.jumped", { knot }) });
        setAsking(false);
        setSending(false);
        onSent();
      },
      (error: unknown) => {
        setOutcome({ ok: false, text: errorText(error, texts) });
        setAsking(false);
        setSending(false);
      },
    );
  };
  return (
    <section className="chat__speak stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("chat.jumpHeading")}</h2>
      <label htmlFor={selectId}>{t("chat.jumpKnot")}</label>
      <select
        id={selectId}
        value={knot}
        disabled={asking || sending}
        onChange={(event) => setChosen(event.target.value)}
      >
        {knots.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {asking ? (
        <>
          <p>{t("chat.jumpQuestion", { title: station.title, knot, name })}</p>
          <div className="chat__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={sending}
              onClick={jump}
            >
              {t("chat.jumpYes", { knot })}
            </button>
            <button
              type="button"
              className="button"
              disabled={sending}
              onClick={() => setAsking(false)}
            >
              {t("chat.jumpCancel")}
            </button>
          </div>
        </>
      ) : (
        <div className="chat__actions">
          <button
            type="button"
            className="button"
            disabled={sending}
            onClick={() => {
              setOutcome(null);
              setAsking(true);
            }}
          >
            {t("chat.jumpAsk")}
          </button>
        </div>
      )}
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}
