import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrganisersMessage } from "@wegmarke/protocol";
import { FakeEventSource } from "../../test/fake-event-source";
import { gameContent, gameStatus } from "../../test/game-content";
import { renderApp } from "../../test/render-app";
import type { Call } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const today = (minute: number) => {
  const at = new Date();
  at.setHours(10, minute, 0, 0);
  return at.toISOString();
};

const mine = (ID: number, Text: string): OrganisersMessage => ({
  ID,
  From: "player",
  Mine: true,
  Text,
  Timestamp: today(ID),
});
const answer = (ID: number, Text: string): OrganisersMessage => ({
  ID,
  From: "organisers",
  Text,
  Timestamp: today(ID),
});
const teammate = (ID: number, Text: string, Name: string): OrganisersMessage => ({
  ID,
  From: "player",
  Name,
  Text,
  Timestamp: today(ID),
});

type Conversation = { Messages: OrganisersMessage[]; Read: number | null };
type Answer = Response | Promise<Response>;

/**
 * The app with the game's server behind it: `GET organisers` answers the conversation, a read
 * mark is taken as it is, and a message is answered by `send` (by default as stored, with the
 * next id), after the player's status came on the stream.
 */
function open(path: string, conversation: Conversation, send?: (call: Call) => Answer) {
  let nextId = 100;
  const respond = (call: Call): Answer | undefined => {
    if (call.url.startsWith("/api/game/organisers?")) {
      return Response.json({ value: conversation });
    }
    if (call.url === "/api/game/organisers/read") {
      return Response.json({ value: { Read: (call.body as { Read: number }).Read } });
    }
    if (call.url !== "/api/game/organisers") return undefined;
    if (send !== undefined) return send(call);
    return Response.json({ value: mine(nextId++, (call.body as { Text: string }).Text) });
  };
  const view = renderApp(path, { token: "abc", content: gameContent, respond });
  act(() => stream().send("playerstatus", gameStatus(), 1));
  return view;
}

const reads = (calls: Call[]) =>
  calls.filter((call) => call.url === "/api/game/organisers/read").map((call) => call.body);
/** A bubble's message text, as written. */
const textOf = (bubble: HTMLElement) => bubble.querySelector(".organisers__text")?.textContent;
const log = () => screen.getByRole("log", { name: "Nachrichten mit der Spielleitung" });
const field = () => screen.getByRole("textbox", { name: "Deine Nachricht an die Spielleitung" });

