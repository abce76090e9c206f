import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { playerStatus } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.instances = [];
});

describe("messenger", () => {
  it("a rejection scrolls down", async () => {
    const scrollTo = vi.fn();
    const page = Object.assign(document.createElement("div"), { scrollTo });
    Object.defineProperty(document, "scrollingElement", { configurable: true, value: page });
    renderApp("/station/1", { token: "abc", config: { unreadMessageDelayMs: 0 } });
    const stream = FakeEventSource.latest();
    act(() => {
      stream.send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1);
      stream.send("answer-expected", { StationID: 1 }, 2);
    });
    await screen.findByRole("button", { name: "Station beenden" });
    scrollTo.mockClear();
    act(() => stream.send("answer-expected", { StationID: 1 }, 3));
    expect(await screen.findByText("Das war's noch nicht. Versuch es noch einmal!")).toBeTruthy();
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
    Reflect.deleteProperty(document, "scrollingElement");
  });
});
