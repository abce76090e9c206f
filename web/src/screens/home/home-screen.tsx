import { useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import {
  BookIcon,
  ChevronIcon,
  NewsIcon,
  PinIcon,
  StarIcon,
  WalkIcon,
} from "../../components/icons";
import { Loading } from "../../components/loading";
import { MessageContent } from "../../components/message-content";
import { RichText } from "../../components/rich-text";
import type { Language, NewsItem } from "@wegmarke/protocol";
import type { PlayState, Message } from "../../game/play-state";
import { unreadCount, writerAt } from "../../game/messenger";
import {
  bellMarked,
  hasNewPoints,
  isNewPlayer,
  newsShown,
  operatorNewsText,
  pickFixedText,
  recommendedStation,
  unseenNews,
  unseenOperatorNews,
} from "../../game/news";
import { stationById } from "../../game/station-flags";
import { arrivedStation, nearestStation } from "../../game/station-list";
import { displayTitle, stationTexts } from "../../game/station-texts";
import { availableStories, unseenStories } from "../../game/stories";
import { formatDistance } from "../../lib/distance";
import { stationPath } from "../../lib/paths";
import { formatTime } from "../../lib/time";
import { useGeolocation } from "../../lib/use-geolocation";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { useStoryOpening } from "../stories/use-story-opening";
import "./home.css";

const fixedTexts = ["home.fixed.walk", "home.fixed.look", "home.fixed.start"] as const;

/** A recommendation with its sender, content and a link to its station. */
export function NewsItem({ message, state }: { message: Message; state: PlayState }) {
  const { t } = useTranslation();
  const { config, content } = useSession();
  const target = recommendedStation(state.status, message);
  const station = stationById(state.status, target);
  const view = station?.DisplayHint.View ?? "station";
  return (
    <li className="news-item">
      <p className="news-item__from">
        <span>{t("news.from", { name: message.originator })}</span>
        <time dateTime={message.timestamp}>{formatTime(message.timestamp)}</time>
      </p>
      <div className="news-item__content">
        <MessageContent message={message} assetsBase={config.assetsBase} />
      </div>
      <Link className="news-item__link" to={stationPath(view, target)}>
        {t("news.toStation", {
          title: displayTitle(stationTexts(content, target, station), view),
        })}
        <ChevronIcon />
      </Link>
    </li>
  );
}

/**
 * A news item of the game's operators, written like a chat text (line breaks, **bold**, *italic*,
 * links), with a link to the station it names.
 */
export function OperatorNewsItem({
  item,
  state,
  language,
}: {
  item: NewsItem;
  state: PlayState;
  language: Language;
}) {
  const { t } = useTranslation();
  const { content } = useSession();
  const target = item.StationID;
  const station = target === undefined ? undefined : stationById(state.status, target);
  const view = station?.DisplayHint.View ?? "station";
  return (
    <li className="news-item news-item--game">
      <p className="news-item__from">
        <span>{t("news.fromGame")}</span>
        <time dateTime={item.Timestamp}>{formatTime(item.Timestamp)}</time>
      </p>
      <p className="news-item__content news-item__text">
        <RichText text={operatorNewsText(item, language)} />
      </p>
      {target !== undefined && station !== undefined && (
        <Link className="news-item__link" to={stationPath(view, target)}>
          {t("news.toStation", {
            title: displayTitle(stationTexts(content, target, station), view),
          })}
          <ChevronIcon />
        </Link>
      )}
    </li>
  );
}

/**
 * Home (/webapp/), the news feed: unseen news, the active station, the nearest station, a new
 * story or reward; a fixed text when there is none of these.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const { state, actions } = useGame();
  const { config, content, contentFailed, language } = useSession();
  const position = useGeolocation(config.allowGeolocation);
  const [random] = useState(() => Math.random());
  const current = state.currentStation;
  const writer = current === null ? null : writerAt(state, current);
  const unread = current === null ? 0 : unreadCount(state, current);
  const currentStation = current === null ? undefined : stationById(state.status, current);
  const nearby = nearestStation(state.status, position, config.stationDistanceThreshold);
  const nearbyId = nearby?.id ?? null;
  const arrivedId = arrivedStation(state.status, position)?.id ?? null;
  // The news unseen when home opened stay while it is open; the next visit shows newer ones.
  const [seenBefore] = useState(() => state.seen);
  const news = unseenNews(state, seenBefore.news);
  const announcements = unseenOperatorNews(state, seenBefore.operatorNews);
  const [newStory] = unseenStories(availableStories(content, state.status), state.seen.stories);
  const newPoints = hasNewPoints(state);
  const storyOpening = useStoryOpening();
  const marked = bellMarked(state, nearbyId, arrivedId);

  // Home shows the news: the bell's marker goes whenever it is set while home is open.
  const markShown = useEffectEvent(() => actions.markSeen(newsShown(state, nearbyId, arrivedId)));
  useEffect(() => {
    if (marked) markShown();
  }, [marked]);

  const active = current !== null && currentStation !== undefined;
  const nothing =
    news.length === 0 &&
    announcements.length === 0 &&
    !active &&
    nearby === null &&
    newStory === undefined &&
    !newPoints;
  const fixedText = pickFixedText(
    content?.news ?? [],
    fixedTexts.map((key) => t(key)),
    random,
  );

  // The pack's texts (titles, its own news texts) first: they would replace the app's; and the
  // player's status, as on the other game screens: what it brings would push the rest down.
  if ((content === null && !contentFailed) || state.status === null) return <Loading />;

  return (
    <div className="home">
      {news.length + announcements.length > 0 && (
        <section className="home__news" aria-labelledby="home-news">
          <h2 id="home-news" className="section-title">
            <NewsIcon /> {t("news.heading")}
          </h2>
          <ul className="news-list">
            {announcements.map((item) => (
              <OperatorNewsItem
                key={`game-${item.ID}`}
                item={item}
                state={state}
                language={language}
              />
            ))}
            {news.map((message) => (
              <NewsItem key={message.id} message={message} state={state} />
            ))}
          </ul>
        </section>
      )}
      {active && (
        <section className="card card--highlight" aria-labelledby="home-active">
          <h2 id="home-active" className="card__kicker">
            {t("home.activeStation")}
          </h2>
          <Link className="card__link" to={stationPath(currentStation.DisplayHint.View, current)}>
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
      {nearby !== null && (
        <section
          className={arrivedId === nearby.id ? "card card--highlight" : "card"}
          aria-labelledby="home-nearby"
        >
          <h2 id="home-nearby" className="card__kicker">
            <PinIcon />{" "}
            {arrivedId === nearby.id ? t("news.station-arrived") : t("news.station-nearby")}
          </h2>
          <Link className="card__link" to={stationPath("station", nearby.id)}>
            <span className="card__title">
              {stationTexts(content, nearby.id, nearby.station).title}
            </span>
            <ChevronIcon />
          </Link>
          {arrivedId === nearby.id ? (
            <p className="card__meta">{t("news.arrivedOpen")}</p>
          ) : (
            nearby.distance !== null && (
              <p className="card__meta">{formatDistance(nearby.distance, language)}</p>
            )
          )}
        </section>
      )}
      {newStory !== undefined && (
        <section
          className={
            storyOpening.flipping === newStory.id
              ? "card card--story card--flipping"
              : "card card--story"
          }
          aria-labelledby="home-story"
        >
          <h2 id="home-story" className="card__kicker">
            <BookIcon /> {t("news.newStory")}
          </h2>
          <Link
            className="card__link"
            to={`/stories/${newStory.id}`}
            onClick={(event) => storyOpening.open(event, newStory.id)}
            aria-busy={storyOpening.flipping === newStory.id}
          >
            <span className="card__title">{newStory.story.headline}</span>
            <ChevronIcon />
          </Link>
        </section>
      )}
      {newPoints && (
        <section className="card card--reward" aria-labelledby="home-reward">
          <h2 id="home-reward" className="card__kicker">
            <StarIcon /> {t("news.newPoints")}
          </h2>
          <Link className="card__link" to="/points">
            <span className="card__title">{t("news.toPoints")}</span>
            <ChevronIcon />
          </Link>
        </section>
      )}
      {nothing && (
        <section className="card card--quiet">
          <WalkIcon className="card__illustration" />
          <p>{fixedText}</p>
        </section>
      )}
      {isNewPlayer(state.status) && (
        <section className="card card--intro" aria-labelledby="home-intro">
          <h2 id="home-intro" className="card__kicker">
            {t("news.introHeading")}
          </h2>
          <p>{t("news.introText")}</p>
          <Link className="button button--secondary" to="/intro">
            {t("news.toIntro")}
          </Link>
        </section>
      )}
      <Link className="button button--secondary button--block" to="/station">
        {t("home.toStations")}
      </Link>
      <Link className="home__all-news" to="/news">
        <NewsIcon /> {t("news.all")}
      </Link>
    </div>
  );
}
