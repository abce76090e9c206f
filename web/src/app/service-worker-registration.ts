import { appBase, hasServiceWorker } from "../lib/app-base";

/** How often an open app asks whether a new release was deployed (also when it is shown again). */
const UPDATE_CHECK_MS = 30 * 60_000;

let registration: ServiceWorkerRegistration | undefined;
let waiting = false;
const listeners = new Set<() => void>();

function announce(): void {
  waiting = true;
  for (const listener of listeners) listener();
}

/** A new release's worker installed beside the running one: the app may offer to switch. */
function watch(found: ServiceWorkerRegistration): void {
  registration = found;
  // Not on the first install: that one takes over the page without a reload.
  if (found.waiting && navigator.serviceWorker.controller) announce();
  found.addEventListener("updatefound", () => {
    const next = found.installing;
    next?.addEventListener("statechange", () => {
      if (next.state === "installed" && navigator.serviceWorker.controller) announce();
    });
  });
  setInterval(() => void found.update().catch(() => undefined), UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void found.update().catch(() => undefined);
  });
}

/**
 * Registers the service worker of a production build (decisions/011-offline.md), once the page
 * has loaded so that it does not compete with the app's first requests, and looks for a new
 * release while the app is open. Without one (an old browser, development) the app works the
 * same, online only.
 */
export function registerServiceWorker(): void {
  // A preview in the studio plays the draft online only; the game's worker is not its own.
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || !hasServiceWorker) return;
  // The game's own worker: another game's is served below its path, its scope that path.
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register(`${appBase}sw.js`, { scope: appBase })
      .then(watch, (error: unknown) => {
        console.warn("service worker not registered", error);
      });
  });
}

/** Whether a new release waits (for useSyncExternalStore). */
export function newVersionWaiting(): boolean {
  return waiting;
}

export function onNewVersion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches to the waiting release: its worker takes over, and the page loads anew under it. */
export function switchToNewVersion(): void {
  const next = registration?.waiting;
  if (!next) return location.reload();
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), {
    once: true,
  });
  next.postMessage({ type: "skip-waiting" });
}
