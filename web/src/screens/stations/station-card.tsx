import { useTranslation } from "../../i18n/use-translation";
import { Link, useNavigate } from "react-router";
import type { Language, StationView } from "@wegmarke/protocol";
import { BookIcon, CheckIcon, NewsIcon, PinIcon } from "../../components/icons";
import { StationActions } from "../../components/station-actions";
import { hasStationActions } from "../../game/opening";
import type { ListedStation } from "../../game/station-list";
import { displayTitle } from "../../game/station-texts";
import type { StationTexts } from "../../game/station-texts";
import { Picture } from "../../components/picture";
import { formatDistance } from "../../lib/distance";
import { stationPath } from "../../lib/paths";

type StationCardProps = {
  view: StationView;
  item: ListedStation;
  texts: StationTexts;
  /** Shows as done: the server says so and the closing messages have been typed. */
  done: boolean;
  unread: number;
  language: Language;
  assetsBase: string;
  titleOf(stationId: number): string;
};

function Placeholder({ view }: { view: StationView }) {
  if (view === "email") return <NewsIcon />;
  if (view === "story" || view === "archive") return <BookIcon />;
  return <PinIcon />;
}

/**
 * One station of a list. Stations and games (main) carry their start and end buttons and
 * their distance; entries of the other views open by a tap and show sender and text.
 */
export function StationCard({
  view,
  item,
  texts,
  done,
  unread,
  language,
  assetsBase,
  titleOf,
}: StationCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = stationPath(view, item.id);
  const actions = hasStationActions(view);
  const title = displayTitle(texts, view);
  const preview = view === "email" ? (texts.message ?? texts.desc) : texts.desc;
  const classes = ["station-card", `station-card--${view}`];
  if (item.running) classes.push("station-card--running");
  if (unread > 0) classes.push("station-card--unread");

  return (
    <article className={classes.join(" ")}>
      <div className="station-card__image" aria-hidden="true">
        {texts.imagePath !== null ? (
          <Picture
            assetsBase={assetsBase}
            path={texts.imagePath}
            sizes="76px"
            alt=""
            loading="lazy"
          />
        ) : (
          <Placeholder view={view} />
        )}
      </div>
      <div className="station-card__body">
        {texts.author !== null && (
          <p className="station-card__author">{t("lists.from", { author: texts.author })}</p>
        )}
        <h2 className="station-card__title">
          <Link className="stretched-link" to={to}>
            {title}
          </Link>
        </h2>
        {preview !== "" && <p className="station-card__desc">{preview}</p>}
        <p className="station-card__meta">
          {item.running && <span className="pill pill--running">{t("station.running")}</span>}
          {done && (
            <span className="pill pill--done">
              <CheckIcon /> {t("station.done")}
            </span>
          )}
          {unread > 0 && (
            <span className="badge">
              <span aria-hidden="true">{unread}</span>
              <span className="visually-hidden">{t("nav.unread", { count: unread })}</span>
            </span>
          )}
          {item.station.GroupName !== "" && <span className="pill">{item.station.GroupName}</span>}
          {actions && item.distance !== null && (
            <span className="station-card__distance">
              {formatDistance(item.distance, language)}
            </span>
          )}
        </p>
        {actions && (
          <div className="station-card__actions">
            <StationActions
              stationId={item.id}
              titleOf={titleOf}
              onActivated={() => void navigate(to, { state: { activated: true } })}
            />
          </div>
        )}
      </div>
    </article>
  );
}
