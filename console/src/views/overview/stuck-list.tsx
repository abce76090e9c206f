import { useEffect, useState } from "react";
import type { OpsStuck, OpsStuckEntry } from "@wegmarke/protocol";
import { useRole } from "../../components/roles";
import { useI18n } from "../../i18n/i18n";
import { Link } from "../../routes/router";

/** How often the minutes of quiet are counted again. */
export const STUCK_TICK_MS = 30_000;

const MINUTE = 60_000;

type Judged = OpsStuckEntry & { quietMinutes: number; past: boolean };

/** Past a threshold first, then the quietest first. */
export function judge(stuck: OpsStuck, now: number): Judged[] {
  return stuck.participants
    .map((entry) => {
      const quietMinutes = Math.max(0, Math.floor((now - Date.parse(entry.lastStepAt)) / MINUTE));
      const past =
        quietMinutes >= stuck.afterMinutes || entry.wrongAnswers >= stuck.afterWrongAnswers;
      return { ...entry, quietMinutes, past };
    })
    .sort((a, b) => Number(b.past) - Number(a.past) || b.quietMinutes - a.quietMinutes);
}

/**
 * Who may be stuck: the participants at a running station, those past the pack's thresholds
 * (minutes without a step, wrong answers there) marked and first, each a link to their chat.
 */
export function StuckList({ stuck }: { stuck: OpsStuck }) {
  const { t, tn } = useI18n();
  const host = useRole("host");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), STUCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const judged = judge(stuck, now);
  return (
    <section className="panel" aria-labelledby="stuck-heading">
      <h2 id="stuck-heading">{t("stuck.heading")}</h2>
      <p className="muted">
        {t("stuck.rule", { minutes: stuck.afterMinutes, wrong: stuck.afterWrongAnswers })}
      </p>
      {judged.length === 0 ? (
        <p className="muted">{t("stuck.none")}</p>
      ) : (
        <ul className="stuck">
          {judged.map((entry) => (
            <li
              key={entry.playerId}
              className={entry.past ? "stuck__entry stuck__entry--past" : "stuck__entry"}
            >
              <span className="stuck__who">
                {entry.team ? t("stuck.team", { name: entry.name }) : entry.name}
              </span>
              <span>{entry.title}</span>
              <span>
                {entry.quietMinutes === 0
                  ? t("stuck.justNow")
                  : tn("stuck.quiet", entry.quietMinutes)}
              </span>
              <span>{tn("stuck.wrong", entry.wrongAnswers)}</span>
              {entry.past && <strong className="pill pill--error">{t("stuck.past")}</strong>}
              {host && (
                <Link to={`/ops/players?player=${entry.playerId}`}>
                  {t("stuck.open", { name: entry.name })}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
