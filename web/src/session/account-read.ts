import { useEffect, useRef, useState } from "react";
import type { Dispatch } from "react";
import type { ReadMarksValue } from "@wegmarke/protocol";
import { fetchReadMarks, sendReadMarks } from "../api/read-api";
import type { GameAction } from "../game/game-reducer";
import type { PlayState } from "../game/play-state";
import {
  accountMarksOf,
  applyReadMarks,
  mergeReadMarks,
  readMarksOf,
  readMarksOfAccount,
  sameReadMarks,
} from "../game/read-marks";

type AccountReadProps = {
  gameBase: string;
  token: string;
  state: PlayState;
  /** The stream's opening status and backlog are in: the stream and the member are known. */
  caughtUp: boolean;
  dispatch: Dispatch<GameAction>;
};

/**
 * Keeps what the player read with the account (`player/read`), so that a sign-in, on this
 * device or another, finds it: the account's marks are read once per sign-in and taken into
 * the game once the stream has caught up; what the player reads after is sent as it changes,
 * one call at a time, the server keeping the larger of each mark.
 */
export function useAccountReadMarks({
  gameBase,
  token,
  state,
  caughtUp,
  dispatch,
}: AccountReadProps): void {
  /** The account's marks as the server answered last, with the token they are of. */
  const [answered, setAnswered] = useState<{ token: string; value: ReadMarksValue } | null>(null);
  const account = answered?.token === token ? answered.value : null;
  const sending = useRef(false);

  useEffect(() => {
    let live = true;
    fetchReadMarks({ gameBase, token }).then(
      (value) => {
        if (live) setAnswered({ token, value });
      },
      (error: unknown) => console.warn("could not load what the player read", error),
    );
    return () => {
      live = false;
    };
  }, [gameBase, token]);

  useEffect(() => {
    if (!caughtUp || account === null) return;
    const theirs = readMarksOfAccount(account, state.member);
    if (applyReadMarks(state, theirs) !== state) {
      dispatch({ type: "read-elsewhere", marks: theirs });
      return;
    }
    const own = readMarksOf(state);
    if (sameReadMarks(mergeReadMarks(theirs, own), theirs) || sending.current) return;
    sending.current = true;
    sendReadMarks({ gameBase, token, marks: accountMarksOf(own) })
      .then(
        (value) => setAnswered({ token, value }),
        (error: unknown) => console.warn("could not keep what was read", error),
      )
      .finally(() => {
        sending.current = false;
      });
  }, [gameBase, token, caughtUp, account, state, dispatch]);
}
