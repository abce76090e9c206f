import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { useGame } from "../../game/game-store";
import { unreadCount } from "../../game/messenger";
import { displayedStations, isDone, stationById } from "../../game/station-flags";
import { stationList } from "../../game/station-list";
import { stationTexts } from "../../game/station-texts";
import { useGeolocation } from "../../lib/use-geolocation";
import { StationCard } from "./station-card";

/** The station list (/webapp/station). */
export function StationsScreen() {
  const { t } = useTranslation();
  const { state, actions } = useGame();
  const { config, content, language } = useSession();
  const position = useGeolocation(config.allowGeolocation);
  const unseen = state.unseenViews.includes("station");

  useEffect(() => {
    if (unseen) actions.seeStationList();
  }, [unseen, actions]);

  if (state.status === null) return <p className="loading">{t("app.loading")}</p>;

  const titleOf = (id: number) => stationTexts(content, id, stationById(state.status, id)).title;
  const list = stationList(
    state.status,
    position,
    config.allowGeolocation && config.allowSortbyDistance,
  );
  if (list.length === 0) {
    const allDone = displayedStations(state.status, "station").some(({ station }) =>
      isDone(station),
    );
    return <p className="empty-state">{t(allDone ? "stations.allDone" : "stations.empty")}</p>;
  }

  return (
    <ul className="station-list">
      {list.map((item) => (
        <li key={item.id}>
          <StationCard
            item={item}
            texts={stationTexts(content, item.id, item.station)}
            unread={unreadCount(state, item.id)}
            language={language}
            assetsBase={config.assetsBase}
            titleOf={titleOf}
          />
        </li>
      ))}
    </ul>
  );
}
