import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { Message } from "../game/play-state";
import { setupI18n } from "../i18n/i18n";
import { MessageThread } from "./message-thread";

let nextId = 1;
function message(overrides: Partial<Message>): Message {
  return {
    id: nextId++,
    stationId: 1,
    originator: "Lena",
    type: "webtext",
    content: "Hallo",
    timestamp: new Date(2025, 4, 1, 9, 5).toISOString(),
    unread: false,
    ...overrides,
  };
}

function renderThread(
  messages: Message[],
  firstNewId: number | null = null,
  writer: string | null = null,
  pending: string | null = null,
) {
  return render(
    <MessageThread
      messages={messages}
      firstNewId={firstNewId}
      writer={writer}
      pending={pending}
      scrollKey=""
      assetsBase="/assets/webapp-data/"
    />,
  );
}

beforeEach(() => {
  void setupI18n("de");
});

describe("message thread", () => {
  it("shows character bubbles with name and time, and the player's own bubbles", () => {
    renderThread([message({ content: "Hallo!" }), message({ originator: "user", content: "Hi" })]);
    const [lena, own] = screen.getAllByTestId("message");
    expect(lena?.dataset.originator).toBe("Lena");
    expect(lena?.textContent).toBe("LenaHallo!09:05");
    expect(own?.dataset.originator).toBe("user");
    // The own answer is named for a screen reader only.
    expect(own?.textContent).toBe("Du: Hi09:05");
    expect(own?.querySelector(".visually-hidden")?.textContent).toBe("Du: ");
  });

  it("names a teammate's answer and sets it apart from the player's own", () => {
    renderThread([
      message({ originator: "user", content: "Kugel", author: "Ben" }),
      message({ originator: "user", content: "Ball" }),
    ]);
    const [ben, own] = screen.getAllByTestId("message");
    expect(ben?.textContent).toBe("BenKugel09:05");
    expect(ben?.className).toBe("bubble bubble--teammate");
    expect(ben?.dataset.author).toBe("Ben");
    expect(own?.textContent).toBe("Du: Ball09:05");
    expect(own?.className).toBe("bubble bubble--own");
  });

  it("shows a teammate who has left the team as a former teammate", () => {
    renderThread([message({ originator: "user", content: "Kugel", author: "" })]);
    const [former] = screen.getAllByTestId("message");
    expect(former?.textContent).toBe("Ehemaliges TeammitgliedKugel09:05");
    expect(former?.className).toBe("bubble bubble--teammate");
  });

  it("puts the 'Neue Nachrichten' label above the first new message", () => {
    const old = message({ content: "alt" });
    const fresh = message({ content: "neu", unread: true });
    renderThread([old, fresh], fresh.id);
    const log = screen.getByRole("log");
    const label = within(log).getByText("Neue Nachrichten");
    const bubbles = within(log).getAllByTestId("message");
    expect(
      label.compareDocumentPosition(bubbles[1] as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      label.compareDocumentPosition(bubbles[0] as Node) & Node.DOCUMENT_POSITION_PRECEDING,
    ).toBeTruthy();
  });

  it("shows who is writing as a status", () => {
    renderThread([], null, "Lena");
    expect(screen.getByRole("status").textContent).toBe("Lena schreibt …");
  });

  it("says who writes again later while nobody writes now", () => {
    const { rerender } = renderThread([message({})], null, null, "Wilhelm Grimm");
    expect(screen.getByRole("status").textContent).toBe("Wilhelm Grimm schreibt dir gleich noch …");
    rerender(
      <MessageThread
        messages={[]}
        firstNewId={null}
        writer="Wilhelm Grimm"
        pending="Wilhelm Grimm"
        scrollKey=""
        assetsBase="/assets/webapp-data/"
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Wilhelm Grimm schreibt …");
  });

  it("renders an image that zooms in a modal", () => {
    renderThread([message({ type: "webcontent", content: "stations/3/kirche.jpg" })]);
    const image = screen.getByRole("img", { name: "Bild: Lena" });
    expect(image.getAttribute("src")).toBe("/assets/webapp-data/stations/3/kirche.jpg");
    fireEvent.click(screen.getByRole("button", { name: /Bild vergrößern/ }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Schließen" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("renders mp3 in the audio player, video with native controls and http links in a new tab", () => {
    const { container } = renderThread([
      message({ type: "webcontent", content: "stations/3/lied.mp3" }),
      message({ type: "webcontent", content: "stations/3/film.mp4" }),
      message({ type: "webcontent", content: "https://example.org/mehr" }),
    ]);
    expect(container.querySelector("audio")?.getAttribute("src")).toBe(
      "/assets/webapp-data/stations/3/lied.mp3",
    );
    expect(screen.getByRole("group", { name: "Audio: Lena" })).toBeTruthy();
    expect(container.querySelector("video[controls]")?.getAttribute("src")).toBe(
      "/assets/webapp-data/stations/3/film.mp4",
    );
    const link = screen.getByRole("link", { name: "https://example.org/mehr" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("never renders a text as raw HTML", () => {
    const { container } = renderThread([message({ content: '<img src=x onerror="alert(1)">' })]);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("message").textContent).toContain("<img");
  });
});
