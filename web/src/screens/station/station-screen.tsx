import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation, useParams } from "react-router";
import type { StationStatus, StationView } from "@wegmarke/protocol";
import { CheckIcon, ChevronIcon } from "../../components/icons";
import { EntryMedia } from "../../components/message-content";
import { MessageThread } from "../../components/message-thread";
import { Picture } from "../../components/picture";
import { StationActions } from "../../components/station-actions";
import { stationLocal } from "../../game/play-state";
import type { Message } from "../../game/play-state";
import { messengerState, unreadCount } from "../../game/messenger";
import { recommendedStation } from "../../game/news";
import { hasStationActions, unavailableLine } from "../../game/opening";
import { showsDone } from "../../game/station-done";
import { isFound } from "../../game/found";
import { isAvailable, isRunning, stationById } from "../../game/station-flags";
import { stationDistance } from "../../game/station-list";
import { displayTitle, stationTexts } from "../../game/station-texts";
import { PAGE_WIDTH } from "../../lib/asset-url";
import { formatDistance } from "../../lib/distance";
import { stationPath } from "../../lib/paths";
import { useGeolocation } from "../../lib/use-geolocation";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { usePendingUploads } from "../../session/mission-uploads";
import { SubmissionLinks } from "../../session/submission-links";
import { submissionIds } from "../../game/submission-messages";
import { StationInput } from "./station-input";
import { PendingUploads } from "./pending-uploads";
import { QueuedInputs } from "./queued-inputs";
import { emptyThreadKey } from "./empty-thread";
import { StationFinished } from "./station-finished";
import { useOpening } from "./use-opening";
import "./station.css";

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

/** Running, done, group and distance as small labels. */
function StationMeta({
  station,
  running,
  done,
  distance,
}: {
  station: StationStatus;
  running: boolean;
  done: boolean;
  distance: string | null;
}) {
  const { t } = useTranslation();
  return (
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
          {distance}
        </span>
      )}
    </p>
  );
}

/** An entry's own media (its `content`); its `message` is the list's preview only. */
function EntryMediaBlock({
  content,
  title,
  assetsBase,
  onProgress,
}: {
  content: string | null;
  title: string;
  assetsBase: string;
  onProgress: (content: string, ratio: number) => void;
}) {
  if (content === null) return null;
  return (
    <div className="entry__media">
      <EntryMedia
        content={content}
        label={title}
        assetsBase={assetsBase}
        onProgress={(ratio) => onProgress(content, ratio)}
      />
    </div>
  );
}

/** Below a recommendation in the chat: a link to the station it names, when that is another. */
function RecommendationLink({ message, from }: { message: Message; from: number }) {
  const { t } = useTranslation();
  const { state } = useGame();
  const { content } = useSession();
  const target = recommendedStation(state.status, message);
  const station = stationById(state.status, target);
  if (target === from || station === undefined) return null;
  const view = station.DisplayHint.View;
  return (
    <Link className="bubble__link" to={stationPath(view, target)}>
      {t("news.toStation", { title: displayTitle(stationTexts(content, target, station), view) })}
      <ChevronIcon />
    </Link>
  );
}

