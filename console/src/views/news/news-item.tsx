import { useRole } from "../../components/roles";
import { useRef, useState } from "react";
import type { OpsNews, OpsStationStats } from "@wegmarke/protocol";
import { withdrawNews } from "../../api/ops-api";
import { Confirm } from "../../components/confirm";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import { useLiveState } from "../../live/live-context";
import { draftLanguages, languageNames } from "./news-draft";

/** A news item sent: when, by whom, its texts, and its withdrawal after a confirmation. */
export function NewsItem({ news, stations }: { news: OpsNews; stations: OpsStationStats[] }) {
  const { t, locale } = useI18n();
  const [, dispatch] = useLiveState();
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const station = stations.find((s) => s.id === news.stationId);
  const withdrawn = news.withdrawnAt !== null;
  const host = useRole("host");
  return (
    <li className={withdrawn ? "news-item news-item--withdrawn" : "news-item"}>
      <p className="news-item__meta">
        <time dateTime={news.at}>{formatDateTime(news.at, locale)}</time>
        <span>
          {news.operator === null ? t("news.byToken") : t("news.by", { name: news.operator })}
        </span>
        {news.urgent && <span className="pill">{t("news.urgentPill")}</span>}
        {news.withdrawnAt !== null && (
          <span className="pill">
            {t("news.withdrawn", { time: formatDateTime(news.withdrawnAt, locale) })}
          </span>
        )}
      </p>
      <dl className="news-item__texts">
        {draftLanguages.map((language) => {
          const text = news.text[language];
          return text === undefined ? null : (
            <div key={language}>
              <dt>{t(languageNames[language])}</dt>
              <dd lang={language === "en" ? "en" : "de"}>{text}</dd>
            </div>
          );
        })}
      </dl>
      {news.stationId !== null && (
        <p className="muted">
          {t("news.linksTo", { title: station?.title ?? `#${news.stationId}` })}
        </p>
      )}
      {host && !withdrawn && (
        <p>
          <button
            ref={trigger}
            type="button"
            className="button button--small"
            aria-expanded={confirming}
            onClick={() => setConfirming(true)}
          >
            {t("news.withdraw")}
          </button>
        </p>
      )}
      {!withdrawn && confirming && (
        <Confirm
          question={t("news.withdrawQuestion")}
          confirmLabel={t("news.withdrawConfirm")}
          keepLabel={t("news.withdrawKeep")}
          onKeep={() => {
            setConfirming(false);
            trigger.current?.focus();
          }}
          onConfirm={async () => {
            dispatch({ type: "newsItem", item: await withdrawNews(news.id) });
            setConfirming(false);
          }}
        />
      )}
    </li>
  );
}
