import { ORGANISERS_TEXT_MAX } from "@wegmarke/protocol";
import type { OrganisersConversation, OrganisersMessage } from "@wegmarke/protocol";

/**
 * The player's conversation with the organisers (`/webapp/organisers`): a team shares one. The
 * app reads it when its stream opens and merges what the stream's `organisers` events bring;
 * it is kept in memory only, never in the stored game.
 */
export type OrganisersState = {
  /** Oldest first, by id; each message once. */
  messages: readonly OrganisersMessage[];
  /** The newest message id the player has read (null: none). */
  read: number | null;
  /**
   * `waiting`: not read from the server yet; `loaded`: read at least once; `failed`: the reads
   * so far failed (a later failure keeps `loaded`: what was read stays).
   */
  load: "waiting" | "loaded" | "failed";
};

export const noOrganisers: OrganisersState = { messages: [], read: null, load: "waiting" };

export type OrganisersAction =
  /** The conversation as the server has it now (`GET organisers`). */
  | { type: "loaded"; conversation: OrganisersConversation }
  | { type: "load-failed" }
  /** New messages: by the stream's `organisers` event, or the player's own as sent. */
  | { type: "received"; messages: readonly OrganisersMessage[] }
  /** The player has read up to `read` (or the server says so). */
  | { type: "read"; read: number | null }
  /** Another conversation begins (a team was joined): nothing of the old one stays. */
  | { type: "reset" };

/**
 * The messages held and the ones that came, each id once (the later copy wins), ordered by id:
 * a message may arrive twice (the send's answer and its event, an event and a read of the
 * conversation) and in any order.
 */
export function mergeMessages(
  held: readonly OrganisersMessage[],
  incoming: readonly OrganisersMessage[],
): readonly OrganisersMessage[] {
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((message) => [message.ID, message]));
  for (const message of incoming) byId.set(message.ID, message);
  return [...byId.values()].sort((a, b) => a.ID - b.ID);
}

/** The later of two read marks (the server keeps the highest too). */
export function laterRead(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.max(a, b);
}

/** The newest message's id; null without messages. */
export function newestMessageId(messages: readonly OrganisersMessage[]): number | null {
  return messages.reduce<number | null>((newest, { ID }) => laterRead(newest, ID), null);
}

/** The organisers' messages newer than what the player has read: the unread answers. */
export function unreadAnswers({
  messages,
  read,
}: Pick<OrganisersState, "messages" | "read">): number {
  const unread = (message: OrganisersMessage) =>
    message.From === "organisers" && message.ID > (read ?? 0);
  return messages.filter(unread).length;
}

export function organisersReducer(
  state: OrganisersState,
  action: OrganisersAction,
): OrganisersState {
  switch (action.type) {
    case "loaded":
      return {
        // Messages the stream brought while the call was on its way stay.
        messages: mergeMessages(state.messages, action.conversation.Messages),
        read: laterRead(state.read, action.conversation.Read),
        load: "loaded",
      };
    case "load-failed":
      return state.load === "loaded" ? state : { ...state, load: "failed" };
    case "received": {
      const messages = mergeMessages(state.messages, action.messages);
      return messages === state.messages ? state : { ...state, messages };
    }
    case "read": {
      const read = laterRead(state.read, action.read);
      return read === state.read ? state : { ...state, read };
    }
    case "reset":
      return noOrganisers;
  }
}

/** Who wrote a message, as the conversation shows it. */
export type Writer =
  | { kind: "organisers" }
  | { kind: "own" }
  /** A teammate, by name; null: one who has left the team since. */
  | { kind: "teammate"; name: string | null };

export function writerOf(message: OrganisersMessage): Writer {
  if (message.From === "organisers") return { kind: "organisers" };
  if (message.Mine === true) return { kind: "own" };
  return { kind: "teammate", name: message.Name?.trim() || null };
}

/**
 * A typed message as it is sent: line breaks kept (as `\n`), a tab as a space, no other
 * control character (the protocol refuses them), no white space around it.
 */
export function cleanMessageText(raw: string): string {
  return raw
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .replace(/[^\P{Cc}\n]/gu, "")
    .trim();
}

/**
 * Whether a typed message can go: not more than the organisers take, and some text unless a
 * photo goes with it.
 */
export function sendableText(raw: string, withPhoto = false): boolean {
  const text = cleanMessageText(raw);
  return (text.length > 0 || withPhoto) && text.length <= ORGANISERS_TEXT_MAX;
}

/** From how many characters left the field counts them down. */
export const COUNT_DOWN_FROM = 100;

/** The characters left for a message, once near the limit; null while far from it. */
export function charactersLeft(raw: string): number | null {
  const left = ORGANISERS_TEXT_MAX - raw.length;
  return left <= COUNT_DOWN_FROM ? Math.max(0, left) : null;
}
