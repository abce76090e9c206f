import { useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useGame } from "../session/game-store";
import "./urgent-news.css";

function subscribe(changed: () => void): () => void {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/**
 * The truth about the network (issue 28): a quiet line while the phone is offline, or while the
 * game's stream reconnects, so that a player knows before an action fails.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  const { streamUp } = useGame();
  if (online && streamUp) return null;
  return (
    <p className="connection-banner" role="status">
      {t(online ? "connection.reconnecting" : "connection.offline")}
    </p>
  );
}
