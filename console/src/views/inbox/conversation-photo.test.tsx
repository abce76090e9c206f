import { screen, within } from "@testing-library/react";
import type { OpsConversation, OpsInboxMessage } from "@wegmarke/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import type { ConsoleLanguage } from "../../i18n/i18n";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { InboxView } from "./inbox";

const at = "2026-11-25T10:00:00.000Z";
const photo = (id: number) => ({
  url: `/api/organisers/photos/${id}?expires=1&signature=a`,
  thumb: `/api/organisers/photos/${id}/thumb?expires=1&signature=b`,
});
const message = (id: number, changes: Partial<OpsInboxMessage> = {}): OpsInboxMessage => ({
  id,
  from: "player",
  name: "Lena",
  text: "",
  photo: photo(id),
  at,
  ...changes,
});

const participant = { playerId: 7, name: "Lena", team: null };
const withText = message(4, { text: "Ist das der Zettel?" });
const alone = message(6);
const conversation = (last: OpsInboxMessage, playerId = 7): OpsConversation => ({
  participant: { ...participant, playerId },
  last,
  unread: 0,
  state: "open",
  answeredBy: null,
});

/** A server with Lena's conversation (photos with and without a text) and one more. */
function photoServer(messages: OpsInboxMessage[]) {
  fakeServer({
    "GET /api/ops/inbox": () =>
      json({
        unread: 0,
        open: 2,
        newest: 6,
        conversations: [conversation(alone), conversation(withText, 9)],
      }),
    "GET /api/ops/players/7/organisers": () => json({ participant, messages, hostRead: 6 }),
  });
}

const renderInbox = (language: ConsoleLanguage = "en") =>
  renderView(<InboxView />, { live: { inbox: { unread: 0, open: 2, newest: 6 } }, language });

const lines = async () =>
  within(await screen.findByRole("list", { name: /Messages|Nachrichten/ })).getAllByRole(
    "listitem",
  );

beforeEach(() => window.history.replaceState(null, "", "/ops/inbox?player=7"));

describe("a photo in the inbox", () => {
  it("shows its thumbnail linking to the photo, its text below, and none for a photo alone", async () => {
    photoServer([withText, alone, message(8, { from: "host", text: "Ja!", photo: undefined })]);
    renderInbox();
    const [first, second, third] = (await lines()) as [HTMLElement, HTMLElement, HTMLElement];

    const link = within(first).getByRole("link", { name: "Open the photo from Lena in full size" });
    expect(link.getAttribute("href")).toBe(withText.photo?.url);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener");
    const image = within(link).getByRole("img", { name: "Photo from Lena" });
    expect(image.getAttribute("src")).toBe(withText.photo?.thumb);
    expect(image.getAttribute("loading")).toBe("lazy");
    const text = first.querySelector(".chat__text");
    expect(text?.textContent).toBe("Ist das der Zettel?");
    // The text below the photo.
    expect(link.compareDocumentPosition(text as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    expect(within(second).getByRole("img", { name: "Photo from Lena" }).getAttribute("src")).toBe(
      alone.photo?.thumb,
    );
    expect(second.querySelector(".chat__text")).toBeNull();

    expect(within(third).queryByRole("img")).toBeNull();
    expect(third.querySelector(".chat__text")?.textContent).toBe("Ja!");
  });

  it("names a photo without a sender's name as a photo", async () => {
    photoServer([message(6, { name: null })]);
    renderInbox();
    const [line] = (await lines()) as [HTMLElement];
    const link = within(line).getByRole("link", { name: "Open the photo in full size" });
    expect(within(link).getByRole("img", { name: "Photo" })).toBeTruthy();
  });

  it("marks a photo as the last message in the list, with its text or alone", async () => {
    photoServer([withText, alone]);
    renderInbox();
    const list = await screen.findByRole("region", { name: "Conversations" });
    const [first, second] = (await within(list).findAllByRole("listitem")) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first.querySelector(".inbox__last")?.textContent).toBe("Photo");
    expect(second.querySelector(".inbox__last")?.textContent).toBe("Photo: Ist das der Zettel?");
  });

  it("speaks German first", async () => {
    photoServer([alone]);
    renderInbox("de");
    const [line] = (await lines()) as [HTMLElement];
    const link = within(line).getByRole("link", { name: "Foto von Lena in voller Größe öffnen" });
    expect(within(link).getByRole("img", { name: "Foto von Lena" })).toBeTruthy();
    const list = await screen.findByRole("region", { name: "Unterhaltungen" });
    expect(within(list).getAllByText("Foto", { selector: ".inbox__last" })).toHaveLength(1);
  });
});
