/// <reference lib="webworker" />
import { notificationOf, readPayload, targetOf } from "./push";
import { basesOf, beyondLimit, MEDIA_LIMIT, precached, strategyFor } from "./routes";

/**
 * The app's service worker (decisions/011-offline.md): the app opens without a network, and
 * the images of the game seen once show again out there where reception is poor.
 */
declare const self: ServiceWorkerGlobalScope & {
  /** The built files, relative to the scope; written into the bundle by the build. */
  __PRECACHE__: string[];
  /** A hash of that list: a new release gets a new shell cache. */
  __RELEASE__: string;
};

/** This worker's game: the first's at `/webapp/`, another's at `/g/<name>/webapp/`. */
const bases = basesOf(self.location.pathname);
/** Each game's worker keeps its own copy of a release's files, and drops only its own. */
const SHELLS = `shell-${bases.app}-`;
const SHELL = `${SHELLS}${self.__RELEASE__}`;
/** The name of a release's files before each game had its own. */
const UNNAMED_SHELL = /^shell-[0-9a-f]+$/;
const DATA = "data";
const MEDIA = "media";
/** Longer than this, and the cached copy serves a navigation or settings. */
const NETWORK_TIMEOUT_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(self.__PRECACHE__.map((file) => precached(file, bases)))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter(
        (name) => (name.startsWith(SHELLS) && name !== SHELL) || UNNAMED_SHELL.test(name),
      );
      await Promise.all(old.map((name) => caches.delete(name)));
      // The first install takes over the open page at once: nothing else controls it.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const strategy = strategyFor(
    {
      method: request.method,
      path: url.origin === self.location.origin ? url.pathname : undefined,
      mode: request.mode,
      destination: request.destination,
    },
    bases,
  );
  if (strategy === "shell") event.respondWith(cacheFirst(request));
  else if (strategy === "page")
    event.respondWith(networkFirst(request, SHELL, `${bases.app}index.html`));
  else if (strategy === "fresh") event.respondWith(networkFirst(request, DATA));
  else if (strategy === "media") event.respondWith(staleWhileRevalidate(request, event));
});

// The app switches to a waiting release when the player agrees (app/new-version.tsx).
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "skip-waiting") void self.skipWaiting();
});

// A push (decisions/040): a character's line, a reminder, news; one notification per tag.
self.addEventListener("push", (event) => {
  const payload = readPayload(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, notificationOf(payload, bases)),
  );
});

// A tap opens the app where the notification points: in a window of the app that is open, or
// in a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(targetOf(event.notification.data, bases), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const app = windows.find((client) => new URL(client.url).pathname.startsWith(bases.app));
      if (app) {
        await app.focus().catch(() => undefined);
        if ((await app.navigate(target).catch(() => null)) !== null) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

async function cacheFirst(request: Request): Promise<Response> {
  return (await caches.match(request)) ?? fetch(request);
}

/**
 * The network's answer, kept for next time; when the network fails or is too slow, the cached
 * copy of the request (or of `fallback`, the app's page).
 */
async function networkFirst(request: Request, cacheName: string, fallback?: string) {
  const cache = await caches.open(cacheName);
  const network = fetch(request).then(async (response) => {
    if (response.ok && fallback === undefined) await cache.put(request, response.clone());
    return response;
  });
  const timeout = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), NETWORK_TIMEOUT_MS),
  );
  try {
    const response = await Promise.race([network, timeout]);
    if (response) return response;
  } catch {
    // Offline: the cache answers below.
  }
  const cached = await cache.match(fallback ?? request);
  return cached ?? network;
}

async function staleWhileRevalidate(request: Request, event: FetchEvent): Promise<Response> {
  const cache = await caches.open(MEDIA);
  const cached = await cache.match(request);
  const network = fetch(request).then(async (response) => {
    if (response.ok) {
      await cache.put(request, response.clone());
      await trim(cache);
    }
    return response;
  });
  if (!cached) return network;
  event.waitUntil(network.then(undefined, () => undefined));
  return cached;
}

/** Keeps the media cache within MEDIA_LIMIT pictures, dropping the least recently put. */
async function trim(cache: Cache): Promise<void> {
  const old = beyondLimit(await cache.keys(), MEDIA_LIMIT);
  await Promise.all(old.map((request) => cache.delete(request)));
}
