import { useSyncExternalStore } from "react";

function subscribe(changed: () => void): () => void {
  document.addEventListener("visibilitychange", changed);
  return () => document.removeEventListener("visibilitychange", changed);
}

/** Whether the console's page is shown (not a tab in the background, not a locked phone). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, () => document.visibilityState !== "hidden");
}
