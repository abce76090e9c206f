import { useState } from "react";
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

/**
 * The newest news a host marked urgent (issue 28), over every screen until the player
 * dismisses it, with a link to the station it names; dismissed ids are kept on the device, so a reload does not bring it back.
 */
export function UrgentNews() {
  const { t } = useTranslation();
  const { content, language } = useSession();
  const { state } = useGame();
  const [dismissed, setDismissed] = useState(readDismissed);
  const item = state.operatorNews.find((news) => news.Urgent && !dismissed.includes(news.ID));
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
    <div className="urgent-news" role="alert">
      <p className="urgent-news__text">
        <strong>{t("urgent.label")}</strong> {operatorNewsText(item, language)}
        {target !== undefined && station !== undefined && (
          <Link className="urgent-news__link" to={stationPath(station.DisplayHint.View, target)}>
            {t("news.toStation", {
              title: displayTitle(stationTexts(content, target, station), station.DisplayHint.View),
            })}
          </Link>
        )}
      </p>
      <button type="button" className="urgent-news__dismiss" onClick={dismiss}>
        {t("urgent.dismiss")}
      </button>
    </div>
  );
}
