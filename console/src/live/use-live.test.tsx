import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onSignInRequired } from "../api/client";
import { fakeEventSource, fakeServer, json, text } from "../test/fake-server";
import type { FakeEventSource } from "../test/fake-server";
import { overview } from "../test/fixtures";
import { FIRST_RETRY_MS, useLive } from "./use-live";

let Source: typeof FakeEventSource;

beforeEach(() => {
  vi.useFakeTimers();
  Source = fakeEventSource();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the console's event stream", () => {
  it("opens /api/ops/live and takes its events, live once open", async () => {
    fakeServer({ "GET /api/ops/overview": () => text("not yet", 503) });
    const { result } = renderHook(() => useLive());
    expect(result.current[0].connection).toBe("connecting");
    const source = Source.latest();
    expect(source.url).toBe("/api/ops/live");

    act(() => source.open());
    expect(result.current[0].connection).toBe("live");
    act(() => source.emit("overview", overview({ streams: 7 })));
    expect(result.current[0].overview?.streams).toBe(7);
    act(() =>
      source.emit("activity", {
        at: "2026-11-25T10:00:00Z",
        kind: "done",
        who: "Wanderer 4117",
        stationId: 1,
        title: "Der Marktplatz",
        points: 3,
        maxPoints: 3,
      }),
    );
    expect(result.current[0].activity).toHaveLength(1);
    await act(async () => undefined);
  });

  it("shows the figures of a call before the stream has sent any", async () => {
    fakeServer({ "GET /api/ops/overview": () => json(overview({ teams: 4 })) });
    const { result } = renderHook(() => useLive());
    await act(async () => undefined);
    expect(result.current[0].overview?.teams).toBe(4);
  });

  it("leaves a dropped connection to the browser's own reconnect", async () => {
    const server = fakeServer({});
    const { result } = renderHook(() => useLive());
    act(() => Source.latest().open());
    act(() => Source.latest().fail(true));
    expect(result.current[0].connection).toBe("reconnecting");
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(Source.instances).toHaveLength(1);
    expect(server.requests.filter((request) => request.path === "/api/ops/me")).toHaveLength(0);
  });

  it("opens a refused stream again after a growing wait, checking the session first", async () => {
    const server = fakeServer({ "GET /api/ops/me": () => json({ name: "anna", via: "session" }) });
    const { result } = renderHook(() => useLive());
    act(() => Source.latest().fail(false));
    expect(result.current[0].connection).toBe("reconnecting");
    expect(server.requests.some((request) => request.path === "/api/ops/me")).toBe(true);

    await act(async () => vi.advanceTimersByTime(FIRST_RETRY_MS - 1));
    expect(Source.instances).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(Source.instances).toHaveLength(2);

    // Refused again: twice the wait.
    act(() => Source.latest().fail(false));
    await act(async () => vi.advanceTimersByTime(FIRST_RETRY_MS * 2 - 1));
    expect(Source.instances).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(Source.instances).toHaveLength(3);
    act(() => Source.latest().open());
    expect(result.current[0].connection).toBe("live");
  });

  it("signs the console out when the check finds the session gone", async () => {
    const signedOut = vi.fn();
    const undo = onSignInRequired(signedOut);
    fakeServer({ "GET /api/ops/me": () => text("operator sign-in required", 401) });
    renderHook(() => useLive());
    act(() => Source.latest().fail(false));
    await act(async () => undefined);
    expect(signedOut).toHaveBeenCalled();
    undo();
  });

  it("closes the stream and stops trying when the console closes", async () => {
    fakeServer({});
    const { unmount } = renderHook(() => useLive());
    const source = Source.latest();
    act(() => source.fail(false));
    unmount();
    expect(source.readyState).toBe(Source.CLOSED);
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(Source.instances).toHaveLength(1);
  });
});
