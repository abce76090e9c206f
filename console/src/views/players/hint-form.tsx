import { useId, useState } from "react";
import type { OpsThread } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { giveHint } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";

/**
 * The riddle's next hint, given by the host in the player's running station: at its cost in
 * points, or without taking any; and how many hints the station gave in this run. Nothing
 * while the station offers no hint and gave none.
 */
export function HintForm({
  playerId,
  station,
  onSent,
}: {
  playerId: number;
  station: NonNullable<OpsThread["station"]>;
  onSent: () => void;
}) {
  const texts = useI18n();
  const { t, tn } = texts;
  const [free, setFree] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();
  const { hint, hintsUsed } = station;
  if (hint === null && hintsUsed === 0 && outcome === null) return null;
  return (
    <section className="chat__speak stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("chat.hintHeading")}</h2>
      {hint !== null && (
        <div className="chat__actions chat__hint">
          <button
            type="button"
            className="button button--primary"
            disabled={sending}
            onClick={() => {
              setSending(true);
              setOutcome(null);
              giveHint(playerId, { stationId: station.id, free }).then(
                () => {
                  setOutcome({ ok: true, text: t("chat.hintSent") });
                  setSending(false);
                  onSent();
                },
                (error: unknown) => {
                  setOutcome({ ok: false, text: errorText(error, texts) });
                  setSending(false);
                },
              );
            }}
          >
            {t("chat.hintGive")}
          </button>
          <span className="muted">
            {hint.cost === 0 ? t("chat.hintFree") : tn("chat.hintCost", hint.cost)}
          </span>
          {hint.cost > 0 && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={free}
                onChange={(event) => setFree(event.target.checked)}
              />
              {t("chat.hintWithoutPoints")}
            </label>
          )}
        </div>
      )}
      {hintsUsed > 0 && <p>{t("chat.hintsUsed", { count: hintsUsed })}</p>}
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}
