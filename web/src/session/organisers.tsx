import { createContext, useCallback, useContext, useMemo, useReducer, useRef } from "react";
import type { OrganisersMessage } from "@wegmarke/protocol";
import { fetchOrganisers, sendOrganisersRead, sendToOrganisers } from "../api/organisers-api";
import type { OutgoingMessage } from "../api/organisers-api";
import { laterRead, noOrganisers, organisersReducer, unreadAnswers } from "../game/organisers";
import type { OrganisersState } from "../game/organisers";

/** The conversation with the organisers, as the screens see it. */
export type Organisers = OrganisersState & {
  /** The organisers' messages the player has not read yet. */
  unread: number;
  /** Reads the conversation, unless it is read or being read (the stream did not open yet). */
  ensureLoaded(): void;
  /** Reads the conversation again (after a failed read). */
  reload(): void;
  /**
   * Sends a message (its text as the protocol takes it, its photo in base64); it joins the
   * conversation once sent. Rejects with the call's failure (an ApiFailure).
   */
  send(message: OutgoingMessage): Promise<void>;
  /** The player has seen the conversation up to the message `read`. */
  markRead(read: number): void;
};

/** What the game store feeds in: the stream's messages, a read per opened stream, a reset. */
type OrganisersFeed = {
  receive(messages: readonly OrganisersMessage[]): void;
  load(): void;
  /** Another conversation begins (a team was joined): the old one goes, its calls are moot. */
  reset(): void;
};

/**
 * Holds the player's conversation with the organisers beside the game (game/organisers.ts): the
 * game store reads it whenever its stream opens, as the stream sends only the messages that
 * come while it is open, and hands on the stream's `organisers` events.
 */
export function useOrganisersFeed(
  gameBase: string,
  token: string,
): { organisers: Organisers; feed: OrganisersFeed } {
  const [state, dispatch] = useReducer(organisersReducer, noOrganisers);
  // Counts the conversations: the answer to a call of an earlier one changes nothing.
  const epoch = useRef(0);
  const loading = useRef(0);
  const loaded = useRef(false);
  /** A read mark the server did not take (the call failed): it goes again after the next read. */
  const unsentRead = useRef<number | null>(null);

  const sendRead = useCallback(
    (read: number) => {
      const at = epoch.current;
      sendOrganisersRead({ gameBase, token, read }).then(
        (serverRead) => {
          if (epoch.current !== at) return;
          if ((unsentRead.current ?? 0) <= (serverRead ?? 0)) unsentRead.current = null;
          dispatch({ type: "read", read: serverRead });
        },
        (error: unknown) => {
          console.warn("could not mark the organisers' messages read", error);
          if (epoch.current === at) unsentRead.current = laterRead(unsentRead.current, read);
        },
      );
    },
    [gameBase, token],
  );

  const reload = useCallback(() => {
    const at = epoch.current;
    loading.current += 1;
    fetchOrganisers({ gameBase, token })
      .then(
        (conversation) => {
          if (epoch.current !== at) return;
          loaded.current = true;
          dispatch({ type: "loaded", conversation });
          const unsent = unsentRead.current;
          if (unsent !== null && unsent > (conversation.Read ?? 0)) sendRead(unsent);
        },
        (error: unknown) => {
          console.warn("could not load the conversation with the organisers", error);
          if (epoch.current === at) dispatch({ type: "load-failed" });
        },
      )
      .finally(() => {
        if (epoch.current === at) loading.current -= 1;
      });
  }, [gameBase, token, sendRead]);

  const ensureLoaded = useCallback(() => {
    if (!loaded.current && loading.current === 0) reload();
  }, [reload]);

  const reset = useCallback(() => {
    epoch.current += 1;
    loading.current = 0;
    loaded.current = false;
    unsentRead.current = null;
    dispatch({ type: "reset" });
  }, []);

  const receive = useCallback(
    (messages: readonly OrganisersMessage[]) => dispatch({ type: "received", messages }),
    [],
  );

  const send = useCallback(
    async (outgoing: OutgoingMessage) => {
      const at = epoch.current;
      const message = await sendToOrganisers({ gameBase, token, ...outgoing });
      // What the call answers is this player's own, whatever it says.
      const own = { ...message, Mine: true as const };
      if (epoch.current === at) dispatch({ type: "received", messages: [own] });
    },
    [gameBase, token],
  );

  const markRead = useCallback(
    (read: number) => {
      dispatch({ type: "read", read });
      sendRead(read);
    },
    [sendRead],
  );

  const organisers = useMemo(
    () => ({ ...state, unread: unreadAnswers(state), ensureLoaded, reload, send, markRead }),
    [state, ensureLoaded, reload, send, markRead],
  );
  const feed = useMemo(() => ({ receive, load: reload, reset }), [receive, reload, reset]);
  return { organisers, feed };
}

export const OrganisersContext = createContext<Organisers | null>(null);

/** The conversation with the organisers of the signed-in player's game. */
export function useOrganisers(): Organisers {
  const value = useContext(OrganisersContext);
  if (value === null) throw new Error("useOrganisers needs a GameProvider (a signed-in player)");
  return value;
}
