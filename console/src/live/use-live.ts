import { useEffect, useReducer } from "react";
import type { Dispatch } from "react";
import type { OpsLiveEventType } from "@wegmarke/protocol";
import { getMe, getOverview, LIVE_URL } from "../api/ops-api";
import { actionOfEvent, initialLive, liveReducer } from "./live-state";
import type { LiveAction, LiveState } from "./live-state";

const EVENT_TYPES: readonly OpsLiveEventType[] = [
  "overview",
  "recent",
  "activity",
  "news",
  "teams",
  "submissions",
  "inbox",
];

/** The first wait before the console opens a stream the server refused again; it doubles. */
export const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 30_000;

/**
 * The console's event stream while it is mounted: figures, activity, news, the teams' shared
 * positions, the hosts' queue and inbox as they change.
 * A dropped connection the browser reconnects by itself ("reconnecting" meanwhile); a refused
 * one (the server answered an error: restarted, or the session ended) is opened again after a
 * growing wait, once a call has checked the session (a 401 there signs the console out).
 */
export function useLive(): [LiveState, Dispatch<LiveAction>] {
  const [state, dispatch] = useReducer(liveReducer, initialLive);
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;
    const open = () => {
      const stream = new EventSource(LIVE_URL);
      source = stream;
      stream.onopen = () => {
        refusals = 0;
        dispatch({ type: "open" });
      };
      for (const type of EVENT_TYPES) {
        stream.addEventListener(type, (event) => {
          const action = actionOfEvent(type, (event as MessageEvent<string>).data);
          if (action !== null) dispatch(action);
        });
      }
      stream.onerror = () => {
        dispatch({ type: "lost" });
        if (stream.readyState !== EventSource.CLOSED) return;
        getMe().catch(() => undefined);
        const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** refusals);
        refusals += 1;
        retry = setTimeout(open, wait);
      };
    };
    open();
    // The figures at once, also while the stream is still on its way.
    const controller = new AbortController();
    getOverview(controller.signal).then(
      (overview) => dispatch({ type: "overview", overview }),
      () => undefined,
    );
    return () => {
      controller.abort();
      clearTimeout(retry);
      source?.close();
    };
  }, []);
  return [state, dispatch];
}
