import { useId, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { activationFor } from "../game/activation";
import { isDone, isRunning, stationById } from "../game/station-flags";
import { useGame } from "../session/game-store";
import { useClockPhase } from "../session/use-game-clock";
import { useConfirm } from "./confirm";
import { StartLine } from "./start-line";
import "./station-actions.css";

type StationActionsProps = {
  stationId: number;
  /** Station titles in the current language, for the confirm texts. */
  titleOf(stationId: number): string;
  onActivated?(): void;
};

/**
 * "Station starten" or "Station beenden", each after a confirm dialog. Before the game's start
 * the start says when that is; from its end on it is disabled and says why.
 */
export function StationActions({ stationId, titleOf, onActivated }: StationActionsProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { state, actions } = useGame();
  const clock = useClockPhase();
  const closedId = useId();
  // A call in flight, or done and waiting for the stream's status to flip `running`.
  const [pendingWhileRunning, setPendingWhileRunning] = useState<boolean | null>(null);
  const station = stationById(state.status, stationId);
  if (station === undefined || isDone(station)) return null;
  const running = isRunning(state.status, stationId);
  const busy = pendingWhileRunning === running;
  const title = titleOf(stationId);

  async function activate() {
    const activation = activationFor(state.status, stationId);
    const ok = await confirm(
      activation.kind === "switch"
        ? {
            title: t("station.confirmSwitch.title"),
            text: t("station.confirmSwitch.text", {
              title,
              current: titleOf(activation.currentStation),
            }),
            confirmLabel: t("station.confirmSwitch.confirm"),
            cancelLabel: t("station.confirmSwitch.cancel"),
          }
        : {
            title: t("station.confirmActivate.title"),
            text: t("station.confirmActivate.text", { title }),
            confirmLabel: t("station.confirmActivate.confirm"),
            cancelLabel: t("station.confirmActivate.cancel"),
          },
    );
    if (!ok) return;
    setPendingWhileRunning(running);
    const activated = await actions.activate(stationId);
    if (!activated) setPendingWhileRunning(null);
    if (activated) onActivated?.();
  }

  async function cancel() {
    const ok = await confirm({
      title: t("station.confirmCancel.title"),
      text: t("station.confirmCancel.text", { title }),
      confirmLabel: t("station.confirmCancel.confirm"),
      cancelLabel: t("station.confirmCancel.cancel"),
      destructive: true,
    });
    if (!ok) return;
    setPendingWhileRunning(running);
    if (!(await actions.cancel(stationId))) setPendingWhileRunning(null);
  }

  if (running) {
    return (
      <button
        type="button"
        className="button button--secondary station-action"
        disabled={busy}
        onClick={() => void cancel()}
      >
        {t("station.cancel")}
      </button>
    );
  }
  if (clock.phase === "before") {
    return <StartLine phase={clock} className="station-action station-action--clock" />;
  }
  const over = clock.phase === "over";
  // A station that opens only through its code: the list cannot start it (the cancel stays).
  if (station.Trigger === "qr") {
    return (
      <p className="station-action station-action--scan">
        {t(over ? "gameClock.startClosed" : "station.scanAtPlace")}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--primary station-action"
        disabled={busy || over}
        aria-describedby={over ? closedId : undefined}
        onClick={() => void activate()}
      >
        {t("station.activate")}
      </button>
      {over && (
        <p id={closedId} className="station-action station-action--clock">
          {t("gameClock.startClosed")}
        </p>
      )}
    </>
  );
}
