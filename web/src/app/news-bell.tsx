import { useTranslation } from "../i18n/use-translation";
import { NavLink } from "react-router";
import { BellIcon } from "../components/icons";
import { bellMarked } from "../game/news";
import { nearestStation } from "../game/station-list";
import { useGeolocation } from "../lib/use-geolocation";
import { useGame } from "../session/game-store";
import { useSession } from "../session/session";
import "./news-bell.css";

/** The header's news bell (spec 2): links home, marked for new recommendations or a station nearby. */
export function NewsBell() {
  const { t } = useTranslation();
  const { config } = useSession();
  const { state } = useGame();
  const position = useGeolocation(config.allowGeolocation);
  const nearby = nearestStation(state.status, position, config.stationDistanceThreshold);
  const marked = bellMarked(state, nearby?.id ?? null);
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
