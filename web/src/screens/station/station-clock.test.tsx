import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { playerStatus } from "../../test/fixtures";
import { gameContent, gameStatus } from "../../test/game-content";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The stream's clock, its end `endsIn` from the server's now (negative: it is over). */
function sendClock({ startsIn, endsIn }: { startsIn?: number; endsIn?: number }) {
  const now = Date.now();
  stream().send("gameclock", {
    StartsAt: startsIn === undefined ? null : iso(now + startsIn),
    EndsAt: endsIn === undefined ? null : iso(now + endsIn),
    ServerTime: iso(now),
  });
}

describe("the game's clock at a station", () => {
  it("replaces the answer field by the game-over line, and brings it back when a host extends the game", async () => {
    renderApp("/station/1", { token: "abc" });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1);
      stream().send("answer-expected", { StationID: 1 }, 2);
      sendClock({ endsIn: 30 * minute });
    });
    expect(await screen.findByLabelText("Deine Antwort")).toBeTruthy();
    const pill = screen.getByRole("timer");
    expect(pill.textContent).toMatch(/^Noch (29:59|30:00)$/);
    expect(pill.getAttribute("aria-label")).toBe("Verbleibende Spielzeit: 30 Minuten");
    expect(pill.className).not.toContain("clock-pill--final");

    act(() => sendClock({ endsIn: -minute }));
    expect(screen.queryByLabelText("Deine Antwort")).toBeNull();
    expect(screen.getByText("Das Spiel ist vorbei: Antworten zählen nicht mehr.")).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
    const banner = screen.getByText("Das Spiel ist vorbei. Die Rangliste steht fest.");
    const link = within(banner.parentElement as HTMLElement).getByRole("link", {
      name: "Zur Rangliste",
    });
    expect(link.getAttribute("href")).toBe("/webapp/scoreboard");

    // A host gives the game 15 more minutes: the field is back, without a reload.
    act(() => sendClock({ endsIn: 5 * minute }));
    expect(screen.getByLabelText("Deine Antwort")).toBeTruthy();
    expect(screen.queryByText("Das Spiel ist vorbei: Antworten zählen nicht mehr.")).toBeNull();
    expect(screen.queryByText("Das Spiel ist vorbei. Die Rangliste steht fest.")).toBeNull();
    expect(screen.getByRole("timer").className).toContain("clock-pill--final");
  });

  it("says when the game starts instead of the start button, and disables it from the end on", async () => {
    // Only the date: the app's timers run as they do.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 5, 13, 8, 30));
    renderApp("/station/1", { token: "abc" });
    act(() => {
      stream().send("playerstatus", playerStatus(), 1);
      sendClock({ startsIn: 90 * minute });
    });
    const heading = await screen.findByRole("heading", { name: "Der Marktplatz", level: 2 });
    const article = heading.closest("article") as HTMLElement;
    expect(within(article).queryByRole("button", { name: "Station starten" })).toBeNull();
    expect(within(article).getByText("Das Spiel beginnt um 10:00 Uhr.")).toBeTruthy();
    // The line under the header says it too, with what the player may do until then.
    const banner = screen.getByTestId("clock-banner");
    expect(within(banner).getByText("Das Spiel beginnt um 10:00 Uhr.")).toBeTruthy();
    expect(banner.getAttribute("role")).toBe("status");

    act(() => sendClock({ startsIn: 24 * 60 * minute }));
    expect(within(banner).getByText("Das Spiel beginnt am 14.06. um 08:30 Uhr.")).toBeTruthy();

    act(() => sendClock({ startsIn: -60 * minute, endsIn: -minute }));
    const button = within(article).getByRole<HTMLButtonElement>("button", {
      name: "Station starten",
    });
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("Das Spiel ist vorbei: Stationen starten nicht mehr.");

    act(() => sendClock({ startsIn: -60 * minute, endsIn: 60 * minute }));
    expect(
      within(article).getByRole<HTMLButtonElement>("button", { name: "Station starten" }).disabled,
    ).toBe(false);
    expect(screen.getByRole("timer").getAttribute("aria-label")).toBe(
      "Verbleibende Spielzeit: 1 Stunde",
    );
  });

  it("starts a station that opens by being opened only once the game has started", async () => {
    const { calls } = renderApp("/email/30", { token: "abc", content: gameContent });
    act(() => {
      stream().send("playerstatus", { ...gameStatus(), BacklogUntil: 0 });
      sendClock({ startsIn: 30 * minute });
    });
    expect(await screen.findAllByText(/^Das Spiel beginnt/)).toHaveLength(2);
    expect(calls.filter((call) => call.url.includes("station/"))).toEqual([]);

    act(() => sendClock({ startsIn: -minute }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/game/station/activate"));
    expect(screen.queryByText(/^Das Spiel beginnt/)).toBeNull();
  });

  it("keeps a button the clock refused (409 game over): it counts again once a host extends the game", async () => {
    renderApp("/station/2", {
      token: "abc",
      respond: ({ url }) =>
        url.endsWith("button/activate") ? new Response("game over", { status: 409 }) : undefined,
    });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 2, ActiveStations: [2] }));
      stream().send("buttongroup-start", { StationID: 2 }, 1);
      stream().send("webbutton", { StationID: 2, Target: "t-1", Text: "Die Aussicht" }, 2);
      stream().send("buttoninput-expected", { StationID: 2 }, 3);
    });
    fireEvent.click(await screen.findByRole("button", { name: "Die Aussicht" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Das Spiel ist vorbei.");
    expect(screen.getByRole("button", { name: "Die Aussicht" })).toBeTruthy();
  });

  it("shows no clock in a game without one", async () => {
    renderApp("/station/1", { token: "abc" });
    act(() =>
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1),
    );
    expect(await screen.findByRole("button", { name: "Station beenden" })).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByTestId("clock-banner")).toBeNull();
  });
});
