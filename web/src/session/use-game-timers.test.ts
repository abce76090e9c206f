import { act, renderHook } from "@testing-library/react";
import { useReducer } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gameReducer } from "../game/game-reducer";
import { initialPlayState, stationLocal } from "../game/play-state";
import { messengerState } from "../game/messenger";
import { playerStatus, t0, text } from "../test/fixtures";
import { useGameTimers } from "./use-game-timers";

function useGame() {
  const [state, dispatch] = useReducer(
    gameReducer,
    initialPlayState({ timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 }),
  );
  useGameTimers(state, dispatch);
  return { state, dispatch };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(t0);
});
afterEach(() => vi.useRealTimers());

describe("useGameTimers", () => {
  it("delivers queued messages one at a time after their typing delay", () => {
    const { result } = renderHook(useGame);
    act(() => {
      result.current.dispatch({
        type: "server-event",
        event: { id: null, type: "playerstatus", data: playerStatus({ CurrentStation: 1 }) },
        receivedAt: Date.now(),
      });
      result.current.dispatch({
        type: "server-event",
        event: text(1, 1, "Hallo"),
        receivedAt: Date.now(),
      });
      result.current.dispatch({
        type: "server-event",
        event: text(2, 1, "Na?"),
        receivedAt: Date.now(),
      });
    });
    expect(messengerState(result.current.state, 1).writer).toBe("Lena");
    act(() => void vi.advanceTimersByTime(74));
    expect(stationLocal(result.current.state, 1).messages).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(stationLocal(result.current.state, 1).messages).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(45));
    expect(stationLocal(result.current.state, 1).messages).toHaveLength(2);
    expect(messengerState(result.current.state, 1).writer).toBeNull();
  });

  it("applies a repeated answer-expected as answer-rejected after 10 ms", () => {
    const { result } = renderHook(useGame);
    act(() => {
      for (const id of [1, 2]) {
        result.current.dispatch({
          type: "server-event",
          event: { id, type: "answer-expected", data: { StationID: 1 } },
          receivedAt: Date.now(),
        });
      }
    });
    expect(messengerState(result.current.state, 1).rejected).toBe(false);
    act(() => void vi.advanceTimersByTime(10));
    expect(messengerState(result.current.state, 1).rejected).toBe(true);
  });
});
