import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../test/fake-event-source";
import { playerStatus, station } from "../test/fixtures";
import { renderApp } from "../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const now = () => new Date().toISOString();

function stream() {
  return FakeEventSource.latest();
}

describe("route guard and login", () => {
  it("sends an unauthenticated player to login with the target, and there after joining", async () => {
    const { router, calls } = renderApp("/station/1");
    expect(router.state.location.pathname).toBe("/webapp/login");
    expect(router.state.location.search).toBe("?target=%2Fwebapp%2Fstation%2F1");
    fireEvent.click(screen.getByRole("button", { name: "Kostenlos mitmachen" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/station/1"));
    expect(calls[0]).toEqual({
      url: "/api/account/player/optin/anon",
      body: { story_id: "marburg", language: "de" },
    });
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=new-token"));
  });

  it("shows the 404 screen for unknown paths", () => {
    renderApp("/nirgendwo");
    expect(screen.getByRole("heading", { name: "Diese Seite gibt es nicht." })).toBeTruthy();
  });
});

describe("station list", () => {
  it("links each station by its title and marks the running one", async () => {
    renderApp("/station", { token: "abc" });
    act(() =>
      stream().send("playerstatus", playerStatus({ CurrentStation: 2, ActiveStations: [2] })),
    );
    const link = await screen.findByRole("link", { name: "Der Marktplatz" });
    expect(link.getAttribute("href")).toBe("/webapp/station/1");
    const running = screen.getByRole("link", { name: "Das Landgrafenschloss" }).closest("article");
    expect(within(running as HTMLElement).getByText("Läuft")).toBeTruthy();
  });

  it("activating another station prompts a switch confirmation, then cancels the current one first", async () => {
    const { calls } = renderApp("/station", { token: "abc" });
    act(() =>
      stream().send("playerstatus", playerStatus({ CurrentStation: 2, ActiveStations: [2] })),
    );
    const marktplatz = (await screen.findByRole("link", { name: "Der Marktplatz" })).closest(
      "article",
    );
    fireEvent.click(
      within(marktplatz as HTMLElement).getByRole("button", { name: "Station starten" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Station wechseln?" });
    // The station that ends is named, not "sie" (which reads as the one that starts).
    expect(dialog.textContent).toMatch(
      /Du spielst gerade „([^“]+)“\. Wenn du jetzt „Der Marktplatz“ startest, wird „\1“ beendet\./,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Ja, starten" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.url)).toEqual([
      "/api/game/station/cancel",
      "/api/game/station/activate",
    ]);
    expect(calls[0]?.body).toEqual({ StationID: 2, Hash: "abc" });
  });
});

describe("station", () => {
  it("shows a station call the server refuses as a flash message apiError.{code}", async () => {
    renderApp("/station/1", {
      token: "abc",
      respond: ({ url }) =>
        url.endsWith("station/activate") ? new Response("boom", { status: 500 }) : undefined,
    });
    act(() => stream().send("playerstatus", playerStatus()));
    fireEvent.click(await screen.findByRole("button", { name: "Station starten" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Ja, starten" }));
    const flash = await screen.findByRole("alert");
    expect(flash.textContent).toContain("Da ist etwas schiefgegangen.");
    fireEvent.click(within(flash).getByRole("button", { name: "Schließen" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says so when the station is unavailable", () => {
    renderApp("/station/7", { token: "abc" });
    act(() => stream().send("playerstatus", playerStatus()));
    expect(screen.getByText("Station ist nicht verfügbar.")).toBeTruthy();
  });

  /** The answer field takes nothing now: read-only, and said so, yet it keeps the focus. */
  const takesNothing = (input: HTMLElement) =>
    (input as HTMLInputElement).readOnly && input.getAttribute("aria-disabled") === "true";

  it("activates after confirming, types the character's messages and takes an answer", async () => {
    const { calls } = renderApp("/station/1", { token: "abc" });
    act(() => stream().send("playerstatus", playerStatus()));
    fireEvent.click(await screen.findByRole("button", { name: "Station starten" }));
    const dialog = screen.getByRole("dialog", { name: "Station starten?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Ja, starten" }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/game/station/activate"));

    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1);
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Welches **Tier**?", Timestamp: now() },
        2,
      );
      stream().send("answer-expected", { StationID: 1 }, 3);
    });
    expect(screen.getByRole("status").textContent).toContain("Lena schreibt …");
    const input = screen.getByLabelText("Deine Antwort");
    // Started here: the answer field has the focus the start button had.
    expect(document.activeElement).toBe(input);
    expect(takesNothing(input)).toBe(true);
    expect((screen.getByRole("button", { name: "Senden" }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await waitFor(() => expect(takesNothing(input)).toBe(false));
    const log = screen.getByRole("log");
    expect(log.getAttribute("aria-live")).toBe("polite");
    const [bubble] = within(log).getAllByTestId("message");
    expect(bubble?.dataset.originator).toBe("Lena");
    expect(bubble?.querySelector("strong")?.textContent).toBe("Tier");
    expect(screen.queryByRole("status")).toBeNull();

    fireEvent.change(input, { target: { value: "  Hahn /  " } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/game/player/answer"));
    expect(calls.at(-1)?.body).toEqual({ StationID: 1, Answer: "Hahn", Hash: "abc" });
    await waitFor(() => expect(takesNothing(input)).toBe(true));
    expect(document.activeElement).toBe(input);

    act(() =>
      stream().send(
        "webtext",
        { StationID: 1, Originator: "user", Text: "Hahn", Timestamp: now() },
        4,
      ),
    );
    expect(within(log).getAllByTestId("message").at(-1)?.dataset.originator).toBe("user");
  });

  it("offers the buttons when button input is expected and sends the chosen target", async () => {
    const { calls } = renderApp("/station/2", { token: "abc" });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 2, ActiveStations: [2] }));
      stream().send("buttongroup-start", { StationID: 2 }, 1);
      stream().send("webbutton", { StationID: 2, Target: "t-1", Text: "Die Aussicht" }, 2);
      stream().send("buttoninput-expected", { StationID: 2 }, 3);
    });
    fireEvent.click(await screen.findByRole("button", { name: "Die Aussicht" }));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({ StationID: 2, Button: "t-1", Hash: "abc" }),
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "Die Aussicht" })).toBeNull());
  });

  it("takes away a button the server no longer expects (409), and says so", async () => {
    renderApp("/station/2", {
      token: "abc",
      respond: ({ url }) =>
        url.endsWith("button/activate")
          ? new Response("no button input expected", { status: 409 })
          : undefined,
    });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 2, ActiveStations: [2] }));
      stream().send("buttongroup-start", { StationID: 2 }, 1);
      stream().send("webbutton", { StationID: 2, Target: "t-1", Text: "Die Aussicht" }, 2);
      stream().send("buttoninput-expected", { StationID: 2 }, 3);
    });
    fireEvent.click(await screen.findByRole("button", { name: "Die Aussicht" }));
    await screen.findByRole("alert");
    expect(screen.queryByRole("button", { name: "Die Aussicht" })).toBeNull();
  });

  it("cancelling a station asks confirmation, then cancels it", async () => {
    const { calls } = renderApp("/station/1", { token: "abc" });
    act(() =>
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] })),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Station beenden" }));
    const dialog = screen.getByRole("dialog", { name: "Station beenden?" });
    // The title (from the content, or the station's name while it loads) each time.
    expect(dialog.textContent).toMatch(
      /Wenn du „([^“]+)“ jetzt beendest, werden die Nachrichten von „\1“ gelöscht, und „\1“ beginnt beim nächsten Mal von vorn\./,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Station beenden" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, beenden" }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/game/station/cancel"));
  });

  it("shows a done station's points", () => {
    const done = station({ Points: 2, MaxPoints: 3, GameState: { Done: true, Played: true } });
    renderApp("/station/1", { token: "abc" });
    act(() => stream().send("playerstatus", playerStatus({ Stations: { "1": done } })));
    expect(screen.getByText("Erledigt")).toBeTruthy();
    expect(screen.getByText("2 von 3 Punkten")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Station starten" })).toBeNull();
  });

  it("shows a lost stream as a flash with a reload button", async () => {
    renderApp("/station", { token: "abc" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("down", { status: 503 })),
    );
    act(() => stream().fail(true));
    const flash = await screen.findByRole("alert");
    expect(flash.textContent).toContain("Die Verbindung ist abgebrochen.");
    expect(within(flash).getByRole("button", { name: "Neu laden" })).toBeTruthy();
  });

  it.each([
    [401, "invalid hash"],
    [406, "invalid hash"],
  ])(
    "on %i %s says so with a reload button, which leads to the login, never silently",
    async (status, reason) => {
      const { router } = renderApp("/station", { token: "abc" });
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => new Response(reason, { status })),
      );
      act(() => stream().fail(true));
      const flash = await screen.findByRole("alert");
      expect(flash.textContent).toContain("Die Verbindung ist abgebrochen.");
      expect(router.state.location.pathname).toBe("/webapp/station");
      expect(localStorage.getItem("wegmarke.config")).not.toBeNull();

      fireEvent.click(within(flash).getByRole("button", { name: "Neu laden" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
      expect(localStorage.getItem("wegmarke.config")).toBeNull();
      expect(screen.queryByRole("alert")).toBeNull();
    },
  );
});
