import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Language } from "@wegmarke/protocol";
import { PinIcon } from "../../components/icons";
import { StationActions } from "../../components/station-actions";
import type { ListedStation } from "../../game/station-list";
import type { StationTexts } from "../../game/station-texts";
import { formatDistance } from "../../lib/distance";
import { assetUrl } from "../../lib/media-type";

type StationCardProps = {
  item: ListedStation;
  texts: StationTexts;
  unread: number;
  language: Language;
  assetsBase: string;
  titleOf(stationId: number): string;
};

export function StationCard({
  item,
  texts,
  unread,
  language,
  assetsBase,
  titleOf,
}: StationCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = `/station/${item.id}`;
  return (
    <article className={item.running ? "station-card station-card--running" : "station-card"}>
      <div className="station-card__image" aria-hidden="true">
        {texts.imagePath !== null ? (
          <img src={assetUrl(assetsBase, texts.imagePath)} alt="" loading="lazy" />
        ) : (
          <PinIcon />
        )}
      </div>
      <div className="station-card__body">
        <h2 className="station-card__title">
          <Link className="stretched-link" to={to}>
            {texts.title}
          </Link>
        </h2>
        {texts.desc !== "" && <p className="station-card__desc">{texts.desc}</p>}
        <p className="station-card__meta">
          {item.running && <span className="pill pill--running">{t("station.running")}</span>}
          {unread > 0 && (
            <span className="badge">
              <span aria-hidden="true">{unread}</span>
              <span className="visually-hidden">{t("nav.unread", { count: unread })}</span>
            </span>
          )}
          {item.station.GroupName !== "" && <span className="pill">{item.station.GroupName}</span>}
          {item.distance !== null && (
            <span className="station-card__distance">
              {formatDistance(item.distance, language)}
            </span>
          )}
        </p>
        <div className="station-card__actions">
          <StationActions
            stationId={item.id}
            titleOf={titleOf}
            onActivated={() => void navigate(to)}
          />
        </div>
      </div>
    </article>
  );
}
