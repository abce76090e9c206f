import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { playerStatus, station } from "../../test/fixtures";
import { gameContent, gameStatus } from "../../test/game-content";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const now = () => new Date().toISOString();
const open = (path: string) => renderApp(path, { token: "abc", content: gameContent });

describe("lists", () => {
  it.each([
    ["/station", "Gerade gibt es keine offenen Stationen."],
    ["/main", "Hier gibt es noch kein Spiel."],
    ["/archive", "Das Archiv ist noch leer."],
    ["/custom", "Noch keine Einträge."],
    ["/email", "Noch keine Nachrichten."],
    ["/story", "Noch keine Erzählstationen."],
  ])("empty lists show a no-entries text per type: %s", (path, text) => {
    open(path);
    act(() => stream().send("playerstatus", playerStatus({ Stations: {} })));
    expect(screen.getByTestId("empty-list").textContent).toBe(text);
  });

  const finished = { GameState: { Done: true, Played: true, Visible: true } };
  const allFinished = (except: string[] = []) => {
    const status = gameStatus();
    for (const [id, entry] of Object.entries(status.Stations)) {
      if (!except.includes(id)) status.Stations[id] = { ...entry, ...finished };
    }
    return status;
  };

  it("a finished station list says where the game goes on, and all done only when it is", async () => {
    open("/station");
    act(() => stream().send("playerstatus", allFinished(["30", "21"]), 1));
    expect((await screen.findByTestId("empty-list")).textContent).toBe(
      "Alle Stationen dieser Liste sind erledigt.",
    );
    expect(screen.getByText("Weiter geht es hier:")).toBeTruthy();
    const archive = screen.getByRole("link", { name: "Archiv 1 offen" });
    expect(archive.getAttribute("href")).toBe("/webapp/archive");
    expect(screen.getByRole("link", { name: "Briefe 1 offen" }).getAttribute("href")).toBe(
      "/webapp/email",
    );
    expect(screen.queryByText(/alle Stationen des Spiels/)).toBeNull();

    act(() => stream().send("playerstatus", allFinished(), 2));
    await waitFor(() =>
      expect(screen.getByTestId("empty-list").textContent).toBe(
        "Stark – du hast alle Stationen des Spiels geschafft!",
      ),
    );
    expect(screen.queryByText("Weiter geht es hier:")).toBeNull();
  });

  it("a finished station list hints at hidden stations that are left", async () => {
    open("/station");
    const status = allFinished();
    status.Stations["6"] = station({
      Name: "kapelle",
      GameState: { Done: false, Played: false, Visible: "secret" },
    });
    act(() => stream().send("playerstatus", status, 1));
    expect((await screen.findByTestId("empty-list")).textContent).toBe(
      "Alle Stationen dieser Liste sind erledigt.",
    );
    expect(screen.getByText(/Ein paar Stationen sind noch versteckt/)).toBeTruthy();
  });

  it("below open stations the station list names the other views with open stations", async () => {
    open("/station");
    act(() => stream().send("playerstatus", gameStatus(), 1));
    const also = await screen.findByRole("region", { name: "Außerdem im Spiel" });
    expect(
      within(also)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Hauptgeschichte 1 offen",
      "Archiv 2 offen",
      "Weitere Stationen 1 offen",
      "Briefe 1 offen",
    ]);
  });

  it("names a view as the pack does, in More, the station list and atop its list", async () => {
    renderApp("/email", {
      token: "abc",
      content: {
        ...gameContent,
        views: { email: { label: "Post von Elisabeth", text: "Briefe aus der Kirche." } },
      },
    });
    act(() => stream().send("playerstatus", gameStatus(), 1));
    expect(
      await screen.findByRole("heading", { name: "Post von Elisabeth", level: 2 }),
    ).toBeTruthy();
    expect(screen.getByText("Briefe aus der Kirche.")).toBeTruthy();
    // The header keeps the route's title.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nachrichten");
    fireEvent.click(screen.getByRole("button", { name: "Mehr" }));
    const more = screen.getByRole("list", { name: "Weitere Bereiche" });
    expect(within(more).getByRole("link", { name: "Post von Elisabeth 1 offen" })).toBeTruthy();
  });

  it("a view the pack does not name says what it holds atop its list", async () => {
    open("/custom");
    act(() => stream().send("playerstatus", gameStatus(), 1));
    expect(
      await screen.findByText("Weitere Stationen des Spiels: öffne eine, dann geht es los."),
    ).toBeTruthy();
  });

  it("the archive lists its entries by station id descending and opens them by link", async () => {
    open("/archive");
    act(() => stream().send("playerstatus", gameStatus()));
    const links = await screen.findAllByRole("link", { name: /Die alte Karte|Das Siegel/ });
    expect(links.map((link) => link.textContent)).toEqual(["Das Siegel", "Die alte Karte"]);
    expect(links[0]?.getAttribute("href")).toBe("/webapp/archive/21");
    // Archive entries start by their button, as stations do.
    expect(screen.getAllByRole("button", { name: "Station starten" })).toHaveLength(2);
  });

  it("entries that start by being opened have no start button in their list", async () => {
    open("/email");
    act(() => stream().send("playerstatus", gameStatus()));
    await screen.findByRole("link", { name: "Rosen für die Armen" });
    expect(screen.queryByRole("button", { name: "Station starten" })).toBeNull();
  });

  it("the email list shows sender, subject and the message's first lines", async () => {
    open("/email");
    act(() => stream().send("playerstatus", gameStatus()));
    const link = await screen.findByRole("link", { name: "Rosen für die Armen" });
    const card = link.closest("article") as HTMLElement;
    expect(within(card).getByText("Von Elisabeth")).toBeTruthy();
    expect(within(card).getByText(/Liebe Leserin/)).toBeTruthy();
  });

  it("the main list has activate and cancel actions with confirmation", async () => {
    const { calls } = open("/main");
    act(() => stream().send("playerstatus", gameStatus()));
    fireEvent.click(await screen.findByRole("button", { name: "Station starten" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Station starten?" })).getByRole("button", {
        name: "Ja, starten",
      }),
    );
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/game/station/activate"));
    expect(calls.at(-1)?.body).toEqual({ StationID: 10, Hash: "abc", Language: "de" });
  });

  it("the station list shows a running indicator and an unread-messages count", async () => {
    renderApp("/station", {
      token: "abc",
      content: gameContent,
      config: { timePerCharacterInMs: 0, unreadMessageDelayMs: 0 },
    });
    act(() => {
      stream().send("playerstatus", gameStatus({ CurrentStation: 2, ActiveStations: [2] }), 1);
      for (const id of [2, 3]) {
        stream().send(
          "webtext",
          { StationID: 2, Originator: "Lena", Text: `Nachricht ${id}`, Timestamp: now() },
          id,
        );
      }
    });
    const link = await screen.findByRole("link", { name: "Das Landgrafenschloss" });
    const card = link.closest("article") as HTMLElement;
    expect(within(card).getByText("Läuft")).toBeTruthy();
    expect(await within(card).findByText("2 ungelesene Nachrichten")).toBeTruthy();
    // The running station comes first.
    expect(screen.getAllByRole("heading", { level: 2 })[0]?.textContent).toBe(
      "Das Landgrafenschloss",
    );
  });

  it("a finished station with unread messages stays in the station list until they are read", async () => {
    const { router } = renderApp("/station", {
      token: "abc",
      content: gameContent,
      config: { timePerCharacterInMs: 0, unreadMessageDelayMs: 0 },
    });
    const done = { Done: true, Played: true, Visible: true };
    const finished = gameStatus();
    finished.Stations["1"] = station({ Points: 3, GameState: done });
    act(() => {
      stream().send("playerstatus", finished, 1);
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Bis bald!", Timestamp: now() },
        2,
      );
    });
    const link = await screen.findByRole("link", { name: "Der Marktplatz" });
    const card = link.closest("article") as HTMLElement;
    expect(within(card).getByText("Erledigt")).toBeTruthy();
    expect(within(card).getByText("1 ungelesene Nachricht")).toBeTruthy();
    const footer = screen.getByRole("navigation", { name: "Bereiche" });
    expect(
      within(footer).getByRole("link", { name: /Stationen.*1 ungelesene Nachricht/ }),
    ).toBeTruthy();

    fireEvent.click(link);
    expect(await screen.findByText("Bis bald!")).toBeTruthy();
    await waitFor(() =>
      expect(within(footer).getByRole("link", { name: "Stationen" })).toBeTruthy(),
    );
    fireEvent.click(within(footer).getByRole("link", { name: "Stationen" }));
    expect(router.state.location.pathname).toBe("/webapp/station");
    expect(screen.queryByRole("link", { name: "Der Marktplatz" })).toBeNull();
  });

  it("new stations in a view set its '!' until the list is seen", async () => {
    open("/");
    act(() => stream().send("playerstatus", gameStatus({ Stations: {} }), 1));
    act(() => stream().send("playerstatus", gameStatus(), 2));
    const more = screen.getByRole("button", { name: "Mehr" });
    expect(within(more).getByText("!")).toBeTruthy();
    fireEvent.click(more);
    fireEvent.click(screen.getByRole("link", { name: /Archiv/ }));
    await screen.findByRole("link", { name: "Das Siegel" });
    await waitFor(() => expect(within(more).queryByText("!")).toBeTruthy());
    fireEvent.click(more);
    expect(within(screen.getByRole("link", { name: /Archiv/ })).queryByText("!")).toBeNull();
  });
});

