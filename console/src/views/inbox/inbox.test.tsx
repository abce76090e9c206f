import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useEffect } from "react";
import type { Dispatch } from "react";
import type { OpsConversation, OpsConversationView, OpsInboxMessage } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useLiveState } from "../../live/live-context";
import type { LiveAction } from "../../live/live-state";
import { fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { InboxView } from "./inbox";

const at = "2026-11-25T10:00:00.000Z";
const message = (id: number, changes: Partial<OpsInboxMessage> = {}): OpsInboxMessage => ({
  id,
  from: "player",
  name: "Anna",
  text: `Nachricht ${id}`,
  at,
  ...changes,
});

const anna: OpsConversation = {
  participant: { playerId: 7, name: "Anna", team: "Die Füchse" },
  last: message(12, { text: "Wir finden\nden Schlüssel nicht." }),
  unread: 2,
  state: "open",
  answeredBy: null,
};
const wanderer: OpsConversation = {
  participant: { playerId: 9, name: "Wanderer 4117", team: null },
  last: message(10, { from: "host", name: "lena", text: "Gleich da." }),
  unread: 0,
  state: "answered",
  answeredBy: "lena",
};

const annasMessages = [
  message(3, { name: "Ben", text: "Hallo?" }),
  message(5, { from: "host", name: "lena", text: "Ja?" }),
  message(11, { text: "Wo ist der Schlüssel?" }),
  message(12, { text: "Wir finden den Schlüssel nicht." }),
];

/** A server with Anna's conversation, which takes replies and reads as hosts do. */
function inboxServer(reply?: () => Response) {
  const state = { messages: [...annasMessages], hostRead: 5 as number | null, unread: 2 };
  const view = (): OpsConversationView => ({
    participant: anna.participant,
    messages: state.messages,
    hostRead: state.hostRead,
  });
  const server = fakeServer({
    "GET /api/ops/inbox": () =>
      json({
        unread: state.unread,
        open: 1,
        newest: state.messages.at(-1)?.id ?? 0,
        conversations: [{ ...anna, unread: state.unread }, wanderer],
      }),
    "GET /api/ops/players/7/organisers": () => json(view()),
    "POST /api/ops/players/7/organisers/read": ({ body }) => {
      state.hostRead = (body as { upTo: number }).upTo;
      state.unread = 0;
      return json({ value: "ok" });
    },
    "POST /api/ops/players/7/organisers": ({ body }) => {
      if (reply) return reply();
      const sent = message(20, {
        from: "host",
        name: "lena",
        text: (body as { text: string }).text,
      });
      state.messages = [...state.messages, sent];
      return json(sent);
    },
  });
  return { server, state };
}

/** Hands out the live state's dispatch, as the console's stream uses it. */
const live: { dispatch?: Dispatch<LiveAction> } = {};
function LiveHandle() {
  const [, dispatch] = useLiveState();
  useEffect(() => {
    live.dispatch = dispatch;
  }, [dispatch]);
  return null;
}

const renderInbox = () =>
  renderView(
    <>
      <LiveHandle />
      <InboxView />
    </>,
    { live: { inbox: { unread: 2, open: 1, newest: 12 } } },
  );

const reads = (server: ReturnType<typeof inboxServer>["server"]) =>
  server.requests.filter((r) => r.path === "/api/ops/players/7/organisers/read");

beforeEach(() => window.history.replaceState(null, "", "/ops/inbox"));
afterEach(() => {
  // A test that hid the page gives it back.
  Reflect.deleteProperty(document, "visibilityState");
});

describe("the inbox", () => {
  it("lists the conversations in order with their states, and opens one, marked read", async () => {
    const { server } = inboxServer();
    renderInbox();
    const list = await screen.findByRole("region", { name: "Conversations" });
    const items = await within(list).findAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("strong").textContent)).toEqual([
      "Anna",
      "Wanderer 4117",
    ]);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText("in team “Die Füchse”")).toBeTruthy();
    expect(within(first).getByText("open")).toBeTruthy();
    expect(within(first).getByText("2 unread")).toBeTruthy();
    expect(within(first).getByText("Wir finden den Schlüssel nicht.")).toBeTruthy();
    expect(within(first).getByText((_, el) => el?.tagName === "TIME")).toBeTruthy();
    expect(within(second).getByText("answered by lena")).toBeTruthy();
    expect(within(second).queryByText(/unread/)).toBeNull();
    expect(screen.getByText("1 open, 2 unread")).toBeTruthy();
    expect(screen.getByText("Choose a conversation to read and answer it.")).toBeTruthy();
    expect(reads(server)).toEqual([]);

    fireEvent.click(within(first).getByRole("link"));
    expect(window.location.search).toBe("?player=7");
    const heading = await screen.findByRole("heading", {
      level: 2,
      name: "Anna (team “Die Füchse”)",
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(list).getAllByRole("link")[0]?.getAttribute("aria-current")).toBe("true");
    const lines = within(screen.getByRole("list", { name: "Messages" })).getAllByRole("listitem");
    expect(lines.map((line) => line.querySelector(".chat__text")?.textContent)).toEqual([
      "Hallo?",
      "Ja?",
      "Wo ist der Schlüssel?",
      "Wir finden den Schlüssel nicht.",
    ]);
    // The players' on the left under the member's name, the hosts' on the right.
    expect(lines.map((line) => line.querySelector(".chat__from")?.textContent)).toEqual([
      "Ben",
      "lena",
      "Annanew",
      "Annanew",
    ]);
    expect(lines.map((line) => line.classList.contains("chat__line--own"))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(
      screen.getByRole("link", { name: "See the chat in the game" }).getAttribute("href"),
    ).toBe("/ops/players?player=7");

    await waitFor(() => expect(reads(server)).toHaveLength(1));
    expect(reads(server)[0]?.body).toEqual({ upTo: 12 });
    // The list reads its counts again at once.
    await waitFor(() => expect(within(list).queryByText("2 unread")).toBeNull());
    expect(reads(server)).toHaveLength(1);
  });

  it("sends a reply, empties the field, and shows it in the conversation", async () => {
    window.history.replaceState(null, "", "/ops/inbox?player=7");
    const { server } = inboxServer();
    renderInbox();
    const field = await screen.findByLabelText<HTMLTextAreaElement>("Reply to Die Füchse");
    fireEvent.change(field, { target: { value: "Unter der Bank.\nViel Glück!" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await screen.findByText("Sent: Die Füchse sees the reply in the app.");
    expect(
      server.requests.find((r) => r.method === "POST" && r.path === "/api/ops/players/7/organisers")
        ?.body,
    ).toEqual({ text: "Unter der Bank.\nViel Glück!" });
    expect(field.value).toBe("");
    const sent = await screen.findByText("Unter der Bank. Viel Glück!", {
      normalizer: (s) => s.replace(/\s+/g, " "),
    });
    expect(sent.closest("li")?.classList.contains("chat__line--own")).toBe(true);
  });

  it.each([
    [400, "text: too long"],
    [409, "the player left the game"],
  ])("keeps the text and says why on a %i", async (status, reason) => {
    window.history.replaceState(null, "", "/ops/inbox?player=7");
    inboxServer(() => text(reason, status));
    renderInbox();
    const field = await screen.findByLabelText<HTMLTextAreaElement>("Reply to Die Füchse");
    fireEvent.change(field, { target: { value: "Wartet dort." } });
    fireEvent.keyDown(field, { key: "Enter", ctrlKey: true });
    expect((await screen.findByRole("alert")).textContent).toBe(
      `The server answered ${status}: ${reason}`,
    );
    expect(field.value).toBe("Wartet dort.");
    expect(screen.queryByText(/^Sent:/)).toBeNull();
  });

  it("reads list and conversation again when the live figures change", async () => {
    window.history.replaceState(null, "", "/ops/inbox?player=7");
    const { server, state } = inboxServer();
    renderInbox();
    await screen.findByText("Wir finden den Schlüssel nicht.", { selector: ".chat__text" });
    await waitFor(() => expect(reads(server)).toHaveLength(1));
    const calls = (path: string) => server.requests.filter((r) => r.path === path).length;
    const before = calls("/api/ops/players/7/organisers");
    const listed = calls("/api/ops/inbox");

    state.messages = [...state.messages, message(13, { text: "Gefunden!" })];
    state.unread = 1;
    act(() => live.dispatch?.({ type: "inbox", summary: { unread: 1, open: 1, newest: 13 } }));
    await screen.findByText("Gefunden!", { selector: ".chat__text" });
    expect(calls("/api/ops/players/7/organisers")).toBe(before + 1);
    expect(calls("/api/ops/inbox")).toBeGreaterThan(listed);
    await waitFor(() => expect(reads(server).at(-1)?.body).toEqual({ upTo: 13 }));
    expect(screen.getByText("1 open, 1 unread")).toBeTruthy();
  });

  it("leaves the messages unread while the page is hidden", async () => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    window.history.replaceState(null, "", "/ops/inbox?player=7");
    const { server } = inboxServer();
    renderInbox();
    await screen.findByText("Wo ist der Schlüssel?");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(server)).toEqual([]);
    Reflect.deleteProperty(document, "visibilityState");
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(reads(server)[0]?.body).toEqual({ upTo: 12 }));
  });

  it("says when no one has written yet", async () => {
    fakeServer({
      "GET /api/ops/inbox": () => json({ unread: 0, open: 0, newest: 0, conversations: [] }),
    });
    renderInbox();
    await screen.findByText("No messages yet. What players write to the organisers appears here.");
    expect(screen.queryByText("Choose a conversation to read and answer it.")).toBeNull();
  });
});
