import { countdownLabel, countdownText } from "../components/clock-texts";
import { useTranslation } from "../i18n/use-translation";
import { useGameClock } from "../session/use-game-clock";
import "./clock.css";

/**
 * The header's time left while the game runs towards its end (`Noch 12:05`), a warning in the
 * last 10 minutes. A timer, not a live region: a screen reader reads its label, in whole
 * minutes, when asked, and is not told every second.
 */
export function ClockPill() {
  const { t } = useTranslation();
  const clock = useGameClock();
  if (clock.phase !== "running" || clock.msLeft === undefined) return null;
  return (
    <span
      className={clock.finalMinutes ? "clock-pill clock-pill--final" : "clock-pill"}
      role="timer"
      aria-label={countdownLabel(t, clock.msLeft)}
      data-testid="clock-pill"
    >
      {countdownText(t, clock.msLeft)}
    </span>
  );
}
