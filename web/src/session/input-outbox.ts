import { useEffect, useEffectEvent, useRef, useState } from "react";
import { ErrorCode, ErrorReason } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";
import { pressButton, sendAnswer } from "../api/answer-api";
import { NETWORK_UNREACHABLE, toApiError } from "../api/api-error";
import type { GameAction } from "../game/game-reducer";
import { isClockRefusal } from "../game/game-clock";
import { expectationOf, fateOf } from "../game/outbox";
import { stationLocal } from "../game/play-state";
import type { PlayState, QueuedInput } from "../game/play-state";

/** The status of a send the station expected nothing of that kind for. */
const conflict = "409";
/** Gateway failures: a proxy answered, the game's server did not. */
const gatewayFailures = new Set(["502", "503", "504"]);
/** How long after a send that reached nobody the outbox tries again (also when `online` fires). */
export const OUTBOX_RETRY_MS = 10_000;

export type OutboxContext = {
  gameBase: string;
  token: string;
  state(): PlayState;
  dispatch(action: GameAction): void;
  onCallError(error: ApiError): void;
};

export type SubmitOutcome = "sent" | "queued" | "failed";
type Delivery = "sent" | "unreached" | "refused";

/** A call that reached no server of the game: no connection, or a proxy without its server. */
export function unreached(error: ApiError): boolean {
  return (
    (error.code === ErrorCode.general && error.reason === NETWORK_UNREACHABLE) ||
    gatewayFailures.has(error.code)
  );
}

function offline(): boolean {
  return typeof navigator !== "undefined" && !navigator.onLine;
}

/** Sends one answer or tap; a refusal is reported, one that reached nobody is not. */
async function deliver(
  context: OutboxContext,
  { stationId, input }: Pick<QueuedInput, "stationId" | "input">,
  sentAfterEventId: number | null,
): Promise<Delivery> {
  const { gameBase, token, dispatch } = context;
  try {
    if (input.kind === "answer") {
      await sendAnswer({ gameBase, token, stationId, answer: input.text });
      dispatch({ type: "answer-sent", stationId, answer: input.text, sentAfterEventId });
    } else {
      await pressButton({ gameBase, token, stationId, target: input.target });
      dispatch({ type: "button-sent", stationId, sentAfterEventId });
    }
    return "sent";
  } catch (error) {
    const apiError = toApiError(error);
    if (unreached(apiError)) return "unreached";
    // Outside the game's time the station still expects what it did: it counts again once a
    // host extends the game.
    if (apiError.code === conflict && !isClockRefusal(apiError.reason)) {
      const kind = input.kind === "answer" ? "answer" : "buttons";
      dispatch({ type: "send-refused", stationId, input: kind, sentAfterEventId });
    }
    context.onCallError(apiError);
    return "refused";
  }
}

/**
 * Sends an answer or a tap now, or, without a connection (or behind what waits already), puts
 * it into the outbox, from where `useOutbox` sends it in order once the game is back.
 */
export async function submitInput(
  context: OutboxContext,
  stationId: number,
  input: QueuedInput["input"],
): Promise<SubmitOutcome> {
  const state = context.state();
  let entry: QueuedInput = {
    key: crypto.randomUUID(),
    stationId,
    input,
    expectationId: expectationOf(stationLocal(state, stationId), input.kind) ?? null,
  };
  if (state.outbox.length === 0 && !offline()) {
    const delivery = await deliver(context, entry, state.lastEventId);
    if (delivery !== "unreached") return delivery === "sent" ? "sent" : "failed";
    entry = { ...entry, attemptedAt: Date.now() };
  }
  context.dispatch({ type: "input-queued", entry });
  return "queued";
}

/**
 * Whether an entry may go now. One whose send reached nobody may have reached the server with
 * only the reply lost: it goes again only once the stream has opened anew since (and brought
 * the echo, if there is one), or after OUTBOX_RETRY_MS on a stream that stayed open.
 */
function due(attemptedAt: number | undefined, liveSince: number, now: number): boolean {
  return (
    attemptedAt === undefined || attemptedAt < liveSince || now - attemptedAt >= OUTBOX_RETRY_MS
  );
}

/**
 * Empties the outbox, first entry first, while the game is live (`liveSince`: when the stream
 * opened and then brought everything the server said while the phone was away; null while it
 * has not): an entry the server took already (its echo came) or that came too late (the
 * station went on) is settled without a send.
 */
export function useOutbox(
  context: OutboxContext,
  state: PlayState,
  liveSince: number | null,
): void {
  const [attempt, setAttempt] = useState(0);
  const sending = useRef(false);
  const attempts = useRef(new Map<string, number>());
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const retryLater = () => {
    clearTimeout(retryTimer.current);
    retryTimer.current = setTimeout(() => setAttempt((count) => count + 1), OUTBOX_RETRY_MS);
  };

  const settle = useEffectEvent((entry: QueuedInput, since: number) => {
    const fate = fateOf(state, entry);
    if (fate !== "send") {
      context.dispatch({ type: "queued-dropped", key: entry.key });
      if (fate === "stale") {
        const { kind } = entry.input;
        const reason =
          kind === "answer" ? ErrorReason.noAnswerExpected : ErrorReason.noButtonExpected;
        context.onCallError({ code: conflict, reason });
      }
      return;
    }
    // The `online` event tries again.
    if (offline()) return;
    if (!due(attempts.current.get(entry.key) ?? entry.attemptedAt, since, Date.now())) {
      retryLater();
      return;
    }
    sending.current = true;
    void deliver(context, entry, state.lastEventId).then((delivery) => {
      sending.current = false;
      if (delivery === "unreached") {
        attempts.current.set(entry.key, Date.now());
        retryLater();
        return;
      }
      attempts.current.delete(entry.key);
      context.dispatch({ type: "queued-dropped", key: entry.key });
    });
  });

  const head = state.outbox[0];
  useEffect(() => {
    if (liveSince !== null && head !== undefined && !sending.current) settle(head, liveSince);
  }, [liveSince, head, attempt]);

  useEffect(() => {
    const retry = () => setAttempt((count) => count + 1);
    window.addEventListener("online", retry);
    return () => {
      window.removeEventListener("online", retry);
      clearTimeout(retryTimer.current);
    };
  }, []);
}