describe("the conversation with the organisers", () => {
  it("shows the messages as a chat: the player's own, a teammate's and the organisers'", async () => {
    const { calls } = open("/organisers", {
      Messages: [
        mine(3, "Wo finde ich die Kirche?"),
        teammate(4, "Wir stehen am Markt.", "Mia"),
        answer(5, "Hinter dem Rathaus links.\nDann die Treppe hoch."),
      ],
      Read: 3,
    });
    expect(await screen.findByRole("heading", { name: "Spielleitung", level: 1 })).toBeTruthy();
    const bubbles = await within(log()).findAllByTestId("organisers-message");
    expect(bubbles.map((bubble) => bubble.dataset.writer)).toEqual([
      "own",
      "teammate",
      "organisers",
    ]);
    const [own, mia, organisers] = bubbles as [HTMLElement, HTMLElement, HTMLElement];
    expect(own.textContent).toContain("Du: Wo finde ich die Kirche?");
    expect(within(mia).getByText("Mia")).toBeTruthy();
    expect(within(organisers).getByText("Spielleitung")).toBeTruthy();
    // Line breaks and all.
    expect(textOf(organisers)).toBe("Hinter dem Rathaus links.\nDann die Treppe hoch.");
    expect(within(organisers).getByText("10:05")).toBeTruthy();
    expect(log().getAttribute("aria-live")).toBe("polite");
    // On the screen, the newest message counts as read.
    await waitFor(() => expect(reads(calls)).toEqual([{ Hash: "abc", Read: 5 }]));
  });

  it("invites the player to write while there is no message", async () => {
    const { calls } = open("/organisers", { Messages: [], Read: null });
    expect(
      await screen.findByText(
        "Hast du eine Frage oder kommst nicht weiter? Schreib der Spielleitung.",
      ),
    ).toBeTruthy();
    expect(reads(calls)).toEqual([]);
  });

  it("sends a message, shows it and empties the field", async () => {
    const { calls } = open("/organisers", { Messages: [answer(5, "Willkommen!")], Read: 5 });
    await within(log()).findByText("Willkommen!");
    const send = screen.getByRole("button", { name: "Senden" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(field(), { target: { value: "  Wo ist die Kirche?\nIch sehe sie nicht.  " } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);

    await waitFor(() =>
      expect(within(log()).getAllByTestId("organisers-message").map(textOf)).toEqual([
        "Willkommen!",
        "Wo ist die Kirche?\nIch sehe sie nicht.",
      ]),
    );
    const posts = calls.filter((call) => call.url === "/api/game/organisers");
    expect(posts).toEqual([
      {
        url: "/api/game/organisers",
        body: { Hash: "abc", Text: "Wo ist die Kirche?\nIch sehe sie nicht." },
      },
    ]);
    expect((field() as HTMLTextAreaElement).value).toBe("");
    // The stream's copy of the same message shows it once.
    act(() => stream().send("organisers", { Messages: [mine(100, "Wo ist die Kirche?")] }));
    expect(within(log()).getAllByTestId("organisers-message")).toHaveLength(2);
  });

  it("holds the button while the message goes", async () => {
    let answerCall: (response: Response) => void = () => undefined;
    open("/organisers", { Messages: [], Read: null }, () => {
      return new Promise<Response>((resolve) => {
        answerCall = resolve;
      });
    });
    await screen.findByText(/Hast du eine Frage/);
    fireEvent.change(field(), { target: { value: "Hallo" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    const sending = await screen.findByRole("button", { name: "Wird gesendet …" });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(field().getAttribute("aria-disabled")).toBe("true");
    await act(async () => answerCall(Response.json({ value: mine(7, "Hallo") })));
    expect(await screen.findByRole("button", { name: "Senden" })).toBeTruthy();
    expect(within(log()).getByText("Hallo")).toBeTruthy();
  });

  it("says in words that the hourly limit is reached and keeps the text", async () => {
    open("/organisers", { Messages: [], Read: null }, () => {
      return new Response("too many messages", { status: 429 });
    });
    await screen.findByText(/Hast du eine Frage/);
    fireEvent.change(field(), { target: { value: "Noch eine Frage" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Du hast in der letzten Stunde schon viele Nachrichten geschrieben. Warte ein wenig, bevor du die nächste schickst – dein Text bleibt hier stehen.",
    );
    expect((field() as HTMLTextAreaElement).value).toBe("Noch eine Frage");
    expect(field().getAttribute("aria-describedby")).toBe(alert.id);
    expect(within(log()).queryAllByTestId("organisers-message")).toHaveLength(0);
  });

  it("says when there is no connection and keeps the text", async () => {
    open("/organisers", { Messages: [], Read: null }, () => {
      throw new TypeError("Failed to fetch");
    });
    await screen.findByText(/Hast du eine Frage/);
    fireEvent.change(field(), { target: { value: "Hallo?" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Keine Verbindung. Versuch es noch einmal, sobald du wieder Empfang hast.",
    );
    expect((field() as HTMLTextAreaElement).value).toBe("Hallo?");
  });

  it("shows an answer as it arrives and marks it read", async () => {
    const { calls } = open("/organisers", { Messages: [mine(3, "Hallo?")], Read: 3 });
    await within(log()).findByText("Hallo?");
    act(() => stream().send("organisers", { Messages: [answer(8, "Wir sind gleich da.")] }));
    expect(within(log()).getByText("Wir sind gleich da.")).toBeTruthy();
    await waitFor(() => expect(reads(calls).at(-1)).toEqual({ Hash: "abc", Read: 8 }));
  });

  it("counts the characters left near the limit", async () => {
    open("/organisers", { Messages: [], Read: null });
    await screen.findByText(/Hast du eine Frage/);
    expect(screen.queryByText(/Zeichen/)).toBeNull();
    fireEvent.change(field(), { target: { value: "x".repeat(950) } });
    expect(screen.getByText("Noch 50 Zeichen")).toBeTruthy();
    expect(field().getAttribute("maxlength")).toBe("1000");
  });
});

describe("the organisers' answers elsewhere in the app", () => {
  it("are read when the stream opens and counted on More and its entry until read", async () => {
    open("/points", { Messages: [mine(3, "Hallo?"), answer(4, "Hallo!")], Read: 3 });
    act(() => stream().onopen?.(new Event("open")));
    const footer = screen.getByRole("navigation", { name: "Bereiche" });
    const more = await within(footer).findByRole("button", {
      name: /^Mehr\s*1 neue Antwort der Spielleitung$/,
    });
    expect(within(more).getByText("1")).toBeTruthy();
    act(() => stream().send("organisers", { Messages: [answer(6, "Seid ihr noch da?")] }));
    await within(footer).findByRole("button", {
      name: /^Mehr\s*2 neue Antworten der Spielleitung$/,
    });

    fireEvent.click(more);
    const list = screen.getByRole("list", { name: "Weitere Bereiche" });
    const entry = within(list).getByRole("link", { name: /Spielleitung/ });
    expect(entry.textContent).toBe("Spielleitung 2 ungelesene Nachrichten2");
    fireEvent.click(entry);
    await within(log()).findByText("Seid ihr noch da?");
    await waitFor(() =>
      expect(within(footer).getByRole("button", { name: "Mehr" }).textContent).toBe("Mehr"),
    );
  });

  it("are a link away on the help screen", async () => {
    renderApp("/help", { token: "abc", content: gameContent });
    const link = await screen.findByRole("link", { name: "Spielleitung schreiben" });
    expect(link.getAttribute("href")).toBe("/webapp/organisers");
  });

  it("are not offered on the help screen without a sign-in", async () => {
    renderApp("/help", { content: gameContent });
    await screen.findByText("Fragen zum Spiel? Hier findest du die Antworten.");
    expect(screen.queryByRole("link", { name: "Spielleitung schreiben" })).toBeNull();
  });
});
