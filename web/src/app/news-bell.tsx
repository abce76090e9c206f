import { useEffect, useRef } from "react";
import { useTranslation } from "../i18n/use-translation";
import { NavLink } from "react-router";
import { useFlash } from "../components/flash";
import { BellIcon } from "../components/icons";
import { bellMarked } from "../game/news";
import { arrivedStation, nearestStation } from "../game/station-list";
import { useGeolocation } from "../lib/use-geolocation";
import { useGame } from "../session/game-store";
import { useSession } from "../session/session";
import { tooFarFlash } from "./game-session";
import "./news-bell.css";

/** The buzz on arriving at a station that opens near its place: short, long. */
const ARRIVAL_VIBRATION = [120, 80, 240];

/**
 * The header's news bell (spec 2): links home, marked for new recommendations, a station
 * nearby or the arrival at a `near` station; the arrival also makes the phone vibrate where
 * the browser allows it.
 */
export function NewsBell() {
  const { t } = useTranslation();
  const { config } = useSession();
  const { state } = useGame();
  const position = useGeolocation(config.allowGeolocation);
  const nearby = nearestStation(state.status, position, config.stationDistanceThreshold);
  const arrived = arrivedStation(state.status, position)?.id ?? null;
  const marked = bellMarked(state, nearby?.id ?? null, arrived);

  // Once per arrival (not again after a reload at the place home has shown): walking out of
  // the radius and back in buzzes again.
  // A "come closer" refusal is moot on arrival.
  const { dismiss } = useFlash();
  const buzzed = useRef(state.seen.arrived);
  useEffect(() => {
    if (arrived !== null && arrived !== buzzed.current) {
      navigator.vibrate?.(ARRIVAL_VIBRATION);
      dismiss(tooFarFlash);
    }
    buzzed.current = arrived;
  }, [arrived, dismiss]);

  return (
    <NavLink
      to="/"
      end
      className={marked ? "news-bell news-bell--marked" : "news-bell"}
      aria-label={marked ? `${t("nav.news")} – ${t("nav.newNews")}` : t("nav.news")}
    >
      <BellIcon />
      {marked && <span className="news-bell__marker" data-testid="bell-marker" />}
    </NavLink>
  );
}
