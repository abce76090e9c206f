import { useEffect } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { StationView } from "@wegmarke/protocol";
import { PinIcon } from "../../components/icons";
import { ScanButton } from "./scan-button";
import { stationsToRead } from "../../game/footer-counts";
import { unreadCount } from "../../game/messenger";
import { showsDone } from "../../game/station-done";
import { displayedStations, isDone, stationById } from "../../game/station-flags";
import { stationTexts } from "../../game/station-texts";
import { remainingStations, viewList } from "../../game/view-list";
import { useGeolocation } from "../../lib/use-geolocation";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { AlsoInGame, ListIntro, StationListEnd } from "./list-guide";
import { StationCard } from "./station-card";
import "./stations.css";

/**
 * The list of a view (/webapp/station, /main, /story, /archive, /custom, /email). The other
 * views say atop their list what they hold; the station list says below it where else the game
 * has open stations, and "all done" only when every station of the game is.
 */
export function StationsScreen({ view }: { view: StationView }) {
  const { t } = useTranslation();
  const { state, actions } = useGame();
  const { config, content, language } = useSession();
  const position = useGeolocation(config.allowGeolocation);
  const unseen = state.unseenViews.includes(view);

  useEffect(() => {
    if (unseen) actions.seeStationList(view);
  }, [unseen, view, actions]);

  if (state.status === null) return <p className="loading">{t("app.loading")}</p>;

  const titleOf = (id: number) => stationTexts(content, id, stationById(state.status, id)).title;
  const list = viewList(
    state.status,
    view,
    position,
    config.allowGeolocation && config.allowSortbyDistance,
    stationsToRead(state),
  );
  if (view === "station" && list.length === 0) {
    const doneHere = displayedStations(state.status, view).some(({ station }) => isDone(station));
    return <StationListEnd remaining={remainingStations(state.status)} doneHere={doneHere} />;
  }
  if (list.length === 0) {
    return (
      <>
        <ListIntro view={view} />
        <p className="empty-state" data-testid="empty-list">
          {t(`lists.empty.${view}`)}
        </p>
      </>
    );
  }

  const mapLink = view === "station" && content?.map !== undefined && (
    <Link className="station-list__map" to="/map">
      <PinIcon /> {t("stations.showMap")}
    </Link>
  );
  return (
    <>
      {view !== "station" && <ListIntro view={view} />}
      {mapLink}
      {view === "station" && <ScanButton />}
      <ul className={`station-list station-list--${view}`}>
        {list.map((item) => {
          const done = showsDone(state, item.id);
          return (
            <li key={item.id}>
              <StationCard
                view={view}
                item={item}
                texts={stationTexts(content, item.id, item.station, done)}
                done={done}
                unread={unreadCount(state, item.id)}
                language={language}
                assetsBase={config.assetsBase}
                titleOf={titleOf}
              />
            </li>
          );
        })}
      </ul>
      {view === "station" && <AlsoInGame remaining={remainingStations(state.status)} />}
    </>
  );
}
