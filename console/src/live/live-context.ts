import { createContext, useContext } from "react";
import type { Dispatch } from "react";
import type { LiveAction, LiveState } from "./live-state";

export const LiveContext = createContext<[LiveState, Dispatch<LiveAction>] | null>(null);

/** The live state of the signed-in console and its dispatch (views add what they fetched). */
export function useLiveState(): [LiveState, Dispatch<LiveAction>] {
  const live = useContext(LiveContext);
  if (live === null) throw new Error("useLiveState outside LiveContext");
  return live;
}
