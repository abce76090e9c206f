import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

describe("a photo in the conversation with the organisers", () => {
  const LINK = "?expires=1&signature=sig";
  const photo = (ID: number) => ({
    Url: `/api/organisers/photos/${ID}${LINK}`,
    Thumb: `/api/organisers/photos/${ID}/thumb${LINK}`,
  });
  const withPhoto = (message: OrganisersMessage): OrganisersMessage => ({
    ...message,
    Photo: photo(message.ID),
  });
  const jpeg = () => new File(["jpeg-bytes"], "IMG_0001.jpg", { type: "image/jpeg" });
  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText<HTMLInputElement>("Foto hinzufügen"), {
      target: { files: [file] },
    });
  const preview = () => screen.queryByRole("img", { name: "Das Foto zur Nachricht" });
  const sendButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Senden" });
  const posts = (calls: Call[]) => calls.filter((call) => call.url === "/api/game/organisers");
  /** The server's answer to a message: as stored, its photo as links. */
  const stored = (call: Call) => {
    const { Text, Photo } = call.body as { Text?: string; Photo?: string };
    const message = mine(100, Text ?? "");
    return Response.json({ value: Photo === undefined ? message : withPhoto(message) });
  };
  let revoke: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:chosen-photo");
    revoke = vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("offers the camera or the gallery beside the field", async () => {
    open("/organisers", { Messages: [], Read: null });
    await screen.findByText(/Hast du eine Frage/);
    const input = screen.getByLabelText<HTMLInputElement>("Foto hinzufügen");
    expect([input.type, input.accept, input.hidden]).toEqual(["file", "image/*", true]);
    expect(input.hasAttribute("capture")).toBe(false);
    expect(screen.getByRole("button", { name: "Foto hinzufügen" })).toBeTruthy();
  });

  it("shows the chosen photo and sends it in base64 with the text", async () => {
    const { calls } = open("/organisers", { Messages: [], Read: null }, stored);
    await screen.findByText(/Hast du eine Frage/);
    choose(jpeg());
    expect(preview()?.getAttribute("src")).toBe("blob:chosen-photo");
    fireEvent.change(field(), { target: { value: " Ist das der Turm? " } });
    fireEvent.click(sendButton());

    const bubble = await within(log()).findByTestId("organisers-message");
    // jsdom cannot draw the photo anew: the file itself goes, as on a browser that cannot.
    expect(posts(calls).map((call) => call.body)).toEqual([
      { Hash: "abc", Text: "Ist das der Turm?", Photo: btoa("jpeg-bytes") },
    ]);
    expect(textOf(bubble)).toBe("Ist das der Turm?");
    expect(within(bubble).getByRole("img", { name: "Foto" })).toBeTruthy();
    expect(preview()).toBeNull();
    expect((field() as HTMLTextAreaElement).value).toBe("");
    // The preview's address goes with the effect's cleanup, which React runs after the paint.
    await waitFor(() => expect(revoke).toHaveBeenCalledWith("blob:chosen-photo"));
  });

  it("sends a photo on its own without a text, and shows no empty text", async () => {
    const { calls } = open("/organisers", { Messages: [], Read: null }, stored);
    await screen.findByText(/Hast du eine Frage/);
    expect(sendButton().disabled).toBe(true);
    choose(jpeg());
    expect(sendButton().disabled).toBe(false);
    fireEvent.change(field(), { target: { value: "  \n " } });
    fireEvent.click(sendButton());

    const bubble = await within(log()).findByTestId("organisers-message");
    const [post] = posts(calls);
    expect(post?.body).toEqual({ Hash: "abc", Photo: btoa("jpeg-bytes") });
    expect(Object.keys(post?.body as object)).not.toContain("Text");
    expect(within(bubble).getByRole("img", { name: "Foto" })).toBeTruthy();
    expect(bubble.querySelector(".organisers__text")).toBeNull();
  });

  it("removes the chosen photo", async () => {
    const { calls } = open("/organisers", { Messages: [], Read: null });
    await screen.findByText(/Hast du eine Frage/);
    choose(jpeg());
    fireEvent.click(screen.getByRole("button", { name: "Foto entfernen" }));
    expect(preview()).toBeNull();
    expect(revoke).toHaveBeenCalledWith("blob:chosen-photo");
    expect(sendButton().disabled).toBe(true);
    expect(posts(calls)).toEqual([]);
  });

  it("refuses a photo over 8 MB without sending it, and keeps it and the text", async () => {
    const { calls } = open("/organisers", { Messages: [], Read: null }, stored);
    await screen.findByText(/Hast du eine Frage/);
    choose(new File([new Uint8Array(8 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" }));
    fireEvent.change(field(), { target: { value: "Hier!" } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Das Foto ist zu groß (höchstens 8 MB).",
    );
    expect(posts(calls)).toEqual([]);
    expect(preview()).toBeTruthy();
    expect((field() as HTMLTextAreaElement).value).toBe("Hier!");
  });

  it("keeps the text and the photo when the server refuses the file", async () => {
    const { calls } = open("/organisers", { Messages: [], Read: null }, () => {
      return new Response("unsupported file", { status: 415 });
    });
    await screen.findByText(/Hast du eine Frage/);
    choose(jpeg());
    fireEvent.change(field(), { target: { value: "Hier!" } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Diese Datei ist kein Foto, das das Spiel annehmen kann.",
    );
    expect(posts(calls)).toHaveLength(1);
    expect(preview()?.getAttribute("src")).toBe("blob:chosen-photo");
    expect((field() as HTMLTextAreaElement).value).toBe("Hier!");
    expect(revoke).not.toHaveBeenCalled();
    // The same again goes.
    expect(sendButton().disabled).toBe(false);
  });

  it("says a refused message with a photo is refused for the photo", async () => {
    open("/organisers", { Messages: [], Read: null }, () => {
      return new Response("invalid image", { status: 400 });
    });
    await screen.findByText(/Hast du eine Frage/);
    choose(jpeg());
    fireEvent.click(sendButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Diese Datei ist kein Foto, das das Spiel annehmen kann.",
    );
    // Removing the photo takes the line about it away.
    fireEvent.click(screen.getByRole("button", { name: "Foto entfernen" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the server found the message too large", async () => {
    open("/organisers", { Messages: [], Read: null }, () => {
      return new Response("Request body is too large", { status: 413 });
    });
    await screen.findByText(/Hast du eine Frage/);
    choose(jpeg());
    fireEvent.click(sendButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Das Foto ist zu groß (höchstens 8 MB).",
    );
    expect(preview()).toBeTruthy();
  });

  it("shows a message's thumbnail above its text, a link to the photo itself", async () => {
    open("/organisers", {
      Messages: [
        withPhoto(teammate(3, "", "Mia")),
        withPhoto(answer(4, "So sieht der Eingang aus.")),
      ],
      Read: 4,
    });
    const [mia, organisers] = (await within(log()).findAllByTestId("organisers-message")) as [
      HTMLElement,
      HTMLElement,
    ];
    const thumb = within(mia).getByRole("img", { name: "Foto von Mia" });
    expect(thumb.getAttribute("src")).toBe(
      `http://localhost:3000/api/organisers/photos/3/thumb${LINK}`,
    );
    expect(thumb.getAttribute("loading")).toBe("lazy");
    const link = within(mia).getByRole("link", { name: "Foto von Mia" });
    expect(link.getAttribute("href")).toBe(`http://localhost:3000/api/organisers/photos/3${LINK}`);
    expect([link.getAttribute("target"), link.getAttribute("rel")]).toEqual([
      "_blank",
      "noopener noreferrer",
    ]);
    // A photo on its own: no empty text.
    expect(mia.querySelector(".organisers__text")).toBeNull();

    expect(within(organisers).getByRole("img", { name: "Foto" })).toBeTruthy();
    // The photo first, its text right below.
    expect(organisers.querySelector(".organisers__photo-link + .organisers__text")).toBeTruthy();
    expect(textOf(organisers)).toBe("So sieht der Eingang aus.");
  });

  it("reads the conversation again, once, for a thumbnail whose link no longer works", async () => {
    const conversation = { Messages: [withPhoto(answer(4, ""))], Read: 4 };
    open("/organisers", conversation);
    const thumb = () => within(log()).getByRole("img", { name: "Foto" });
    await within(log()).findByRole("img", { name: "Foto" });
    const signed = (signature: string) => ({
      Url: `/api/organisers/photos/4?expires=2&signature=${signature}`,
      Thumb: `/api/organisers/photos/4/thumb?expires=2&signature=${signature}`,
    });
    conversation.Messages = [{ ...answer(4, ""), Photo: signed("new") }];
    fireEvent.error(thumb());
    await waitFor(() => expect(thumb().getAttribute("src")).toContain("signature=new"));
    // Once: a link that fails again is left as it is.
    conversation.Messages = [{ ...answer(4, ""), Photo: signed("third") }];
    fireEvent.error(thumb());
    await new Promise((r) => setTimeout(r, 50));
    expect(thumb().getAttribute("src")).toContain("signature=new");
  });

  it("shows a photo the stream brings", async () => {
    open("/organisers", { Messages: [], Read: null });
    await screen.findByText(/Hast du eine Frage/);
    act(() => stream().send("organisers", { Messages: [withPhoto(answer(9, ""))] }));
    const bubble = within(log()).getByTestId("organisers-message");
    expect(within(bubble).getByRole("link", { name: "Foto" }).getAttribute("href")).toBe(
      `http://localhost:3000/api/organisers/photos/9${LINK}`,
    );
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
