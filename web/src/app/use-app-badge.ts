import { useEffect } from "react";
import { setAppBadge } from "../lib/app-badge";

/**
 * How long the unread count must hold before the badge follows it. A message that arrives at
 * the open station is unread for one render only; without the wait the icon would blink.
 */
export const badgeSettleMs = 500;

/** Keeps the app badge at `unread`, the player's count of unread messages, once it settles. */
export function useAppBadge(unread: number, nav?: Navigator): void {
  useEffect(() => {
    const timer = setTimeout(() => void setAppBadge(unread, nav), badgeSettleMs);
    return () => clearTimeout(timer);
  }, [unread, nav]);
}