function StationDetail({ view, stationId }: { view: StationView; stationId: number }) {
  const { t } = useTranslation();
  const { state, actions } = useGame();
  const { config, content, language, token } = useSession();
  const location = useLocation();
  const position = useGeolocation(config.allowGeolocation);
  const local = stationLocal(state, stationId);
  // "Neue Nachrichten" stays above what was unread when the station was opened.
  const [firstNewId] = useState(() => local.messages.find((message) => message.unread)?.id ?? null);
  const unread = unreadCount(state, stationId);
  // A refused file scrolls into view with its reason, as a new message does.
  const refused = usePendingUploads(stationId).filter((item) => item.status === "refused");
  const titleOf = (id: number) => stationTexts(content, id, stationById(state.status, id)).title;
  // Started here: the answer field takes the focus the start button had.
  const [startedHere, setStartedHere] = useState(false);
  // The messenger had the focus when the station ended: the station holds it, then the way onward.
  const [answered, setAnswered] = useState(false);
  const article = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (answered && document.activeElement === document.body)
      article.current?.focus({ preventScroll: true });
  }, [answered]);
  const justActivated =
    typeof location.state === "object" &&
    location.state !== null &&
    "activated" in location.state &&
    location.state.activated === true;
  useOpening(view, stationId, justActivated, titleOf, content !== null);

  useEffect(() => {
    if (unread > 0) actions.viewStation(stationId);
  }, [unread, stationId, actions]);

  const station = stationById(state.status, stationId);
  if (station === undefined) return null;
  // Done (pill, points, done texts, "next station") shows once the closing messages are typed.
  const done = showsDone(state, stationId);
  const texts = stationTexts(content, stationId, station, done);
  const running = isRunning(state.status, stationId);
  const distance = stationDistance(station, position);
  const messenger = messengerState(state, stationId);
  const withActions = hasStationActions(view);
  const title = displayTitle(texts, view);

  return (
    <article
      className={`station station--${view}`}
      aria-labelledby="station-title"
      ref={article}
      tabIndex={-1}
    >
      {texts.imagePath !== null && (
        <Picture
          className="station__image"
          assetsBase={config.assetsBase}
          path={texts.imagePath}
          sizes={PAGE_WIDTH}
          alt=""
        />
      )}
      <div className="station__intro">
        {texts.author !== null && (
          <p className="entry__author">{t("lists.from", { author: texts.author })}</p>
        )}
        <h2 id="station-title" className="station__title">
          {title}
        </h2>
        <StationMeta
          station={station}
          running={running}
          done={done}
          distance={withActions && distance !== null ? formatDistance(distance, language) : null}
        />
        {done && station.MaxPoints > 0 && (
          <p className="station__points">
            {t("station.pointsOf", { points: station.Points, max: station.MaxPoints })}
          </p>
        )}
        <Description desc={texts.desc} longDesc={texts.longDesc} />
        <EntryMediaBlock
          content={texts.content}
          title={title}
          assetsBase={config.assetsBase}
          onProgress={(contentRef, ratio) => actions.reportProgress(stationId, contentRef, ratio)}
        />
        {withActions && (
          <StationActions
            stationId={stationId}
            titleOf={titleOf}
            onActivated={() => setStartedHere(true)}
          />
        )}
      </div>
      {(withActions || running || local.messages.length > 0) && (
        <SubmissionLinks ids={submissionIds(local)} gameBase={config.gameBase} token={token}>
          <MessageThread
            messages={local.messages}
            firstNewId={firstNewId}
            writer={messenger.writer}
            pending={running || done ? messenger.pending : null}
            scrollKey={`${messenger.buttons.length}:${messenger.inputEnabled}:${messenger.rejected}:${done}:${state.outbox.length}:${refused.length}`}
            assetsBase={config.assetsBase}
            onProgress={(message, ratio) =>
              actions.reportProgress(message.stationId, message.content, ratio)
            }
            emptyText={withActions ? t(emptyThreadKey(station.Trigger)) : null}
            linkOf={(message) =>
              message.recommendationId === undefined ? null : (
                <RecommendationLink message={message} from={stationId} />
              )
            }
          >
            <PendingUploads stationId={stationId} />
            <QueuedInputs stationId={stationId} />
          </MessageThread>
        </SubmissionLinks>
      )}
      <StationInput
        stationId={stationId}
        view={view}
        running={running}
        messenger={messenger}
        focusOnStart={justActivated || startedHere}
        onLeaveFocused={setAnswered}
      />
      {done && messenger.pending === null && <StationFinished view={view} takeFocus={answered} />}
    </article>
  );
}

/** A station's detail view (/webapp/{view}/:id): texts, actions, the thread and the messenger. */
export function StationScreen({ view }: { view: StationView }) {
  const { t } = useTranslation();
  const { state } = useGame();
  const stationId = Number(useParams().id);
  const location = useLocation();
  if (state.status === null) return <p className="loading">{t("app.loading")}</p>;
  const missing = !Number.isInteger(stationId) || !isAvailable(state.status, stationId, view);
  const station = stationById(state.status, stationId);
  // A QR link's code reveals its station before the new status says it was played.
  const byCode = (location.state as { byCode?: unknown } | null)?.byCode === true;
  if (missing || (!byCode && !isFound(state, stationId))) {
    return (
      <div className="empty-state" data-testid={missing ? undefined : "station-not-found"}>
        <p>{t(unavailableLine(station, view, missing))}</p>
        {missing && state.status.CurrentStation === stationId && (
          <p>{t("unavailable.withdrawn")}</p>
        )}
        <Link className="button button--secondary" to={`/${view}`}>
          {t("lists.back")}
        </Link>
      </div>
    );
  }
  return <StationDetail key={stationId} view={view} stationId={stationId} />;
}
