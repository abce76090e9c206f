import { useSyncExternalStore } from "react";

function subscribe(changed: () => void): () => void {
  document.addEventListener("visibilitychange", changed);
  return () => document.removeEventListener("visibilitychange", changed);
}

/** Whether the page is on the screen (`document.visibilityState`), as it changes. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, () => document.visibilityState === "visible");
}
