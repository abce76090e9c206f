import { describe, expect, it } from "vitest";
import { ORGANISERS_TEXT_MAX } from "@wegmarke/protocol";
import type { OrganisersMessage } from "@wegmarke/protocol";
import {
  charactersLeft,
  cleanMessageText,
  laterRead,
  mergeMessages,
  newestMessageId,
  noOrganisers,
  organisersReducer,
  sendableText,
  unreadAnswers,
  writerOf,
} from "./organisers";
import type { OrganisersAction, OrganisersState } from "./organisers";

function message(ID: number, overrides: Partial<OrganisersMessage> = {}): OrganisersMessage {
  return {
    ID,
    From: "player",
    Mine: true,
    Text: `Nachricht ${ID}`,
    Timestamp: `2026-05-01T10:${String(ID % 60).padStart(2, "0")}:00.000Z`,
    ...overrides,
  };
}
const answer = (ID: number) => message(ID, { From: "organisers", Mine: undefined });

const run = (actions: OrganisersAction[], state: OrganisersState = noOrganisers) =>
  actions.reduce(organisersReducer, state);
const ids = (state: OrganisersState) => state.messages.map((item) => item.ID);

describe("mergeMessages", () => {
  it("keeps each id once, ordered by id, whatever order they came in", () => {
    const merged = mergeMessages([message(2), answer(5)], [answer(7), message(2), message(3)]);
    expect(merged.map((item) => item.ID)).toEqual([2, 3, 5, 7]);
  });

  it("takes the later copy of a message", () => {
    const merged = mergeMessages([message(4, { Text: "alt" })], [message(4, { Text: "neu" })]);
    expect(merged).toEqual([message(4, { Text: "neu" })]);
  });

  it("leaves the messages as they were when nothing came", () => {
    const held = [message(1)];
    expect(mergeMessages(held, [])).toBe(held);
  });
});

describe("read marks and unread answers", () => {
  it("keeps the later read mark", () => {
    expect(laterRead(null, null)).toBeNull();
    expect(laterRead(null, 4)).toBe(4);
    expect(laterRead(7, null)).toBe(7);
    expect(laterRead(7, 4)).toBe(7);
  });

  it("finds the newest id", () => {
    expect(newestMessageId([])).toBeNull();
    expect(newestMessageId([message(3), answer(9), message(5)])).toBe(9);
  });

  it("counts only the organisers' messages newer than the read mark", () => {
    const messages = [message(1), answer(2), message(3), answer(4), answer(6)];
    expect(unreadAnswers({ messages, read: null })).toBe(3);
    expect(unreadAnswers({ messages, read: 2 })).toBe(2);
    expect(unreadAnswers({ messages, read: 6 })).toBe(0);
    // The player's own messages are never unread, nor a teammate's.
    expect(
      unreadAnswers({ messages: [message(8), message(9, { Mine: undefined })], read: 1 }),
    ).toBe(0);
  });
});

describe("organisersReducer", () => {
  it("takes the loaded conversation with its read mark", () => {
    const state = run([
      { type: "loaded", conversation: { Messages: [message(1), answer(2)], Read: 1 } },
    ]);
    expect(state).toEqual({ messages: [message(1), answer(2)], read: 1, load: "loaded" });
    expect(unreadAnswers(state)).toBe(1);
  });

  it("keeps the messages the stream brought while the conversation was loading", () => {
    const state = run([
      { type: "received", messages: [answer(5)] },
      { type: "loaded", conversation: { Messages: [message(1), answer(2)], Read: null } },
    ]);
    expect(ids(state)).toEqual([1, 2, 5]);
  });

  it("merges the stream's messages and the player's own as sent, each once", () => {
    const state = run([
      { type: "loaded", conversation: { Messages: [message(1)], Read: null } },
      { type: "received", messages: [message(3)] },
      { type: "received", messages: [message(3), answer(4)] },
      { type: "received", messages: [answer(2)] },
    ]);
    expect(ids(state)).toEqual([1, 2, 3, 4]);
    expect(unreadAnswers(state)).toBe(2);
  });

  it("keeps the later read mark, whether the player's or the server's", () => {
    const loaded = run([
      { type: "loaded", conversation: { Messages: [answer(2), answer(4)], Read: null } },
      { type: "read", read: 4 },
    ]);
    expect(unreadAnswers(loaded)).toBe(0);
    // An older answer of the server (or another read of the conversation) takes nothing back.
    const later = run(
      [
        { type: "read", read: 2 },
        { type: "loaded", conversation: { Messages: [answer(2), answer(4)], Read: 2 } },
      ],
      loaded,
    );
    expect(later.read).toBe(4);
    expect(run([{ type: "read", read: null }], loaded)).toBe(loaded);
  });

  it("marks a failed load only while nothing was loaded", () => {
    expect(run([{ type: "load-failed" }]).load).toBe("failed");
    const loaded = run([{ type: "loaded", conversation: { Messages: [], Read: null } }]);
    expect(run([{ type: "load-failed" }], loaded)).toBe(loaded);
    const retried = run([
      { type: "load-failed" },
      { type: "loaded", conversation: { Messages: [answer(1)], Read: null } },
    ]);
    expect(retried.load).toBe("loaded");
  });

  it("forgets everything on a reset (a new conversation after a team join)", () => {
    const state = run([
      { type: "loaded", conversation: { Messages: [answer(2)], Read: null } },
      { type: "reset" },
    ]);
    expect(state).toEqual(noOrganisers);
  });
});

describe("writerOf", () => {
  it("tells the organisers, the player and a teammate apart", () => {
    expect(writerOf(answer(1))).toEqual({ kind: "organisers" });
    expect(writerOf(message(2))).toEqual({ kind: "own" });
    expect(writerOf(message(3, { Mine: undefined, Name: "Mia" }))).toEqual({
      kind: "teammate",
      name: "Mia",
    });
    expect(writerOf(message(4, { Mine: undefined }))).toEqual({ kind: "teammate", name: null });
  });
});

describe("the typed message", () => {
  it("is sent with its line breaks, without control characters and outer white space", () => {
    expect(cleanMessageText("  Hallo,\r\nwo ist\tdie Kirche?\u0007 \n")).toBe(
      "Hallo,\nwo ist die Kirche?",
    );
  });

  it("can go with some text up to the limit", () => {
    expect(sendableText("  \n ")).toBe(false);
    expect(sendableText("Hilfe")).toBe(true);
    expect(sendableText("x".repeat(ORGANISERS_TEXT_MAX))).toBe(true);
    expect(sendableText("x".repeat(ORGANISERS_TEXT_MAX + 1))).toBe(false);
    // With a photo, the text may be empty, but no longer.
    expect(sendableText("  \n ", true)).toBe(true);
    expect(sendableText("x".repeat(ORGANISERS_TEXT_MAX + 1), true)).toBe(false);
  });

  it("counts the characters left only near the limit", () => {
    expect(charactersLeft("kurz")).toBeNull();
    expect(charactersLeft("x".repeat(ORGANISERS_TEXT_MAX - 100))).toBe(100);
    expect(charactersLeft("x".repeat(ORGANISERS_TEXT_MAX))).toBe(0);
  });
});
