import { RoleNote, useRole } from "../../components/roles";
import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { OpsNewsAudience, OpsNewsRequest, OpsStationStats } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getNews, getNewsAudience, sendNews } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { useLiveState } from "../../live/live-context";
import { checkDraft, draftLanguages, emptyDraft, languageNames, NEWS_MAX } from "./news-draft";
import type { DraftLanguage, DraftProblem, NewsDraft } from "./news-draft";
import { NewsItem } from "./news-item";
import { NewsPreview } from "./news-preview";
import { SendConfirm } from "./send-confirm";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";

const fieldLabels: Record<DraftLanguage, TextKey> = {
  de: "news.textDe",
  en: "news.textEn",
  "de-formal": "news.textDeFormal",
};

function Composer({ stations }: { stations: OpsStationStats[] }) {
  const texts = useI18n();
  const { t } = texts;
  const [, dispatch] = useLiveState();
  const [draft, setDraft] = useState<NewsDraft>(emptyDraft);
  const [problems, setProblems] = useState<Partial<Record<DraftLanguage, DraftProblem>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** The checked news and whom it reaches, while the operator confirms the sending. */
  const [confirming, setConfirming] = useState<{
    request: OpsNewsRequest;
    audience: OpsNewsAudience;
  } | null>(null);
  const fields = useRef<Partial<Record<DraftLanguage, HTMLTextAreaElement | null>>>({});
  const sendButton = useRef<HTMLButtonElement>(null);

  const station = stations.find((s) => String(s.id) === draft.stationId);
  const problemText = (problem: DraftProblem) =>
    problem === "required"
      ? t("news.required")
      : problem === "tooLong"
        ? t("news.tooLong", { max: NEWS_MAX })
        : t("news.invalid");

  /** Checks the draft and asks whom it reaches; the sending waits for the confirmation. */
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
      setConfirming({ request: checked.request, audience: await getNewsAudience() });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, texts) });
    } finally {
      setBusy(false);
    }
  };

  const send = async (request: OpsNewsRequest) => {
    const item = await sendNews(request);
    dispatch({ type: "newsItem", item });
    setConfirming(null);
    setDraft(emptyDraft);
    setOutcome({ ok: true, text: t("news.sent") });
  };

  /** A change of the draft asks again before sending. */
  const edit = (changed: NewsDraft) => {
    setDraft(changed);
    setConfirming(null);
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
                  onChange={(event) => edit({ ...draft, [language]: event.target.value })}
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
              onChange={(event) => edit({ ...draft, stationId: event.target.value })}
            >
              <option value="">{t("news.noStation")}</option>
              {stations.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={draft.urgent}
                aria-describedby="news-urgent-hint"
                onChange={(event) => edit({ ...draft, urgent: event.target.checked })}
              />
              {t("news.urgent")}
            </label>
            <p id="news-urgent-hint" className="hint">
              {t("news.urgentHint")}
            </p>
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
          <button
            ref={sendButton}
            type="submit"
            className="button button--primary"
            disabled={busy || confirming !== null}
            aria-expanded={confirming !== null}
          >
            {busy ? t("news.counting") : t("news.send")}
          </button>
          {confirming !== null && (
            <SendConfirm
              {...confirming}
              onSend={() => send(confirming.request)}
              onKeep={() => {
                setConfirming(null);
                // The button is enabled again only after this render.
                setTimeout(() => sendButton.current?.focus());
              }}
            />
          )}
          <OutcomeNotice outcome={outcome} />
        </div>
      </form>
    </section>
  );
}

/** The news composer with its previews, and every news item sent, withdrawable. */
export function NewsView() {
  const texts = useI18n();
  const { t } = texts;
  const [{ news, overview }, dispatch] = useLiveState();
  const [error, setError] = useState<unknown>(null);
  const stations = overview?.stations ?? [];
  const host = useRole("host");

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
      {host ? (
        <Composer stations={stations} />
      ) : (
        <section className="panel">
          <RoleNote role="host" />
        </section>
      )}
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
