import { useState } from "react";
import { operatorNewsText } from "../game/news";
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
 * dismisses it; dismissed ids are kept on the device, so a reload does not bring it back.
 */
export function UrgentNews() {
  const { t } = useTranslation();
  const { language } = useSession();
  const { state } = useGame();
  const [dismissed, setDismissed] = useState(readDismissed);
  const item = state.operatorNews.find((news) => news.Urgent && !dismissed.includes(news.ID));
  if (!item) return null;

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
      </p>
      <button type="button" className="urgent-news__dismiss" onClick={dismiss}>
        {t("urgent.dismiss")}
      </button>
    </div>
  );
}
