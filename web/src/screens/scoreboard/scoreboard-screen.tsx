import { useTranslation } from "../../i18n/use-translation";
import { TrophyIcon } from "../../components/icons";
import { scoreboardRows } from "../../game/scoreboard";
import { useScoreboard } from "./use-scoreboard";
import "./scoreboard.css";

/** The scoreboard (/webapp/scoreboard): players and teams ranked by points, the player's row marked. */
export function ScoreboardScreen() {
  const { t } = useTranslation();
  const { scoreboard, reload } = useScoreboard();

  if (scoreboard.kind === "loading") return <p className="loading">{t("app.loading")}</p>;
  if (scoreboard.kind === "failed") {
    return (
      <div className="empty-state">
        <p role="alert">{t("scoreboard.failed")}</p>
        <button type="button" className="button button--secondary" onClick={reload}>
          {t("app.retry")}
        </button>
      </div>
    );
  }
  const { entries, you } = scoreboard.value;
  const rows = scoreboardRows(entries, you);

  return (
    <div className="scoreboard">
      <section className="scoreboard__you" aria-labelledby="scoreboard-you">
        <TrophyIcon className="scoreboard__trophy" />
        <div>
          <h2 id="scoreboard-you" className="scoreboard__you-title">
            {t("scoreboard.yourRank", { rank: you.rank })}
          </h2>
          <p className="scoreboard__you-points">{t("scoreboard.points", { count: you.points })}</p>
        </div>
      </section>
      {entries.length === 0 && <p className="scoreboard__empty">{t("scoreboard.empty")}</p>}
      <ol className="scoreboard__list" aria-label={t("scoreboard.ranking")}>
        {rows.map(({ entry, gapBefore }, index) => (
          <li
            // Generated names may repeat, and rows carry no id: the position tells them apart.
            key={index}
            className={[
              "scoreboard__row",
              entry.isYou ? "scoreboard__row--you" : "",
              gapBefore ? "scoreboard__row--after-gap" : "",
              entry.rank <= 3 ? `scoreboard__row--top${entry.rank}` : "",
            ]
              .filter(Boolean)
              .join(" ")}
            aria-current={entry.isYou ? "true" : undefined}
          >
            <span className="scoreboard__rank">
              <span className="visually-hidden">{t("scoreboard.rank")} </span>
              {entry.rank}
            </span>
            <span className="scoreboard__name">
              {entry.name}
              {entry.isYou && <span className="pill pill--you">{t("scoreboard.you")}</span>}
              <span className="scoreboard__stations">
                {t("scoreboard.stations", { count: entry.stations })}
              </span>
            </span>
            <span className="scoreboard__points">
              {t("scoreboard.points", { count: entry.points })}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
