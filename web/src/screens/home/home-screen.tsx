import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../../app/session";
import { ChevronIcon, PinIcon, WalkIcon } from "../../components/icons";
import { useGame } from "../../game/game-store";
import { unreadCount, writerAt } from "../../game/messenger";
import { stationById } from "../../game/station-flags";
import { nearestStation } from "../../game/station-list";
import { stationTexts } from "../../game/station-texts";
import { formatDistance } from "../../lib/distance";
import { useGeolocation } from "../../lib/use-geolocation";

const fixedTexts = ["home.fixed.walk", "home.fixed.look", "home.fixed.start"] as const;

/** Home (/webapp/): the active station, a station nearby, or a friendly fixed text. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { state } = useGame();
  const { config, content, language } = useSession();
  const position = useGeolocation(config.allowGeolocation);
  const [fixedText] = useState(
    () => fixedTexts[Math.floor(Math.random() * fixedTexts.length)] ?? fixedTexts[0],
  );
  const current = state.currentStation;
  const writer = current === null ? null : writerAt(state, current);
  const unread = current === null ? 0 : unreadCount(state, current);
  const currentStation = current === null ? undefined : stationById(state.status, current);
  const nearby = nearestStation(state.status, position, config.stationDistanceThreshold);

  return (
    <div className="home">
      {current !== null && currentStation !== undefined && (
        <section className="card card--highlight" aria-labelledby="home-active">
          <h2 id="home-active" className="card__kicker">
            {t("home.activeStation")}
          </h2>
          <Link className="card__link" to={`/station/${current}`}>
            <span className="card__title">
              {stationTexts(content, current, currentStation).title}
            </span>
            <ChevronIcon />
          </Link>
          <p className="card__meta">
            {writer !== null ? (
              <span className="typing-inline">{t("messages.writing", { name: writer })}</span>
            ) : (
              unread > 0 && <span className="badge">{t("nav.unread", { count: unread })}</span>
            )}
          </p>
        </section>
      )}
      {nearby !== null ? (
        <section className="card" aria-labelledby="home-nearby">
          <h2 id="home-nearby" className="card__kicker">
            <PinIcon /> {t("home.nearby")}
          </h2>
          <Link className="card__link" to={`/station/${nearby.id}`}>
            <span className="card__title">
              {stationTexts(content, nearby.id, nearby.station).title}
            </span>
            <ChevronIcon />
          </Link>
          {nearby.distance !== null && (
            <p className="card__meta">{formatDistance(nearby.distance, language)}</p>
          )}
        </section>
      ) : (
        current === null && (
          <section className="card card--quiet">
            <WalkIcon className="card__illustration" />
            <p>{t(fixedText)}</p>
          </section>
        )
      )}
      <Link className="button button--secondary button--block" to="/station">
        {t("home.toStations")}
      </Link>
    </div>
  );
}
