import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { OpsClock } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getClock } from "../../api/ops-api";
import { useRole } from "../../components/roles";
import { useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import { formatClockTime, formatSpan } from "../../lib/local-time";
import { ClockControls } from "./clock-controls";
import { isOver, knownClock, sameTime } from "./known-clock";
import type { KnownClock } from "./known-clock";

/** How often the clock is read again and the time left counted anew. */
export const CLOCK_TICK_MS = 30_000;

/** Where the game stands at the server's time `serverNow`, in words. */
function standing(clock: OpsClock, serverNow: number, { t }: Pick<Texts, "t">): string {
  const { startsAt, endsAt } = clock;
  if (startsAt !== null && serverNow < Date.parse(startsAt)) {
    return t("clock.startsIn", { span: formatSpan(Date.parse(startsAt) - serverNow) });
  }
  if (endsAt === null) return t("clock.running");
  if (isOver(clock, serverNow)) return t("clock.over");
  return t("clock.left", { span: formatSpan(Date.parse(endsAt) - serverNow) });
}

/**
 * The game's start and end (and the pack's end where a host's replaces it), and the time left,
 * counted from the server's time: read again every 30 s and after each change. A host extends
 * the end, ends the game now, sets an end or goes back to the pack's.
 */
export function ClockPanel() {
  const texts = useI18n();
  const { t } = texts;
  const host = useRole("host");
  const id = useId();
  const [known, setKnown] = useState<KnownClock | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [now, setNow] = useState(() => Date.now());
  // Every read and change counts up: an answer older than the newest is dropped.
  const sequence = useRef(0);

  const take = useCallback((clock: OpsClock) => {
    const browserNow = Date.now();
    setKnown(knownClock(clock, browserNow));
    setNow(browserNow);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const load = () => {
      const mine = ++sequence.current;
      getClock(controller.signal).then(
        (clock) => {
          if (mine !== sequence.current) return;
          take(clock);
          setLoadError(null);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setLoadError(error);
        },
      );
    };
    load();
    const timer = setInterval(() => {
      setNow(Date.now());
      load();
    }, CLOCK_TICK_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [take]);

  const changed = (clock: OpsClock) => {
    sequence.current += 1;
    take(clock);
  };

  return (
    <section className="panel stack clock" aria-labelledby={id}>
      <h2 id={id}>{t("clock.heading")}</h2>
      {loadError !== null && known === null && (
        <p className="notice notice--error" role="alert">
          {errorText(loadError, texts)}
        </p>
      )}
      {known === null ? (
        loadError === null && <p aria-busy="true">{t("app.loading")}</p>
      ) : (
        <ClockFigures known={known} now={now} />
      )}
      {known !== null && host && <ClockControls known={known} now={now} onChanged={changed} />}
    </section>
  );
}

function ClockFigures({ known, now }: { known: KnownClock; now: number }) {
  const texts = useI18n();
  const { t, locale } = texts;
  const { clock, offset } = known;
  const serverNow = now + offset;
  // The end (and the pack's) by the time alone on the start's day, else today.
  const day = clock.startsAt ?? serverNow;
  const endText = (end: string | null) =>
    end === null ? t("clock.noEnd") : formatClockTime(end, locale, day);
  return (
    <div className="clock__figures">
      {clock.startsAt !== null && (
        <p>{t("clock.start", { time: formatClockTime(clock.startsAt, locale) })}</p>
      )}
      <p>
        <span>{t("clock.end", { time: endText(clock.endsAt) })}</span>
        {!sameTime(clock.endsAt, clock.packEndsAt) && (
          <>
            {" "}
            <span className="muted">{t("clock.packEnd", { time: endText(clock.packEndsAt) })}</span>
          </>
        )}
      </p>
      <p className="clock__standing">
        <strong>{standing(clock, serverNow, texts)}</strong>
      </p>
    </div>
  );
}
