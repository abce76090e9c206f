import { isPreview } from "../lib/app-base";

/**
 * Registers the service worker of a production build (decisions/011-offline.md), once the page
 * has loaded so that it does not compete with the app's first requests. Without one (an old
 * browser, development) the app works the same, online only.
 */
export function registerServiceWorker(): void {
  // A preview in the studio plays the draft online only; the game's worker is not its own.
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || isPreview) return;
  const base = import.meta.env.BASE_URL;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((error: unknown) => {
      console.warn("service worker not registered", error);
    });
  });
}