describe("detail views", () => {
  it("custom, email and story stations activate on opening when not done", async () => {
    const { calls } = open("/email/30");
    act(() => stream().send("playerstatus", gameStatus()));
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/game/station/activate"));
    expect(calls.at(-1)?.body).toEqual({ StationID: 30, Hash: "abc", Language: "de" });
    expect(screen.getByRole("heading", { name: "Rosen für die Armen" })).toBeTruthy();
    expect(screen.getByText("Von Elisabeth")).toBeTruthy();
  });

  it("a done entry is not activated again", () => {
    const { calls } = open("/custom/40");
    const done = gameStatus();
    done.Stations["40"] = station({
      Name: "notiz",
      GameState: { Done: true, Played: true },
      DisplayHint: { Style: "plain", View: "custom" },
    });
    act(() => stream().send("playerstatus", done));
    expect(screen.getByText("Erledigt")).toBeTruthy();
    expect(calls.filter((call) => call.url.includes("station/"))).toEqual([]);
  });

  it("opening an entry while another station is current asks to switch first", async () => {
    const { calls } = open("/custom/40");
    act(() =>
      stream().send("playerstatus", gameStatus({ CurrentStation: 1, ActiveStations: [1] })),
    );
    const dialog = await screen.findByRole("dialog", { name: "Station wechseln?" });
    expect(dialog.textContent).toContain("Der Marktplatz");
    fireEvent.click(within(dialog).getByRole("button", { name: "Ja, starten" }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual([
        "/api/game/station/cancel",
        "/api/game/station/activate",
      ]),
    );
  });

  it("opening a main station that is active with no messages cancels and reactivates it", async () => {
    const { calls } = open("/main/10");
    act(() =>
      stream().send("playerstatus", gameStatus({ CurrentStation: 10, ActiveStations: [10] })),
    );
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual([
        "/api/game/station/cancel",
        "/api/game/station/activate",
      ]),
    );
  });

  it("waits for the messages still on their way before restarting a main station", async () => {
    const { calls } = open("/main/10");
    const running = gameStatus({ CurrentStation: 10, ActiveStations: [10] });
    // A new device: the stream opens with the status, then replays the station's messages.
    act(() => stream().send("playerstatus", { ...running, BacklogUntil: 2 }));
    await screen.findByRole("heading", { name: "Die Stadtrallye" });
    act(() =>
      stream().send(
        "webtext",
        { StationID: 10, Originator: "Max", Text: "Hallo!", Timestamp: now() },
        1,
      ),
    );
    act(() => stream().send("answer-expected", { StationID: 10 }, 2));
    await screen.findByText("Hallo!");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.url)).toEqual([]);
  });

  it("does not restart a main station the player has just started from the list", async () => {
    const { calls } = open("/main");
    act(() => stream().send("playerstatus", gameStatus()));
    fireEvent.click(await screen.findByRole("button", { name: "Station starten" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, starten" }));
    await screen.findByRole("heading", { name: "Die Stadtrallye" });
    act(() =>
      stream().send("playerstatus", gameStatus({ CurrentStation: 10, ActiveStations: [10] }), 1),
    );
    expect(calls.map((call) => call.url)).toEqual(["/api/game/station/activate"]);
  });

  it.each([
    ["/station/99", "Station ist nicht verfügbar."],
    ["/main/99", "Station ist nicht verfügbar."],
    ["/archive/1", "Eintrag nicht verfügbar."],
    ["/custom/99", "Eintrag nicht verfügbar."],
    ["/email/10", "Nachricht nicht verfügbar."],
    ["/story/1", "Nicht verfügbar"],
  ])("unavailable stations show an unavailable text: %s", (path, text) => {
    open(path);
    act(() => stream().send("playerstatus", gameStatus()));
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("says that a station was taken out of the game while the player was in it", () => {
    open("/station/18");
    act(() => stream().send("playerstatus", gameStatus({ CurrentStation: 18 })));
    expect(screen.getByText("Station ist nicht verfügbar.")).toBeTruthy();
    expect(
      screen.getByText(
        /Die Spielleitung hat diese Station aus dem Spiel genommen, während du sie gespielt hast\./,
      ),
    ).toBeTruthy();
    // Another unknown station has no such sentence.
    cleanup();
    open("/station/19");
    act(() => stream().send("playerstatus", gameStatus({ CurrentStation: 18 })));
    expect(screen.queryByText(/aus dem Spiel genommen/)).toBeNull();
  });

  it("a station shows in a detail view only if its view equals the route slug", () => {
    open("/main/1");
    act(() => stream().send("playerstatus", gameStatus()));
    expect(screen.getByText("Station ist nicht verfügbar.")).toBeTruthy();
  });
});
