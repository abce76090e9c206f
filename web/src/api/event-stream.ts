import { ErrorCode, parseServerEvent, serverEventTypes } from "@wegmarke/protocol";
import type { ApiError, ServerEvent } from "@wegmarke/protocol";
import { endpoint } from "./http";

type EventStreamOptions = {
  gameBase: string;
  token: string;
  /** Resume after this event id; null replays the whole log. */
  lastEventId: number | null;
  /** The highest id of the operators' news the app holds now (null: none), read per connect. */
  newsAfter?: () => number | null;
  onEvent(event: ServerEvent): void;
  onOpen(): void;
  /** `closed`: the browser gave up on the stream (an error status); else it retries by itself. */
  onError(error: ApiError, closed: boolean): void;
  /** Injected by tests; the browser's EventSource, fetch and document otherwise. */
  eventSource?: typeof EventSource;
  fetch?: typeof fetch;
  document?: Document;
};

type EventStream = { close(): void };

/** `{gameBase}events?hash=TOKEN[&lasteventid=N][&newsafter=M]` */
export function eventsUrl(
  gameBase: string,
  token: string,
  lastEventId: number | null,
  newsAfter: number | null = null,
): string {
  const query = new URLSearchParams({ hash: token });
  if (lastEventId !== null) query.set("lasteventid", String(lastEventId));
  if (newsAfter !== null) query.set("newsafter", String(newsAfter));
  return `${endpoint(gameBase, "events")}?${query.toString()}`;
}

/**
 * EventSource hides the status of a refused stream; one plain request finds it
 * (401 `invalid hash`, 406 `invalid lasteventiD parameter`, ...).
 */
async function probe(url: string, fetchImpl: typeof fetch): Promise<ApiError> {
  const abort = new AbortController();
  try {
    const response = await fetchImpl(url, { signal: abort.signal, cache: "no-store" });
    if (response.ok) return { code: ErrorCode.general, reason: "stream closed" };
    return { code: String(response.status), reason: (await response.text()).trim() };
  } catch (error) {
    return { code: ErrorCode.general, reason: error instanceof Error ? error.message : "" };
  } finally {
    abort.abort();
  }
}

/**
 * How long the app may be off the screen before its stream closes: the server then counts the
 * player as away and pushes what comes to the phone instead (decisions/040); the stream opens
 * again, after the last event, when the app is back.
 */
export const HIDDEN_CLOSE_MS = 30_000;

/**
 * Opens the game's event stream, parses every event with the protocol and hands it on.
 * Remembers the last event id and, when the stream closed (by the browser, or after the app
 * was hidden for HIDDEN_CLOSE_MS), opens it again from there as soon as the tab becomes visible.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const EventSourceImpl = options.eventSource ?? EventSource;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const doc = options.document ?? document;
  let lastEventId = options.lastEventId;
  let source: EventSource | null = null;
  let stopped = false;

  function connect(): void {
    const url = eventsUrl(
      options.gameBase,
      options.token,
      lastEventId,
      options.newsAfter?.() ?? null,
    );
    const current = new EventSourceImpl(url);
    source = current;
    // EventSource keeps the last `id:` for events without one (such as the playerstatus that
    // starts every connection, also after its own reconnects): an id equal to the one before
    // is no id of that event's own.
    let previousId = "";

    current.onopen = () => {
      if (!stopped) options.onOpen();
    };

    const connectionError = () => {
      if (stopped || source !== current) return;
      const closed = current.readyState === EventSourceImpl.CLOSED;
      if (!closed) {
        options.onError({ code: ErrorCode.general, reason: "reconnecting" }, false);
        return;
      }
      void probe(url, fetchImpl).then((error) => {
        if (!stopped && source === current) options.onError(error, true);
      });
    };

    for (const type of serverEventTypes) {
      current.addEventListener(type, (message: Event) => {
        // A failing connection also fires "error", as a plain Event without data.
        if (!(message instanceof MessageEvent) || typeof message.data !== "string") {
          if (type === "error") connectionError();
          return;
        }
        if (stopped) return;
        const rawId = message.lastEventId;
        const id = rawId !== "" && rawId !== previousId ? Number(rawId) : null;
        previousId = rawId;
        let event: ServerEvent;
        try {
          event = parseServerEvent(
            id !== null && Number.isFinite(id) ? id : null,
            type,
            message.data,
          );
        } catch (error) {
          console.warn(`ignoring an invalid ${type} event`, error);
          return;
        }
        if (event.id !== null) lastEventId = Math.max(lastEventId ?? 0, event.id);
        options.onEvent(event);
      });
    }
  }

  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

  function onVisibilityChange(): void {
    clearTimeout(hiddenTimer);
    if (stopped) return;
    if (doc.visibilityState !== "visible") {
      hiddenTimer = setTimeout(() => {
        source?.close();
        source = null;
      }, HIDDEN_CLOSE_MS);
      return;
    }
    if (source === null || source.readyState === EventSourceImpl.CLOSED) connect();
  }

  doc.addEventListener("visibilitychange", onVisibilityChange);
  connect();

  return {
    close() {
      stopped = true;
      clearTimeout(hiddenTimer);
      doc.removeEventListener("visibilitychange", onVisibilityChange);
      source?.close();
    },
  };
}
