import { useId, useState } from "react";
import type { FormEvent } from "react";
import type { OpsClock } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { setClockEnd } from "../../api/ops-api";
import { Confirm } from "../../components/confirm";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";
import { useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import {
  formatClockTime,
  fromLocalInput,
  isoWithOffset,
  localInputValue,
} from "../../lib/local-time";
import { isOver, sameTime, serverTime } from "./known-clock";
import type { KnownClock } from "./known-clock";

/** The minutes a host adds to the end with one button. */
const EXTENSIONS = [15, 30, 60] as const;

const MINUTE = 60_000;

/** What the game's new clock means, for the notice after a change. */
function changedText(clock: OpsClock, { t, locale }: Pick<Texts, "t" | "locale">): string {
  const serverNow = Date.parse(clock.now);
  if (clock.endsAt === null) return t("clock.endless");
  if (isOver(clock, serverNow)) return t("clock.ended");
  return t("clock.endsAt", { time: formatClockTime(clock.endsAt, locale, serverNow) });
}

/**
 * A host's changes to the game's end: later by 15, 30 or 60 minutes (from the end, or from now
 * when the game is over or has none), now (asked once more), a time of their choosing, or the
 * pack's end again. One change at a time; its outcome shows below.
 */
export function ClockControls({
  known,
  now,
  onChanged,
}: {
  known: KnownClock;
  /** The browser's time the panel last counted from. */
  now: number;
  onChanged: (clock: OpsClock) => void;
}) {
  const texts = useI18n();
  const { t } = texts;
  const { clock, offset } = known;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const over = isOver(clock, now + offset);

  const send = async (endsAt: string | null) => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await setClockEnd({ endsAt });
      onChanged(answer);
      setOutcome({ ok: true, text: changedText(answer, texts) });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, texts) });
    } finally {
      setBusy(false);
    }
  };

  const extend = (minutes: number) => {
    const serverNow = serverTime(known);
    const end = clock.endsAt === null ? serverNow : Date.parse(clock.endsAt);
    void send(isoWithOffset(Math.max(end, serverNow) + minutes * MINUTE));
  };

  return (
    <div className="clock__controls stack">
      <div className="clock__actions" role="group" aria-label={t("clock.extendGroup")}>
        {EXTENSIONS.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="button"
            disabled={busy}
            onClick={() => extend(minutes)}
          >
            {t("clock.extend", { minutes })}
          </button>
        ))}
        {!over && !asking && (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => {
              setOutcome(null);
              setAsking(true);
            }}
          >
            {t("clock.endNow")}
          </button>
        )}
      </div>
      {asking && (
        <Confirm
          question={t("clock.endNowQuestion")}
          confirmLabel={t("clock.endNowYes")}
          keepLabel={t("clock.cancel")}
          onConfirm={async () => {
            await send(isoWithOffset(serverTime(known)));
            setAsking(false);
          }}
          onKeep={() => setAsking(false)}
        />
      )}
      <EndField
        key={clock.endsAt ?? ""}
        endsAt={clock.endsAt}
        busy={busy}
        onSet={(endsAt) => void send(endsAt)}
      />
      {!sameTime(clock.endsAt, clock.packEndsAt) && (
        <p>
          <button type="button" className="button" disabled={busy} onClick={() => void send(null)}>
            {t("clock.packEndButton")}
          </button>
        </p>
      )}
      <OutcomeNotice outcome={outcome} />
    </div>
  );
}

/** The end as a local date and time of the host's choosing, the current end to begin with. */
function EndField({
  endsAt,
  busy,
  onSet,
}: {
  endsAt: string | null;
  busy: boolean;
  onSet: (endsAt: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [typed, setTyped] = useState(() => (endsAt === null ? "" : localInputValue(endsAt)));
  const chosen = fromLocalInput(typed);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen !== "") onSet(chosen);
  };
  return (
    <form className="clock__actions clock__end" onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>{t("clock.endField")}</label>
        <input
          id={id}
          type="datetime-local"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy || chosen === ""}>
        {t("clock.setEnd")}
      </button>
    </form>
  );
}
