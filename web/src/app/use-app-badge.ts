import { useEffect } from "react";
import { useGame } from "../game/game-store";
import { totalUnread } from "../game/messenger";
import { setAppBadge } from "../lib/app-badge";

/** Keeps the app badge at the player's count of unread messages. */
export function useAppBadge(): void {
  const { state } = useGame();
  const unread = totalUnread(state);
  useEffect(() => {
    void setAppBadge(unread);
  }, [unread]);
}
