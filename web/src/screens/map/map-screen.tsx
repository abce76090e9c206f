import { useCallback, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { isFound } from "../../game/found";
import { mapStations } from "../../game/map-stations";
import type { MapStation } from "../../game/map-stations";
import { stationTexts } from "../../game/station-texts";
import { formatDistance } from "../../lib/distance";
import { stationPath } from "../../lib/paths";
import { useGeolocation } from "../../lib/use-geolocation";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { useTeammates } from "../../session/teammates";
import type { Teammate } from "../../session/teammates";
import { LeafletMap } from "./leaflet-map";
import "./map.css";

/**
 * /webapp/map: the stations of every view (done ones too, secret ones once found) as
 * markers by state over the pack's base map, and the player's position with its accuracy. A
 * marker opens a small card with the way into the station; a plain list below the map names
 * the same stations for screen readers.
 */
export function MapScreen() {
  const { t } = useTranslation();
  const { state, actions } = useGame();
  const teammates = useTeammates();
  const inTeam = state.status?.HasTeam === true;
  const { config, content, language } = useSession();
  const position = useGeolocation(config.allowGeolocation);
  const [selected, setSelected] = useState<number | null>(null);
  const centre = useRef<(() => void) | null>(null);

  const stations = useMemo(
    () => mapStations(state.status, position, (id) => isFound(state, id)),
    [state, position],
  );
  const titleOf = useCallback(
    (item: MapStation) => stationTexts(content, item.id, item.station).title,
    [content],
  );
  const labelOf = useCallback(
    (item: MapStation) =>
      t("map.marker", { title: titleOf(item), state: t(`map.state.${item.state}`) }),
    [t, titleOf],
  );
  const ageOf = useCallback(
    (teammate: Teammate) => {
      const seconds = Math.max(0, Math.round((Date.now() - teammate.at) / 1000));
      if (seconds < 10) return t("map.ago.now");
      if (seconds < 60) return t("map.ago.seconds", { count: seconds });
      return t("map.ago.minutes", { count: Math.floor(seconds / 60) });
    },
    [t],
  );
  const labels = useMemo(
    () => ({
      map: t("map.label"),
      you: t("map.you"),
      accuracy: (metres: number) => t("map.accuracy", { metres }),
      teammate: (teammate: Teammate) =>
        t("map.teammate", { name: teammate.name, age: ageOf(teammate) }),
    }),
    [t, ageOf],
  );
  const onCentre = useCallback((fn: () => void) => (centre.current = fn), []);

  if (state.status === null) return <p className="loading">{t("app.loading")}</p>;
  const map = content?.map;
  if (!map) {
    return (
      <p className="empty-state" data-testid="no-map">
        {t("map.none")}
      </p>
    );
  }
  const chosen = stations.find(({ id }) => id === selected);

  return (
    <div className="map-screen">
      <div className="map-screen__map">
        <LeafletMap
          map={map}
          assetsBase={config.assetsBase}
          stations={stations}
          teammates={inTeam ? teammates : []}
          position={position}
          selected={selected}
          labelOf={labelOf}
          labels={labels}
          initialOf={initialOf}
          onSelect={setSelected}
          onCentre={onCentre}
        />
        {position && (
          <button type="button" className="map-screen__centre" onClick={() => centre.current?.()}>
            {t("map.center")}
          </button>
        )}
        {chosen && (
          <section className="map-card" aria-live="polite" data-testid="map-card">
            <div className="map-card__head">
              <h2 className="map-card__title">{titleOf(chosen)}</h2>
              <button
                type="button"
                className="map-card__close"
                aria-label={t("map.close")}
                onClick={() => setSelected(null)}
              >
                ×
              </button>
            </div>
            <p className="map-card__meta">
              <span className={`map-card__state map-card__state--${chosen.state}`}>
                {t(`map.state.${chosen.state}`)}
              </span>
              {chosen.distance !== null && (
                <span>
                  {t("map.distance", { distance: formatDistance(chosen.distance, language) })}
                </span>
              )}
            </p>
            <Link
              className="button button--primary map-card__open"
              to={stationPath(chosen.station.DisplayHint.View, chosen.id)}
            >
              {t("map.open")}
            </Link>
          </section>
        )}
      </div>
      <ul className="map-legend" aria-hidden="true">
        {(["new", "running", "done"] as const).map((s) => (
          <li key={s}>
            <span className={`map-legend__dot map-marker--${s}`} />
            {t(`map.state.${s}`)}
          </li>
        ))}
      </ul>
      {inTeam && (
        <section className="map-team" aria-labelledby="map-team">
          <h2 id="map-team" className="map-team__title">
            {t("map.teammates")}
          </h2>
          <label className="map-team__share">
            <input
              type="checkbox"
              role="switch"
              checked={state.sharePosition}
              disabled={!config.allowGeolocation}
              onChange={(event) => actions.sharePosition(event.target.checked)}
            />
            <span>{t("map.share")}</span>
          </label>
          <p className="map-team__hint">
            {config.allowGeolocation ? t("map.shareHint") : t("map.shareOff")}
          </p>
          {teammates.length > 0 && (
            <ul className="map-team__list" data-testid="map-teammates">
              {teammates.map((teammate) => (
                <li key={teammate.member}>
                  <span className="map-mate__dot" aria-hidden="true">
                    {initialOf(teammate.name)}
                  </span>
                  {labels.teammate(teammate)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {stations.length === 0 ? (
        <p className="empty-state">{t("map.empty")}</p>
      ) : (
        <nav className="visually-hidden" aria-label={t("map.stations")}>
          <ul>
            {stations.map((item) => (
              <li key={item.id}>
                <Link to={stationPath(item.station.DisplayHint.View, item.id)}>
                  {labelOf(item)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/** The letter on a teammate's marker. */
export function initialOf(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? "?";
}
