import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServerEvent } from "@wegmarke/protocol";
import { FakeEventSource } from "../test/fake-event-source";
import { eventsUrl, HIDDEN_CLOSE_MS, openEventStream } from "./event-stream";

const status = {
  ActiveStations: [],
  CurrentStation: 0,
  CurrentStory: 0,
  TotalPoints: 0,
  HasTeam: false,
  Stations: {},
  Stories: {},
};
const text = { StationID: 1, Originator: "Lena", Text: "Hallo", Timestamp: "2025-05-01T10:00:00Z" };

function open(lastEventId: number | null = null, fetchImpl = vi.fn<typeof fetch>()) {
  const events: ServerEvent[] = [];
  const errors: { code: string; closed: boolean }[] = [];
  const stream = openEventStream({
    gameBase: "/api/game/",
    token: "tok en",
    lastEventId,
    onEvent: (event) => events.push(event),
    onOpen: () => {},
    onError: (error, closed) => errors.push({ code: error.code, closed }),
    eventSource: FakeEventSource as unknown as typeof EventSource,
    fetch: fetchImpl,
  });
  const source = () => FakeEventSource.latest();
  return { stream, events, errors, source };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => {
  FakeEventSource.instances = [];
  setVisibility("visible");
});

describe("eventsUrl", () => {
  it("carries the token and, when known, the last event id", () => {
    expect(eventsUrl("/api/game/", "abc", null)).toBe("/api/game/events?hash=abc");
    expect(eventsUrl("/api/game", "abc", 7)).toBe("/api/game/events?hash=abc&lasteventid=7");
    expect(eventsUrl("/api/game", "abc", null, 12)).toBe("/api/game/events?hash=abc&newsafter=12");
  });
});

describe("event stream", () => {
  it("opens the stream from the remembered last event id", () => {
    const { source, stream } = open(12);
    expect(source().url).toBe("/api/game/events?hash=tok+en&lasteventid=12");
    stream.close();
  });

  it("parses every event with the protocol: the first playerstatus has no id", () => {
    const { source, events, stream } = open();
    source().send("playerstatus", status);
    source().send("webtext", text, 1);
    expect(events.map((event) => [event.type, event.id])).toEqual([
      ["playerstatus", null],
      ["webtext", 1],
    ]);
    stream.close();
  });

  it("ignores events that fail the protocol", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { source, events, stream } = open();
    source().send("webtext", { StationID: "eins" }, 3);
    expect(events).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    stream.close();
  });

  it("treats the unlogged playerstatus after the browser's own reconnect as having no id", () => {
    const { source, events, stream } = open();
    source().send("webtext", text, 5);
    source().send("playerstatus", status);
    expect(events.map((event) => event.id)).toEqual([5, null]);
    stream.close();
  });

  it("reports a stream the browser still retries as not closed", () => {
    const { source, errors, stream } = open();
    source().fail(false);
    expect(errors).toEqual([{ code: "000", closed: false }]);
    stream.close();
  });

  it("reports a closed stream with the status the server refused it with", async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response("invalid hash\n", { status: 401 }),
    );
    const { source, errors, stream } = open(null, fetchImpl);
    source().fail(true);
    await vi.waitFor(() => expect(errors).toEqual([{ code: "401", closed: true }]));
    stream.close();
  });

  it("reconnects when the tab becomes visible and the stream is closed, after the last id", () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("", { status: 500 }));
    const { source, stream } = open(null, fetchImpl);
    source().send("webtext", text, 9);
    source().fail(true);
    setVisibility("hidden");
    expect(FakeEventSource.instances).toHaveLength(1);
    setVisibility("visible");
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(source().url).toBe("/api/game/events?hash=tok+en&lasteventid=9");
    stream.close();
  });

  it("closes the stream after the app was hidden a while, and opens it again when it is back", () => {
    vi.useFakeTimers();
    try {
      const { source, stream } = open();
      source().send("webtext", text, 4);
      setVisibility("hidden");
      vi.advanceTimersByTime(HIDDEN_CLOSE_MS - 1);
      expect(source().readyState).not.toBe(FakeEventSource.CLOSED);
      // Back in time: the same stream goes on.
      setVisibility("visible");
      setVisibility("hidden");
      vi.advanceTimersByTime(HIDDEN_CLOSE_MS);
      expect(source().readyState).toBe(FakeEventSource.CLOSED);
      expect(FakeEventSource.instances).toHaveLength(1);
      setVisibility("visible");
      expect(FakeEventSource.instances).toHaveLength(2);
      expect(source().url).toBe("/api/game/events?hash=tok+en&lasteventid=4");
      stream.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not open a second stream when the open one is still alive", () => {
    const { stream } = open();
    setVisibility("visible");
    expect(FakeEventSource.instances).toHaveLength(1);
    stream.close();
  });

  it("stops handing on events once closed", () => {
    const { source, events, stream } = open();
    stream.close();
    source().send("webtext", text, 1);
    expect(events).toEqual([]);
  });
});
