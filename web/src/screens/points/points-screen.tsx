import { useEffect } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { StarIcon } from "../../components/icons";
import { crestFor, finishedStations, stars } from "../../game/points";
import { displayTitle, stationTexts } from "../../game/station-texts";
import { finishedStories } from "../../game/stories";
import { Picture } from "../../components/picture";
import { stationPath } from "../../lib/paths";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import "./points.css";

function Stars({ points, max }: { points: number; max: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars-row">
      <span className="stars" role="img" aria-label={t("points.stars", { points, max })}>
        {stars(points, max).map((filled, index) => (
          <StarIcon key={index} className={filled ? "star star--filled" : "star"} />
        ))}
      </span>
      <span className="stars-row__count" aria-hidden="true">
        {points}/{max}
      </span>
    </span>
  );
}

/** Points with their sign, a real minus below 0: "+3", "−2". */
const signed = (points: number): string => `${points < 0 ? "\u2212" : "+"}${Math.abs(points)}`;

/**
 * The points the game's hosts awarded or took, as one more row beside the stations': so that
 * the rows add up to the total.
 */
function AwardedRow({ points }: { points: number }) {
  const { t } = useTranslation();
  return (
    <li className="points-list__item">
      <span className="points-list__title">{t("points.fromOrganisers")}</span>
      <span className="points-list__awarded">
        {t("points.awarded", { count: Math.abs(points), signed: signed(points) })}
      </span>
    </li>
  );
}

/**
 * The points page (/webapp/points): crest, total points, finished stations with stars, and the
 * points the game's hosts awarded or took.
 */
export function PointsScreen() {
  const { t } = useTranslation();
  const { state, actions } = useGame();
  const { config, content, contentFailed } = useSession();
  const total = state.status?.TotalPoints ?? 0;
  const awarded = state.status?.Awarded ?? 0;

  useEffect(() => {
    actions.markSeen({ kind: "points", points: total });
  }, [total, actions]);

  // The stations are listed by their titles: without the texts (until they failed to load)
  // the page waits rather than show the pack's internal names.
  if (state.status === null || (content === null && !contentFailed))
    return <p className="loading">{t("app.loading")}</p>;
  const stories = finishedStories(state.status);
  const crest = crestFor(content?.crest ?? [], stories);
  const finished = finishedStations(state.status)
    .map((entry) => ({
      ...entry,
      title: displayTitle(
        stationTexts(content, entry.id, entry.station),
        entry.station.DisplayHint.View,
      ),
    }))
    .sort((a, b) => a.title.localeCompare(b.title));

  return (
    <div className="points">
      <section className="points__crest" aria-labelledby="points-total">
        {crest !== null && (
          <figure className="crest">
            <Picture
              className="crest__image"
              assetsBase={config.assetsBase}
              path={crest.imagePath}
              sizes="148px"
              alt={t("points.crest")}
            />
            <figcaption className="crest__caption">{crest.caption}</figcaption>
          </figure>
        )}
        <p className="points__label">{t("points.totalLabel")}</p>
        <p id="points-total" className="points__total">
          {t("points.total", { count: total })}
        </p>
        <p className="points__stories">{t("points.finishedStories", { count: stories })}</p>
      </section>
      {finished.length === 0 ? (
        <>
          <div className="card card--quiet points__none">
            <StarIcon className="card__illustration" />
            <p>{t("points.none")}</p>
            <Link className="button button--primary" to="/station">
              {t("points.toStations")}
            </Link>
          </div>
          {awarded !== 0 && (
            <ul className="points-list">
              <AwardedRow points={awarded} />
            </ul>
          )}
        </>
      ) : (
        <section aria-labelledby="points-stations">
          <h2 id="points-stations" className="section-title">
            {t("points.stations")}
          </h2>
          <ul className="points-list">
            {finished.map(({ id, station, title }) => (
              <li key={id} className="points-list__item">
                <Link className="points-list__title" to={stationPath(station.DisplayHint.View, id)}>
                  {title}
                </Link>
                <Stars points={station.Points} max={station.MaxPoints} />
              </li>
            ))}
            {awarded !== 0 && <AwardedRow points={awarded} />}
          </ul>
        </section>
      )}
    </div>
  );
}
