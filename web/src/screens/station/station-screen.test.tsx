import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { playerStatus, station } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const now = () => new Date().toISOString();

describe("station detail", () => {
  it("main and station details show title, image, collapsible description, distance, group and the start button", async () => {
    renderApp("/station/1", {
      token: "abc",
      content: {
        stations: {
          "1": {
            title: "Der Marktplatz",
            desc: "Wo ein Tier kräht.",
            longDesc: "Seit 1581 schmückt eine Kunstuhr das Rathaus.",
            imagePath: "stations/1/rathaus.jpg",
            view: "station",
          },
        },
      },
    });
    act(() =>
      stream().send(
        "playerstatus",
        playerStatus({ Stations: { "1": station({ Distance: 420 }) } }),
      ),
    );
    const heading = await screen.findByRole("heading", { name: "Der Marktplatz", level: 2 });
    const article = heading.closest("article") as HTMLElement;
    expect(article.querySelector("img")?.getAttribute("src")).toBe(
      "/assets/webapp-data/stations/1/rathaus.jpg",
    );
    // A picture of unknown size: the style sheet keeps a 3:2 place for it.
    expect(article.querySelector("img")?.hasAttribute("height")).toBe(false);
    expect(within(article).getByText("Wo ein Tier kräht.")).toBeTruthy();
    expect(within(article).getByText("Oberstadt")).toBeTruthy();
    expect(within(article).getByText("450 m")).toBeTruthy();
    const longDesc = within(article).getByText("Seit 1581 schmückt eine Kunstuhr das Rathaus.");
    expect(longDesc.hidden).toBe(true);
    fireEvent.click(within(article).getByRole("button", { name: "Mehr lesen" }));
    expect(longDesc.hidden).toBe(false);
    fireEvent.click(within(article).getByRole("button", { name: "Weniger anzeigen" }));
    expect(longDesc.hidden).toBe(true);
    expect(within(article).getByRole("button", { name: "Station starten" })).toBeTruthy();
    expect(within(article).getByRole("log")).toBeTruthy();
    expect(screen.queryByLabelText("Deine Antwort")).toBeNull();
  });

  it("keeps the place of a picture whose size the content gives, and of one in the chat", async () => {
    const picture = "stations/1/rathaus.jpg";
    const photo = "stations/1/uhr.png";
    renderApp("/station/1", {
      token: "abc",
      content: {
        stations: {
          "1": { title: "Der Marktplatz", desc: "", imagePath: picture, view: "station" },
        },
        pictureSizes: { [picture]: [800, 600], [photo]: [300, 400] },
      },
    });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1 }));
      stream().send(
        "webcontent",
        { StationID: 1, Originator: "Lena", ContentRef: photo, Timestamp: now() },
        1,
      );
    });
    const heading = await screen.findByRole("heading", { name: "Der Marktplatz", level: 2 });
    const image = (heading.closest("article") as HTMLElement).querySelector("img");
    expect([image?.getAttribute("width"), image?.getAttribute("height")]).toEqual(["800", "600"]);
    const zoom = await screen.findByRole("button", { name: /vergrößern/i });
    const inChat = zoom.querySelector("img");
    expect([inChat?.getAttribute("width"), inChat?.getAttribute("height")]).toEqual(["300", "400"]);
  });

  it.each([
    ["list", "Starte die Station, dann kommt hier die erste Nachricht an.", true],
    [
      "qr",
      "Scanne den Code auf dem Schild an der Station, dann kommt hier die erste Nachricht an.",
      false,
    ],
    ["near", "Geh zur Station und starte sie dort, dann kommt hier die erste Nachricht an.", true],
    [
      "qr-or-near",
      "Geh zur Station und starte sie dort oder scanne den Code auf ihrem Schild, dann kommt hier die erste Nachricht an.",
      true,
    ],
  ] as const)(
    "the empty thread of a %s station says how it starts",
    async (trigger, text, startButton) => {
      renderApp("/station/1", { token: "abc" });
      act(() =>
        stream().send(
          "playerstatus",
          playerStatus({ Stations: { "1": station({ Trigger: trigger, Radius: 40 }) } }),
        ),
      );
      const log = await screen.findByRole("log");
      expect(log.textContent).toBe(text);
      expect(screen.queryAllByRole("button", { name: "Station starten" })).toHaveLength(
        startButton ? 1 : 0,
      );
    },
  );

  it("when active, shows a running status, the cancel button and the messenger input", async () => {
    renderApp("/station/1", { token: "abc" });
    act(() =>
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] })),
    );
    expect(await screen.findByText("Läuft")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Station beenden" })).toBeTruthy();
    expect(screen.getByLabelText("Deine Antwort")).toBeTruthy();
  });

  it("shows the done state only once the station's queue has drained", async () => {
    renderApp("/station/1", {
      token: "abc",
      config: { timePerCharacterInMs: 20, unreadMessageDelayMs: 200 },
    });
    const done = station({ Points: 3, MaxPoints: 3, GameState: { Done: true, Played: true } });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1);
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Genau, der Gockel!", Timestamp: now() },
        2,
      );
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Bis gleich!", Timestamp: now() },
        3,
      );
      stream().send("playerstatus", playerStatus({ Stations: { "1": done } }), 4);
    });
    expect(screen.getByRole("status").textContent).toContain("Lena schreibt …");
    expect(screen.queryByText("Erledigt")).toBeNull();
    expect(screen.queryByText("3 von 3 Punkten")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Geschafft!" })).toBeNull();

    expect(await screen.findByRole("heading", { name: "Geschafft!" })).toBeTruthy();
    expect(screen.getByText("Erledigt")).toBeTruthy();
    expect(screen.getByText("3 von 3 Punkten")).toBeTruthy();
    const log = screen.getByRole("log");
    expect(
      within(log)
        .getAllByTestId("message")
        .map((bubble) => bubble.textContent),
    ).toEqual([
      expect.stringContaining("Genau, der Gockel!"),
      expect.stringContaining("Bis gleich!"),
    ]);
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("station thread", () => {
  it("links from a message only where it leads elsewhere: a tip to the station it recommends", async () => {
    renderApp("/station/1", { token: "abc", config: { unreadMessageDelayMs: 0 } });
    act(() => {
      stream().send(
        "playerstatus",
        playerStatus({
          CurrentStation: 1,
          ActiveStations: [1],
          Stations: { "1": station(), "2": station({ Name: "schloss" }) },
        }),
        1,
      );
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Welches Tier kräht?", Timestamp: now() },
        2,
      );
      stream().send(
        "webtext",
        { StationID: 1, Originator: "user", Text: "Gockel", Timestamp: now() },
        3,
      );
      stream().send(
        "webtext-recommendation",
        {
          StationID: 1,
          Originator: "Lena",
          Text: "Geh hinauf zum Schloss!",
          Timestamp: now(),
          RecommendationID: "1:schloss",
        },
        4,
      );
    });
    const bubbles = await within(await screen.findByRole("log")).findAllByTestId("message");
    expect(bubbles).toHaveLength(3);
    // No message links to the station it is shown at: the tip's link is the thread's only one.
    expect(within(screen.getByRole("log")).getAllByRole("link")).toHaveLength(1);
    const tip = bubbles[2] as HTMLElement;
    expect(
      within(tip)
        .getByRole("link", { name: /Das Landgrafenschloss/ })
        .getAttribute("href"),
    ).toBe("/webapp/station/2");
  });
});

