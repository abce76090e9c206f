import { useCallback, useEffect, useRef, useState } from "react";
import type { ScoreboardResponse } from "@wegmarke/protocol";
import { fetchScoreboard } from "../../api/scoreboard-api";
import { scoreboardRefreshMs } from "../../game/scoreboard";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";

type Scoreboard =
  { kind: "loading" } | { kind: "failed" } | { kind: "ready"; value: ScoreboardResponse["value"] };

/**
 * The scoreboard, fetched when the screen opens, whenever the player's own status changes
 * (their points may have), every 30 s while the page is visible, and when it becomes visible
 * (docs/decisions/007-scoreboard.md).
 */
export function useScoreboard(): { scoreboard: Scoreboard; reload(): void } {
  const { config, token } = useSession();
  const { state } = useGame();
  const [scoreboard, setScoreboard] = useState<Scoreboard>({ kind: "loading" });
  const latest = useRef(0);
  const { gameBase } = config;

  const reload = useCallback(() => {
    if (token === null) return;
    const call = ++latest.current;
    fetchScoreboard({ gameBase, token }).then(
      (value) => {
        if (call === latest.current) setScoreboard({ kind: "ready", value });
      },
      (error: unknown) => {
        console.warn("could not load the scoreboard", error);
        // A refresh that fails keeps the ranking already shown.
        if (call === latest.current) {
          setScoreboard((shown) => (shown.kind === "ready" ? shown : { kind: "failed" }));
        }
      },
    );
  }, [gameBase, token]);

  useEffect(reload, [reload, state.status]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reload();
    }, scoreboardRefreshMs);
    const onVisible = () => {
      if (document.visibilityState === "visible") reload();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [reload]);

  return { scoreboard, reload };
}
