import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import type { ReactNode } from "react";
import type { ApiError, Language, StationView, WebAppConfig } from "@wegmarke/protocol";
import { toApiError } from "../api/api-error";
import { openEventStream } from "../api/event-stream";
import { reportMediumProgress } from "../api/progress-api";
import { activateStation, cancelStation, openStationCode } from "../api/station-api";
import { activateStory } from "../api/story-api";
import { activationFor, sendsPosition } from "../game/activation";
import { answerToSend, cleanAnswerInput } from "../game/answer";
import { gameReducer } from "../game/game-reducer";
import { newestNewsId } from "../game/news";
import { stationLocal, timingOf } from "../game/play-state";
import type { PlayState } from "../game/play-state";
import type { SeenMark } from "../game/seen";
import { joinedTeam } from "../game/team";
import { latestPosition } from "../lib/use-geolocation";
import { loadGame, saveGame } from "./game-cache";
import { clearTeammates, receiveTeammates } from "./teammates";
import { useGameTimers } from "./use-game-timers";
import { useMissionOutbox } from "./mission-uploads";
import { submitInput, useOutbox } from "./input-outbox";
import type { OutboxContext, SubmitOutcome } from "./input-outbox";
import { useReadSync } from "./read-sync";
import { useAccountReadMarks } from "./account-read";
import { OrganisersContext, useOrganisersFeed } from "./organisers";

export type StreamNotice = { kind: "open" } | { kind: "error"; error: ApiError; closed: boolean };

/**
 * `queued`: no connection; it waits in the outbox and goes once the game is back. `ignored`: an
 * empty answer; `repeated`: the same as the last one sent (neither goes).
 */
type AnswerOutcome = SubmitOutcome | "ignored" | "repeated";

/** What screens can do; failed calls are reported through `onCallError` and resolve false. */
type GameActions = {
  /** Starts a station; when another one is current, cancels that one first. */
  activate(stationId: number): Promise<boolean>;
  cancel(stationId: number): Promise<boolean>;
  /** `station/code`: opens the station of a QR link's code; its id, or null when refused. */
  openCode(code: string): Promise<number | null>;
  answer(stationId: number, raw: string): Promise<AnswerOutcome>;
  pressButton(stationId: number, target: string): Promise<SubmitOutcome>;
  viewStation(stationId: number): void;
  /** The list of a view was seen: its "!" for new stations goes. */
  seeStationList(view: StationView): void;
  /** `story/activate`: an opened story that is live and not done. */
  activateStory(storyId: number): Promise<boolean>;
  /** `player/medium/progress`; a failure is only logged (nothing the player can do). */
  reportProgress(stationId: number, contentRef: string, ratio: number): void;
  markSeen(mark: SeenMark): void;
  /** Drops the game state and reconnects the stream from its beginning (after a team join). */
  startOver(): void;
  /** Turns sharing this device's position with the team on or off. */
  sharePosition(share: boolean): void;
};

type GameContextValue = {
  state: PlayState;
  actions: GameActions;
  /**
   * A playerstatus came on the stream this session opened: `state.status` is the server's
   * current one, not the cached one from the last visit.
   */
  statusLive: boolean;
  /**
   * The stream's opening status and the backlog sent with it have been applied: what the
   * state lacks now, the server lacks too.
   */
  caughtUp: boolean;
  /** The stream is open, or has not failed since it last opened (false: it reconnects). */
  streamUp: boolean;
};

const GameContext = createContext<GameContextValue | null>(null);

type GameProviderProps = {
  token: string;
  /** The app's language: a station started now speaks it. */
  language: Language;
  config: WebAppConfig;
  /** Keep it stable: the actions are made anew when it changes. */
  onCallError(error: ApiError): void;
  /** `startOver`: the game's own, for a stream that cannot resume where it stopped. */
  onStream(notice: StreamNotice, startOver: () => void): void;
  children: ReactNode;
};

