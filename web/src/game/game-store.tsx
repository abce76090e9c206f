import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useReducer,
  useRef,
} from "react";
import type { ReactNode } from "react";
import type { ApiError, WebAppConfig } from "@wegmarke/protocol";
import { pressButton, sendAnswer } from "../api/answer-api";
import { toApiError } from "../api/api-error";
import { openEventStream } from "../api/event-stream";
import { activateStation, cancelStation } from "../api/station-api";
import { activationFor } from "./activation";
import { answerToSend } from "./answer";
import { gameReducer } from "./game-reducer";
import { stationLocal, timingOf } from "./game-state";
import type { GameState } from "./game-state";
import { loadGame, saveGame } from "./persistence";
import { useGameTimers } from "./use-game-timers";

export type StreamNotice = { kind: "open" } | { kind: "error"; error: ApiError; closed: boolean };

type AnswerOutcome = "sent" | "ignored" | "failed";

/** What screens can do; failed calls are reported through `onCallError` and resolve false. */
type GameActions = {
  /** Starts a station; when another one is current, cancels that one first. */
  activate(stationId: number): Promise<boolean>;
  cancel(stationId: number): Promise<boolean>;
  answer(stationId: number, raw: string): Promise<AnswerOutcome>;
  pressButton(stationId: number, target: string): Promise<boolean>;
  viewStation(stationId: number): void;
  seeStationList(): void;
};

type GameContextValue = { state: GameState; actions: GameActions };

const GameContext = createContext<GameContextValue | null>(null);

type GameProviderProps = {
  token: string;
  config: WebAppConfig;
  /** Keep it stable: the actions are made anew when it changes. */
  onCallError(error: ApiError): void;
  onStream(notice: StreamNotice): void;
  children: ReactNode;
};

/** Holds the signed-in player's game: the stream, the reducer, its timers and its cache. */
export function GameProvider({
  token,
  config,
  onCallError,
  onStream,
  children,
}: GameProviderProps) {
  const [state, dispatch] = useReducer(gameReducer, null, () =>
    loadGame(token, timingOf(config), Date.now()),
  );
  const stateRef = useRef(state);
  const { gameBase } = config;

  useEffect(() => {
    stateRef.current = state;
    saveGame(token, state);
  }, [token, state]);

  useGameTimers(state, dispatch);

  const reportStream = useEffectEvent(onStream);

  useEffect(() => {
    const stream = openEventStream({
      gameBase,
      token,
      lastEventId: stateRef.current.lastEventId,
      onEvent: (event) => dispatch({ type: "server-event", event, receivedAt: Date.now() }),
      onOpen: () => reportStream({ kind: "open" }),
      onError: (error, closed) => reportStream({ kind: "error", error, closed }),
    });
    return () => stream.close();
  }, [gameBase, token]);

  const actions = useMemo<GameActions>(() => {
    async function attempt(call: () => Promise<void>): Promise<boolean> {
      try {
        await call();
        return true;
      } catch (error) {
        onCallError(toApiError(error));
        return false;
      }
    }
    const cancel = (stationId: number) =>
      attempt(async () => {
        await cancelStation({ gameBase, token, stationId });
        dispatch({ type: "station-cancelled", stationId });
      });

    return {
      cancel,
      async activate(stationId) {
        const activation = activationFor(stateRef.current.status, stationId);
        if (activation.kind === "switch" && !(await cancel(activation.currentStation)))
          return false;
        return attempt(() => activateStation({ gameBase, token, stationId }));
      },
      async answer(stationId, raw) {
        const answer = answerToSend(raw, stationLocal(stateRef.current, stationId).lastAnswer);
        if (answer === null) return "ignored";
        const sentAfterEventId = stateRef.current.lastEventId;
        const sent = await attempt(async () => {
          await sendAnswer({ gameBase, token, stationId, answer });
          dispatch({ type: "answer-sent", stationId, answer, sentAfterEventId });
        });
        return sent ? "sent" : "failed";
      },
      pressButton(stationId, target) {
        const sentAfterEventId = stateRef.current.lastEventId;
        return attempt(async () => {
          await pressButton({ gameBase, token, stationId, target });
          dispatch({ type: "button-sent", stationId, sentAfterEventId });
        });
      },
      viewStation: (stationId) => dispatch({ type: "station-viewed", stationId }),
      seeStationList: () => dispatch({ type: "station-list-seen", view: "station" }),
    };
  }, [gameBase, token, onCallError]);

  const value = useMemo(() => ({ state, actions }), [state, actions]);
  return <GameContext value={value}>{children}</GameContext>;
}

export function useGame(): GameContextValue {
  const value = useContext(GameContext);
  if (value === null) throw new Error("useGame needs a GameProvider (a signed-in player)");
  return value;
}
