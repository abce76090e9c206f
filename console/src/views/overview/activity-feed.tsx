import type { OpsActivity } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import { formatTime } from "../../lib/format";
import { activityText } from "./activity-text";

/** What happened since the console opened, newest first, as the stream tells it. */
export function ActivityFeed({ activity }: { activity: OpsActivity[] }) {
  const texts = useI18n();
  const { t, locale } = texts;
  return (
    <section className="panel" aria-labelledby="activity-heading">
      <h2 id="activity-heading">{t("activity.heading")}</h2>
      {/* Always there, so that the first line is announced too. */}
      <div aria-live="polite" aria-relevant="additions">
        {activity.length === 0 ? (
          <p className="muted">{t("activity.empty")}</p>
        ) : (
          <ol className="feed">
            {activity.map((item) => (
              <li
                key={`${item.at}|${item.kind}|${item.who}|${item.stationId ?? ""}|${item.title}`}
                className={`feed__item feed__item--${item.kind}`}
              >
                <time dateTime={item.at}>{formatTime(item.at, locale)}</time>
                <span>{activityText(item, texts)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
