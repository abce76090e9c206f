import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useSession } from "../session/session";
import { pushSubscribed, pushSupported } from "./push-support";
import "./push.css";

type State = { on: boolean; news: boolean };

/**
 * The menu's switches for notifications on this device, and for the game master's ordinary news
 * among them (urgent news come either way). The push code loads when the player reads or flips
 * them; a browser without Web Push shows nothing.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const { config, token } = useSession();
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<"denied" | "failed" | null>(null);

  useEffect(() => {
    if (!pushSupported() || token === null) return;
    let live = true;
    void (async () => {
      const on = await pushSubscribed();
      const news = on
        ? (await (await import("./push-client")).pushSettings({ gameBase: config.gameBase, token }))
            .news
        : false;
      if (live) setState({ on, news });
    })().catch(() => live && setState({ on: false, news: false }));
    return () => {
      live = false;
    };
  }, [config.gameBase, token]);

  if (state === null || token === null) return null;

  /** The switch moves at once; it moves back when the change fails or is refused. */
  const change = async (next: State) => {
    const before = state;
    setState(next);
    setBusy(true);
    setProblem(null);
    try {
      const client = await import("./push-client");
      const call = { gameBase: config.gameBase, token };
      if (!next.on) {
        await client.disablePush(call);
        setState({ on: false, news: false });
        return;
      }
      if ((await client.enablePush({ ...call, news: next.news })) !== "on") {
        setState(before);
        setProblem("denied");
      }
    } catch {
      setState(before);
      setProblem("failed");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="push-switch">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={state.on}
          disabled={busy}
          onChange={(event) => void change({ on: event.target.checked, news: state.news })}
        />
        {t("push.switch")}
      </label>
      {state.on && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={state.news}
            disabled={busy}
            onChange={(event) => void change({ on: true, news: event.target.checked })}
          />
          {t("push.news")}
        </label>
      )}
      {problem !== null && (
        <p className="push-offer__problem" role="alert">
          {t(problem === "denied" ? "push.denied" : "push.failed")}
        </p>
      )}
    </div>
  );
}