describe("a secret station", () => {
  const secret = station({
    Name: "kilianskapelle",
    GameState: { Done: false, Played: false, Visible: "secret" },
  });

  it("is not found by its address before a tip names it, and offers no start", async () => {
    renderApp("/station/6", { token: "abc" });
    act(() =>
      stream().send("playerstatus", playerStatus({ Stations: { "5": station(), "6": secret } })),
    );
    expect(await screen.findByTestId("station-not-found")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Station starten" })).toBeNull();
  });

  it("opens with its start button once a tip naming it has arrived", async () => {
    renderApp("/station/6", { token: "abc" });
    act(() => {
      stream().send("playerstatus", playerStatus({ Stations: { "5": station(), "6": secret } }));
      stream().send(
        "webtext-recommendation",
        {
          StationID: 5,
          Originator: "Wilhelm Grimm",
          Text: "Frag in der Kilianskapelle nach!",
          Timestamp: now(),
          RecommendationID: "5:kilianskapelle",
        },
        1,
      );
    });
    expect(await screen.findByRole("button", { name: "Station starten" })).toBeTruthy();
    expect(screen.queryByTestId("station-not-found")).toBeNull();
  });
});

describe("messenger", () => {
  it("a rejection scrolls down", async () => {
    const scrollTo = vi.fn();
    const page = Object.assign(document.createElement("div"), { scrollTo });
    Object.defineProperty(document, "scrollingElement", { configurable: true, value: page });
    renderApp("/station/1", { token: "abc", config: { unreadMessageDelayMs: 0 } });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1);
      stream().send("answer-expected", { StationID: 1 }, 2);
    });
    await screen.findByRole("button", { name: "Station beenden" });
    scrollTo.mockClear();
    act(() => stream().send("answer-expected", { StationID: 1 }, 3));
    expect(await screen.findByText("Das war's noch nicht. Versuch es noch einmal!")).toBeTruthy();
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
    Reflect.deleteProperty(document, "scrollingElement");
  });

  it("says so when the same answer is sent again, which does not go", async () => {
    const { calls } = renderApp("/station/1", {
      token: "abc",
      config: { unreadMessageDelayMs: 0 },
    });
    const answers = () => calls.filter((call) => call.url.endsWith("player/answer"));
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1);
      stream().send("answer-expected", { StationID: 1 }, 2);
    });
    const input = await screen.findByLabelText<HTMLInputElement>("Deine Antwort");
    await waitFor(() => expect(input.readOnly).toBe(false));
    fireEvent.change(input, { target: { value: "Hund" } });
    fireEvent.submit(input);
    await waitFor(() => expect(answers()).toHaveLength(1));
    act(() => {
      stream().send(
        "webtext",
        { StationID: 1, Originator: "user", Text: "Hund", Timestamp: now() },
        3,
      );
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Nein.", Timestamp: now() },
        4,
      );
      stream().send("answer-expected", { StationID: 1 }, 5);
    });
    await waitFor(() => expect(input.readOnly).toBe(false));
    fireEvent.change(input, { target: { value: " Hund " } });
    fireEvent.submit(input);
    const note = await screen.findByRole("status");
    expect(note.textContent).toBe(
      "Das hast du schon versucht. Versuch es mit einer anderen Antwort!",
    );
    expect(answers()).toHaveLength(1);
    expect(input.value).toBe(" Hund ");
    // Typing anew takes the note away.
    fireEvent.change(input, { target: { value: "Hahn" } });
    expect(screen.queryByText(/schon versucht/)).toBeNull();
  });
});

describe("a station's later messages", () => {
  it("says the character writes again, and shows the way onward only after the last line", async () => {
    renderApp("/station/1", { token: "abc", config: { unreadMessageDelayMs: 0 } });
    const done = station({ GameState: { Done: true, Played: true, Visible: true } });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1, ActiveStations: [1] }), 1);
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Warte …", Timestamp: now() },
        2,
      );
      stream().send("messages-pending", { StationID: 1, Originator: "Lena" }, 3);
      stream().send("playerstatus", playerStatus({ Stations: { "1": done } }), 4);
    });
    const note = await screen.findByText("Lena schreibt dir gleich noch …");
    expect(note.getAttribute("role")).toBe("status");
    expect(screen.queryByText("Geschafft!")).toBeNull();
    expect(screen.queryByRole("link", { name: "Weiter zur nächsten Station" })).toBeNull();

    act(() =>
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Gefunden!", Timestamp: now() },
        5,
      ),
    );
    await screen.findByText("Geschafft!");
    expect(screen.getByRole("link", { name: "Weiter zur nächsten Station" })).toBeTruthy();
    expect(screen.queryByText("Lena schreibt dir gleich noch …")).toBeNull();
  });
});
