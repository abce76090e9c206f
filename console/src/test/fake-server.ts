import { vi } from "vitest";

type Handler = (request: { body: unknown; url: URL }) => Response | Promise<Response>;

/** A JSON answer. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** A plain-text answer, as the server sends its errors. */
export const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * Stands in for the server: `fetch` answers "METHOD /path" from `routes` (the query is the
 * handler's to read), anything else 404; every request is recorded, a JSON body parsed, a file
 * (a Blob) as it was sent.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const requests: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    const body =
      typeof init.body === "string"
        ? (JSON.parse(init.body) as unknown)
        : init.body instanceof Blob
          ? init.body
          : undefined;
    requests.push({ method, path: url.pathname, query: url.searchParams, body });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler({ body, url }) : text("not found", 404);
  });
  vi.stubGlobal("fetch", fetch);
  return { requests };
}

/** A stand-in for the browser's EventSource: tests open, emit and fail it by hand. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event("open"));
  }

  emit(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** A dropped connection (`reconnect`: the browser tries again) or a refused one. */
  fail(reconnect: boolean): void {
    this.readyState = reconnect ? FakeEventSource.CONNECTING : FakeEventSource.CLOSED;
    this.onerror?.(new Event("error"));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The newest one made, which the console uses. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (source === undefined) throw new Error("no EventSource was opened");
    return source;
  }
}

/** Makes `EventSource` the fake for this test. */
export function fakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  return FakeEventSource;
}
