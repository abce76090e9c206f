import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { OpsNews, OpsStationStats } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getNews, sendNews, withdrawNews } from "../../api/ops-api";
import { Confirm } from "../../components/confirm";
import { useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { formatDateTime } from "../../lib/format";
import { useLiveState } from "../../live/live-context";
import { checkDraft, draftLanguages, emptyDraft, NEWS_MAX } from "./news-draft";
import type { DraftLanguage, DraftProblem, NewsDraft } from "./news-draft";
import { NewsPreview } from "./news-preview";

const fieldLabels: Record<DraftLanguage, TextKey> = {
  de: "news.textDe",
  en: "news.textEn",
  "de-formal": "news.textDeFormal",
};

const languageNames: Record<DraftLanguage, TextKey> = {
  de: "news.lang.de",
  en: "news.lang.en",
  "de-formal": "news.lang.de-formal",
};

function Composer({ stations }: { stations: OpsStationStats[] }) {
  const texts = useI18n();
  const { t } = texts;
  const [, dispatch] = useLiveState();
  const [draft, setDraft] = useState<NewsDraft>(emptyDraft);
  const [problems, setProblems] = useState<Partial<Record<DraftLanguage, DraftProblem>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const fields = useRef<Partial<Record<DraftLanguage, HTMLTextAreaElement | null>>>({});

  const station = stations.find((s) => String(s.id) === draft.stationId);
  const problemText = (problem: DraftProblem) =>
    problem === "required"
      ? t("news.required")
      : problem === "tooLong"
        ? t("news.tooLong", { max: NEWS_MAX })
        : t("news.invalid");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setProblems(checked.problems);
      setOutcome(null);
      const first = draftLanguages.find((language) => checked.problems[language] !== undefined);
      if (first !== undefined) fields.current[first]?.focus();
      return;
    }
    setProblems({});
    setBusy(true);
    setOutcome(null);
    try {
      const item = await sendNews(checked.request);
      dispatch({ type: "newsItem", item });
      setDraft(emptyDraft);
      setOutcome({ ok: true, text: t("news.sent") });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, texts) });
    } finally {
      setBusy(false);
    }
  };

  const previewed = draftLanguages.filter(
    (language) => language !== "de-formal" || draft["de-formal"].trim() !== "",
  );

  return (
    <section className="panel" aria-labelledby="compose-heading">
      <h2 id="compose-heading">{t("news.compose")}</h2>
      <form className="composer" onSubmit={(event) => void submit(event)} noValidate>
        <div className="composer__fields stack">
          {draftLanguages.map((language) => {
            const id = `news-${language}`;
            const problem = problems[language];
            const length = draft[language].length;
            return (
              <div key={language} className="field">
                <label htmlFor={id}>{t(fieldLabels[language])}</label>
                {language === "de-formal" && (
                  <p id={`${id}-hint`} className="hint">
                    {t("news.deFormalHint")}
                  </p>
                )}
                <textarea
                  ref={(element) => {
                    fields.current[language] = element;
                  }}
                  id={id}
                  lang={language === "en" ? "en" : "de"}
                  rows={4}
                  value={draft[language]}
                  required={language !== "de-formal"}
                  aria-invalid={problem !== undefined}
                  aria-describedby={[
                    language === "de-formal" ? `${id}-hint` : "",
                    problem !== undefined ? `${id}-problem` : "",
                    `${id}-count`,
                  ]
                    .filter((part) => part !== "")
                    .join(" ")}
                  onChange={(event) => setDraft({ ...draft, [language]: event.target.value })}
                />
                <p id={`${id}-count`} className={length > NEWS_MAX ? "hint hint--over" : "hint"}>
                  {t("news.characters", { count: length, max: NEWS_MAX })}
                </p>
                {problem !== undefined && (
                  <p id={`${id}-problem`} className="field__problem">
                    {problemText(problem)}
                  </p>
                )}
              </div>
            );
          })}
          <div className="field">
            <label htmlFor="news-station">{t("news.station")}</label>
            <select
              id="news-station"
              value={draft.stationId}
              onChange={(event) => setDraft({ ...draft, stationId: event.target.value })}
            >
              <option value="">{t("news.noStation")}</option>
              {stations.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="composer__preview">
          <h3>{t("news.preview")}</h3>
          {previewed.map((language) => (
            <figure key={language} className="preview" aria-labelledby={`preview-${language}`}>
              <figcaption id={`preview-${language}`}>
                {t("news.previewOf", { language: t(languageNames[language]) })}
              </figcaption>
              <NewsPreview
                language={language}
                text={draft[language]}
                stationTitle={station?.title ?? null}
                empty={t("news.previewEmpty")}
              />
            </figure>
          ))}
        </div>
        <div className="composer__send">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("news.sending") : t("news.send")}
          </button>
          {outcome !== null && (
            <p
              className={outcome.ok ? "notice notice--success" : "notice notice--error"}
              role={outcome.ok ? "status" : "alert"}
            >
              {outcome.text}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

function NewsItem({ news, stations }: { news: OpsNews; stations: OpsStationStats[] }) {
  const { t, locale } = useI18n();
  const [, dispatch] = useLiveState();
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const station = stations.find((s) => s.id === news.stationId);
  const withdrawn = news.withdrawnAt !== null;
  return (
    <li className={withdrawn ? "news-item news-item--withdrawn" : "news-item"}>
      <p className="news-item__meta">
        <time dateTime={news.at}>{formatDateTime(news.at, locale)}</time>
        <span>
          {news.operator === null ? t("news.byToken") : t("news.by", { name: news.operator })}
        </span>
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
      {!withdrawn && (
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

/** The news composer with its previews, and every news item sent, withdrawable. */
export function NewsView() {
  const texts = useI18n();
  const { t } = texts;
  const [{ news, overview }, dispatch] = useLiveState();
  const [error, setError] = useState<unknown>(null);
  const stations = overview?.stations ?? [];

  // The list as it stands; the stream keeps it current from then on.
  useEffect(() => {
    const controller = new AbortController();
    getNews(controller.signal).then(
      (list) => dispatch({ type: "news", news: list.news }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [dispatch]);

  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("news.heading")}</h1>
      <Composer stations={stations} />
      <section className="panel" aria-labelledby="sent-heading">
        <h2 id="sent-heading">{t("news.list")}</h2>
        {news === null ? (
          error !== null ? (
            <p className="notice notice--error" role="alert">
              {errorText(error, texts)}
            </p>
          ) : (
            <p aria-busy="true">{t("app.loading")}</p>
          )
        ) : news.length === 0 ? (
          <p className="muted">{t("news.listEmpty")}</p>
        ) : (
          <ul className="news-list" aria-labelledby="sent-heading">
            {news.map((item) => (
              <NewsItem key={item.id} news={item} stations={stations} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
