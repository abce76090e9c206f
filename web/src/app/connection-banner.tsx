import { useTranslation } from "../i18n/use-translation";
import { useOnline } from "../lib/use-online";
import { useGame } from "../session/game-store";
import "./urgent-news.css";

/**
 * The truth about the network (issue 28): a quiet line while the phone is offline, or while the
 * game's stream reconnects, so that a player knows before an action fails.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const { streamUp } = useGame();
  if (online && streamUp) return null;
  return (
    <p className="connection-banner" role="status">
      {t(online ? "connection.reconnecting" : "connection.offline")}
    </p>
  );
}
