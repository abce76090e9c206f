import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useSession } from "../../app/session";
import { CheckIcon } from "../../components/icons";
import { MessageThread } from "../../components/message-thread";
import { StationActions } from "../../components/station-actions";
import { useGame } from "../../game/game-store";
import { stationLocal } from "../../game/game-state";
import { messengerState, unreadCount } from "../../game/messenger";
import { isAvailable, isDone, isRunning, stationById } from "../../game/station-flags";
import { stationDistance } from "../../game/station-list";
import { stationTexts } from "../../game/station-texts";
import { formatDistance } from "../../lib/distance";
import { assetUrl } from "../../lib/media-type";
import { useGeolocation } from "../../lib/use-geolocation";
import { Messenger } from "./messenger";

function Description({ desc, longDesc }: { desc: string; longDesc: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="station__desc">
      {desc !== "" && <p>{desc}</p>}
      {longDesc !== null && (
        <>
          <p id={id} className="station__long-desc" hidden={!open}>
            {longDesc}
          </p>
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            {t(open ? "station.less" : "station.more")}
          </button>
        </>
      )}
    </div>
  );
}

function StationView({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { state, actions } = useGame();
  const { config, content, language } = useSession();
  const position = useGeolocation(config.allowGeolocation);
  const local = stationLocal(state, stationId);
  // "Neue Nachrichten" stays above what was unread when the station was opened.
  const [firstNewId] = useState(() => local.messages.find((message) => message.unread)?.id ?? null);
  const unread = unreadCount(state, stationId);

  useEffect(() => {
    if (unread > 0) actions.viewStation(stationId);
  }, [unread, stationId, actions]);

  const station = stationById(state.status, stationId);
  if (station === undefined) return null;
  const texts = stationTexts(content, stationId, station);
  const done = isDone(station);
  const running = isRunning(state.status, stationId);
  const distance = stationDistance(station, position);
  const messenger = messengerState(state, stationId);
  const titleOf = (id: number) => stationTexts(content, id, stationById(state.status, id)).title;

  return (
    <article className="station" aria-labelledby="station-title">
      {texts.imagePath !== null && (
        <img className="station__image" src={assetUrl(config.assetsBase, texts.imagePath)} alt="" />
      )}
      <div className="station__intro">
        <h2 id="station-title" className="station__title">
          {texts.title}
        </h2>
        <p className="station__meta">
          {running && <span className="pill pill--running">{t("station.running")}</span>}
          {done && (
            <span className="pill pill--done">
              <CheckIcon /> {t("station.done")}
            </span>
          )}
          {station.GroupName !== "" && (
            <span className="pill">
              <span className="visually-hidden">{t("station.group")}: </span>
              {station.GroupName}
            </span>
          )}
          {distance !== null && (
            <span className="station__distance">
              <span className="visually-hidden">{t("station.distance")}: </span>
              {formatDistance(distance, language)}
            </span>
          )}
        </p>
        {done && (
          <p className="station__points">
            {t("station.pointsOf", { points: station.Points, max: station.MaxPoints })}
          </p>
        )}
        <Description desc={texts.desc} longDesc={texts.longDesc} />
        <StationActions stationId={stationId} titleOf={titleOf} />
      </div>
      <MessageThread
        messages={local.messages}
        firstNewId={firstNewId}
        writer={messenger.writer}
        scrollKey={`${messenger.buttons.length}:${messenger.inputEnabled}:${messenger.rejected}:${done}`}
        assetsBase={config.assetsBase}
      />
      {running && <Messenger stationId={stationId} messenger={messenger} />}
      {done && messenger.writer === null && (
        <section className="station__finished" aria-labelledby="station-finished">
          <CheckIcon className="station__finished-icon" />
          <h3 id="station-finished">{t("station.finished")}</h3>
          <Link className="button button--primary" to="/station">
            {t("station.next")}
          </Link>
        </section>
      )}
    </article>
  );
}

/** A station (/webapp/station/:id): texts, actions, the thread and the messenger. */
export function StationScreen() {
  const { t } = useTranslation();
  const { state } = useGame();
  const stationId = Number(useParams().id);
  if (state.status === null) return <p className="loading">{t("app.loading")}</p>;
  if (!Number.isInteger(stationId) || !isAvailable(state.status, stationId, "station")) {
    return (
      <div className="empty-state">
        <p>{t("station.unavailable")}</p>
        <Link className="button button--secondary" to="/station">
          {t("home.toStations")}
        </Link>
      </div>
    );
  }
  return <StationView key={stationId} stationId={stationId} />;
}