/** Holds the signed-in player's game: the stream, the reducer, its timers and its cache. */
export function GameProvider({
  token,
  language,
  config,
  onCallError,
  onStream,
  children,
}: GameProviderProps) {
  const [state, dispatch] = useReducer(gameReducer, null, () =>
    loadGame(token, timingOf(config), Date.now()),
  );
  const stateRef = useRef(state);
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);
  const { gameBase } = config;
  /** Counts the starts over: each one opens a new stream. */
  const [connection, setConnection] = useState(0);
  const streamRef = useRef<{ close(): void } | null>(null);
  const [statusLive, setStatusLive] = useState(false);
  const [streamUp, setStreamUp] = useState(true);
  const [backlogUntil, setBacklogUntil] = useState(0);
  const caughtUp = statusLive && (state.lastEventId ?? 0) >= backlogUntil;
  /** When this connection's opening status came; null before it, and after a failure. */
  const [statusSince, setStatusSince] = useState<number | null>(null);
  const liveSince = streamUp && caughtUp ? statusSince : null;

  useEffect(() => {
    stateRef.current = state;
    saveGame(token, state);
  }, [token, state]);

  useGameTimers(state, dispatch);
  useReadSync(token, state, dispatch);
  useAccountReadMarks({ gameBase, token, state, caughtUp, dispatch });
  // A mission's file still on its way (a reload, a closed app) goes on.
  useMissionOutbox(gameBase, token);
  const { organisers, feed: organisersFeed } = useOrganisersFeed(gameBase, token);

  const startOver = useCallback(() => {
    // Nothing of the old stream may arrive after the state was dropped.
    streamRef.current?.close();
    dispatch({ type: "start-over" });
    // A team has a conversation of its own.
    organisersFeed.reset();
    setStatusLive(false);
    setConnection((count) => count + 1);
  }, [organisersFeed]);

  const previousStatus = useRef(state.status);
  useEffect(() => {
    const previous = previousStatus.current;
    previousStatus.current = state.status;
    if (joinedTeam(previous, state.status)) startOver();
  }, [state.status, startOver]);

  const reportStream = useEffectEvent((notice: StreamNotice) => onStream(notice, startOver));

  useEffect(() => {
    const stream = openEventStream({
      gameBase,
      token,
      lastEventId: stateRef.current.lastEventId,
      newsAfter: () => newestNewsId(stateRef.current.operatorNews),
      onEvent: (event) => {
        if (event.type === "teampositions") {
          receiveTeammates(event.data.Members, Date.now());
          return;
        }
        if (event.type === "organisers") {
          organisersFeed.receive(event.data.Messages);
          return;
        }
        dispatch({ type: "server-event", event, receivedAt: Date.now() });
        if (event.type !== "playerstatus") return;
        setBacklogUntil(event.data.BacklogUntil ?? 0);
        setStatusLive(true);
        setStatusSince(Date.now());
      },
      onOpen: () => {
        // The stream sends the teammates' positions shared now after its opening status.
        clearTeammates();
        // It sends the organisers' messages that come from now on: the ones before are read.
        organisersFeed.load();
        setStreamUp(true);
        setStatusSince(null);
        reportStream({ kind: "open" });
      },
      onError: (error, closed) => {
        setStreamUp(false);
        setStatusSince(null);
        reportStream({ kind: "error", error, closed });
      },
    });
    streamRef.current = stream;
    return () => {
      stream.close();
      clearTeammates();
    };
  }, [gameBase, token, connection, organisersFeed]);

  const outbox = useMemo<OutboxContext>(
    () => ({ gameBase, token, state: () => stateRef.current, dispatch, onCallError }),
    [gameBase, token, onCallError],
  );
  // Answers and taps made without a connection go once the game is back.
  useOutbox(outbox, state, liveSince);

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
        return attempt(() =>
          activateStation({
            gameBase,
            token,
            stationId,
            language: languageRef.current,
            position: sendsPosition(stateRef.current.status, stationId) ? latestPosition() : null,
          }),
        );
      },
      async openCode(code) {
        let stationId: number | null = null;
        await attempt(async () => {
          stationId = await openStationCode({
            gameBase,
            token,
            code,
            language: languageRef.current,
            position: latestPosition(),
          });
        });
        return stationId;
      },
      answer(stationId, raw) {
        const answer = answerToSend(raw, stationLocal(stateRef.current, stationId).lastAnswer);
        if (answer === null) {
          return Promise.resolve(cleanAnswerInput(raw) === "" ? "ignored" : "repeated");
        }
        return submitInput(outbox, stationId, { kind: "answer", text: answer });
      },
      pressButton(stationId, target) {
        const { buttons } = stationLocal(stateRef.current, stationId);
        const text = buttons.find((button) => button.target === target)?.text ?? target;
        return submitInput(outbox, stationId, { kind: "button", target, text });
      },
      viewStation: (stationId) => dispatch({ type: "station-viewed", stationId }),
      seeStationList: (view) => dispatch({ type: "station-list-seen", view }),
      activateStory: (storyId) => attempt(() => activateStory({ gameBase, token, storyId })),
      reportProgress(stationId, contentRef, ratio) {
        reportMediumProgress({ gameBase, token, stationId, contentRef, ratio }).catch(
          (error: unknown) => console.warn("could not report the medium progress", error),
        );
      },
      markSeen: (mark) => dispatch({ type: "seen", mark }),
      startOver,
      sharePosition: (share) => dispatch({ type: "share-position", share }),
    };
  }, [gameBase, token, onCallError, startOver, outbox]);

  const value = useMemo(
    () => ({ state, actions, statusLive, caughtUp, streamUp }),
    [state, actions, statusLive, caughtUp, streamUp],
  );
  return (
    <GameContext value={value}>
      <OrganisersContext value={organisers}>{children}</OrganisersContext>
    </GameContext>
  );
}

export function useGame(): GameContextValue {
  const value = useContext(GameContext);
  if (value === null) throw new Error("useGame needs a GameProvider (a signed-in player)");
  return value;
}
