/**
 * Registers the service worker of a production build (decisions/011-offline.md), once the page
 * has loaded so that it does not compete with the app's first requests. Without one (an old
 * browser, development) the app works the same, online only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const base = import.meta.env.BASE_URL;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((error: unknown) => {
      console.warn("service worker not registered", error);
    });
  });
}
