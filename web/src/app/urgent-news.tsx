import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { operatorNewsText } from "../game/news";
import { stationById } from "../game/station-flags";
import { displayTitle, stationTexts } from "../game/station-texts";
import { stationPath } from "../lib/paths";
import { useTranslation } from "../i18n/use-translation";
import { useGame } from "../session/game-store";
import { useSession } from "../session/session";
import "./urgent-news.css";

const DISMISSED_KEY = "wegmarke.urgentDismissed";

function readDismissed(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}

/** Calls `changed` whenever the element's size changes; null where the browser cannot tell. */
function observeSize(element: HTMLElement, changed: () => void): ResizeObserver | null {
  if (typeof ResizeObserver === "undefined") return null;
  const observer = new ResizeObserver(changed);
  observer.observe(element);
  return observer;
}

/** The banner's height, for what shows below it (the flash messages): 0 without a banner. */
function useHeightProperty(element: HTMLElement | null): void {
  useEffect(() => {
    if (element === null) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    measure();
    const measured = observeSize(element, measure);
    return () => {
      measured?.disconnect();
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, [element]);
}

const HEIGHT_PROPERTY = "--urgent-news-h";

/** Whether the text is cut off by its line clamp (small screens), measured as it resizes. */
function useClamped(element: HTMLElement | null, text: string): boolean {
  const [clamped, setClamped] = useState(false);
  useEffect(() => {
    if (element === null) return;
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const resized = observeSize(element, measure);
    return () => resized?.disconnect();
  }, [element, text]);
  return clamped;
}

/**
 * The newest news a host marked urgent (issue 28), over every screen until the player
 * dismisses it, with a link to the station it names; dismissed ids are kept on the device, so a
 * reload does not bring it back. On a short screen it keeps to three lines, with "read more"
 * for the rest.
 */
export function UrgentNews() {
  const { t } = useTranslation();
  const { content, language } = useSession();
  const { state } = useGame();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [banner, setBanner] = useState<HTMLDivElement | null>(null);
  const [textElement, setTextElement] = useState<HTMLParagraphElement | null>(null);
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const item = state.operatorNews.find((news) => news.Urgent && !dismissed.includes(news.ID));
  const text = item === undefined ? "" : operatorNewsText(item, language);
  useHeightProperty(banner);
  const clamped = useClamped(textElement, text);
  if (!item) return null;
  const target = item.StationID;
  const station = target === undefined ? undefined : stationById(state.status, target);

  const dismiss = () => {
    const next = [item.ID, ...dismissed].slice(0, 20);
    setDismissed(next);
    try {
      localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Private mode: dismissed until the next reload.
    }
  };

  return (
    <div ref={setBanner} className="urgent-news" role="alert">
      <div className="urgent-news__body">
        <p
          ref={setTextElement}
          id={textId}
          className={expanded ? "urgent-news__text" : "urgent-news__text urgent-news__text--short"}
        >
          <strong>{t("urgent.label")}</strong> {text}
        </p>
        {(clamped || expanded) && (
          <button
            type="button"
            className="urgent-news__more"
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded(!expanded)}
          >
            {t(expanded ? "urgent.less" : "urgent.more")}
          </button>
        )}
        {target !== undefined && station !== undefined && (
          <Link className="urgent-news__link" to={stationPath(station.DisplayHint.View, target)}>
            {t("news.toStation", {
              title: displayTitle(stationTexts(content, target, station), station.DisplayHint.View),
            })}
          </Link>
        )}
      </div>
      <button type="button" className="urgent-news__dismiss" onClick={dismiss}>
        {t("urgent.dismiss")}
      </button>
    </div>
  );
}
