import { Link, useLocation } from "react-router";
import { StartLine } from "../components/start-line";
import { useTranslation } from "../i18n/use-translation";
import { useClockPhase } from "../session/use-game-clock";
import "./clock.css";

/**
 * Under the header, outside the game's time: when it starts, or that it is over with the way
 * to the final scoreboard. It goes at once when a host extends the game.
 */
export function ClockBanner() {
  const { t } = useTranslation();
  const clock = useClockPhase();
  const onScoreboard = useLocation().pathname.startsWith("/scoreboard");
  if (clock.phase === "before") {
    return (
      <div className="clock-banner" role="status" data-testid="clock-banner">
        <StartLine phase={clock} className="clock-banner__text" />
        <p className="clock-banner__hint">{t("gameClock.beforeHint")}</p>
      </div>
    );
  }
  if (clock.phase !== "over") return null;
  return (
    <div className="clock-banner clock-banner--over" role="status" data-testid="clock-banner">
      <p className="clock-banner__text">{t("gameClock.over")}</p>
      {!onScoreboard && (
        <Link className="clock-banner__link" to="/scoreboard">
          {t("gameClock.toScoreboard")}
        </Link>
      )}
    </div>
  );
}
