import { ClockIcon } from "../../components/icons";
import { queuedAt } from "../../game/outbox";
import { useTranslation } from "../../i18n/use-translation";
import { useOnline } from "../../lib/use-online";
import { useGame } from "../../session/game-store";

/**
 * Answers and taps that wait for the network, on the player's side of the thread: until the
 * phone is online, or, online, until the game's server answers again.
 */
export function QueuedInputs({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { state } = useGame();
  const online = useOnline();
  return queuedAt(state, stationId).map((entry) => (
    <div key={entry.key} className="bubble bubble--own bubble--queued" data-testid="queued-input">
      <span className="visually-hidden">{t("messages.you")}: </span>
      <p className="bubble__text">{entry.input.text}</p>
      <p className="bubble__meta">
        <span className="bubble__queued" role="status">
          <ClockIcon width="14" height="14" />
          {t(online ? "messenger.queuedUnreached" : "messenger.queued")}
        </span>
      </p>
    </div>
  ));
}
