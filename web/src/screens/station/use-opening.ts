import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { StationView } from "@wegmarke/protocol";
import { useConfirm } from "../../components/confirm";
import { activationFor } from "../../game/activation";
import { stationLocal } from "../../game/play-state";
import { openingAction } from "../../game/opening";
import { isRunning, stationById } from "../../game/station-flags";
import { useGame } from "../../session/game-store";
import { useClockPhase } from "../../session/use-game-clock";

/**
 * Runs spec 4's opening rule once when a detail view opens (not when the player just started
 * the station from its list). Starting a station by opening it while another one is current
 * asks the switch question first, as every other start does. The rule waits until the stream
 * has caught up: a main station whose messages are still on their way is not "without
 * messages"; and it waits for the game's time (before the start and from the end on, no
 * station starts), so that a station opened early starts at the start.
 */
export function useOpening(
  view: StationView,
  stationId: number,
  justActivated: boolean,
  titleOf: (stationId: number) => string,
  /** The station texts have loaded: a switch question names both stations by title. */
  ready: boolean,
): void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { state, actions, caughtUp } = useGame();
  const started = useRef(false);
  const { phase } = useClockPhase();
  const outsideTime = phase === "before" || phase === "over";
  const station = stationById(state.status, stationId);
  const local = stationLocal(state, stationId);
  const action =
    station === undefined
      ? "none"
      : openingAction(
          view,
          station,
          isRunning(state.status, stationId),
          local.messages.length + local.queue.length,
        );
  const activation = activationFor(state.status, stationId);

  const open = useEffectEvent(async () => {
    if (justActivated || action === "none") return;
    if (action === "restart") {
      if (await actions.cancel(stationId)) await actions.activate(stationId);
      return;
    }
    if (activation.kind === "switch") {
      const ok = await confirm({
        title: t("station.confirmSwitch.title"),
        text: t("station.confirmSwitch.text", {
          title: titleOf(stationId),
          current: titleOf(activation.currentStation),
        }),
        confirmLabel: t("station.confirmSwitch.confirm"),
        cancelLabel: t("station.confirmSwitch.cancel"),
      });
      if (!ok) return;
    }
    await actions.activate(stationId);
  });

  useEffect(() => {
    // Once per opening, with what was known then; also where StrictMode runs effects twice.
    if (!ready || !caughtUp || outsideTime || started.current) return;
    started.current = true;
    void open();
  }, [ready, caughtUp, outsideTime]);
}
