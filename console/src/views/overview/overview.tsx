import type { OpsOverview } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { formatTime } from "../../lib/format";
import { useLiveState } from "../../live/live-context";
import { ActivityFeed } from "./activity-feed";
import { ClockPanel } from "./clock-panel";
import { Link, sectionPath } from "../../routes/router";
import { FunnelChart } from "./funnel-chart";
import { FunnelTable } from "./funnel-table";
import { StuckList } from "./stuck-list";

function Figures({ overview }: { overview: OpsOverview }) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
  const figures: [TextKey, number][] = [
    ["overview.players", overview.players.total],
    ["overview.registered", overview.players.registered],
    ["overview.online", overview.players.online],
    ["overview.teams", overview.teams],
    ["overview.streams", overview.streams],
  ];
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="visually-hidden">
        {t("overview.figures")}
      </h2>
      <dl className="figures">
        {figures.map(([key, value]) => (
          <div key={key} className="figure">
            <dt>{t(key)}</dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Stories({ overview }: { overview: OpsOverview }) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
  if (overview.stories.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="stories-heading">
      <h2 id="stories-heading">{t("stories.heading")}</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t("stories.title")}</th>
            <th scope="col" className="num">
              {t("stories.opened")}
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.stories.map((story) => (
            <tr key={story.id}>
              <th scope="row">{story.title}</th>
              <td className="num">{number.format(story.opened)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The game's clock, and, all live, figures, the station funnel (table and chart), stories and the
 * activity feed.
 */
export function OverviewView() {
  const { t, tn, locale } = useI18n();
  const [{ overview, activity, submissions }] = useLiveState();
  return (
    <div className="stack">
      <div className="page__head">
        <h1 tabIndex={-1}>{t("overview.heading")}</h1>
        {overview !== null && (
          <p className="muted">{t("overview.asOf", { time: formatTime(overview.at, locale) })}</p>
        )}
      </div>
      <ClockPanel />
      {overview === null ? (
        <p aria-busy="true">{t("overview.waiting")}</p>
      ) : (
        <>
          <Figures overview={overview} />
          {submissions !== null && submissions.waiting > 0 && (
            <p className="notice" role="status">
              {tn("judging.summary", submissions.waiting, {
                time: formatTime(submissions.oldestAt ?? overview.at, locale),
              })}{" "}
              <Link to={sectionPath.judging}>{t("judging.summaryLink")}</Link>
            </p>
          )}
          <StuckList stuck={overview.stuck} />
          <div className="columns">
            <section className="panel" aria-labelledby="funnel-heading">
              <h2 id="funnel-heading">{t("funnel.heading")}</h2>
              {overview.stations.length === 0 ? (
                <p className="muted">{t("funnel.none")}</p>
              ) : (
                <FunnelChart stations={overview.stations} />
              )}
            </section>
            <div className="stack">
              <ActivityFeed activity={activity} />
              <Stories overview={overview} />
            </div>
          </div>
          {overview.stations.length > 0 && (
            <section className="panel" aria-labelledby="funnel-table-heading">
              <h2 id="funnel-table-heading">{t("funnel.tableLabel")}</h2>
              <FunnelTable stations={overview.stations} labelledBy="funnel-table-heading" />
              <p className="muted">{t("funnel.note")}</p>
            </section>
          )}
        </>
      )}
      {overview === null && <ActivityFeed activity={activity} />}
    </div>
  );
}
