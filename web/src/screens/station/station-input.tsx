import type { StationView } from "@wegmarke/protocol";
import { StartLine } from "../../components/start-line";
import type { MessengerState } from "../../game/messenger";
import { openingAction } from "../../game/opening";
import { stationById } from "../../game/station-flags";
import { useTranslation } from "../../i18n/use-translation";
import { PushOffer } from "../../push/push-offer";
import { useGame } from "../../session/game-store";
import { useClockPhase } from "../../session/use-game-clock";
import { Messenger } from "./messenger";

type StationInputProps = {
  stationId: number;
  view: StationView;
  running: boolean;
  messenger: MessengerState;
  /** The player just started the station: the answer field takes the focus. */
  focusOnStart: boolean;
  /** Called with true when the messenger goes while its field has the focus. */
  onLeaveFocused(focused: true): void;
};

/**
 * The foot of a station: while it runs, the messenger (answers, buttons, the mission) and the
 * offers below it. Outside the game's time the messenger gives way to a line that says why no
 * answer counts (from the end on; before the start), and a station that starts by being opened
 * says when the game starts. It comes back as soon as a host extends the game.
 */
export function StationInput(props: StationInputProps) {
  const { stationId, view, running, messenger, focusOnStart, onLeaveFocused } = props;
  const { t } = useTranslation();
  const { state } = useGame();
  const clock = useClockPhase();
  if (clock.phase === "over" || clock.phase === "before") {
    const station = stationById(state.status, stationId);
    const opensHere =
      !running && station !== undefined && openingAction(view, station, running, 0) === "activate";
    if (clock.phase === "before" && opensHere) {
      return <StartLine phase={clock} className="messenger messenger__closed" />;
    }
    if (!running) return null;
    return (
      <p className="messenger messenger__closed" data-testid="answers-closed">
        {t(clock.phase === "over" ? "gameClock.answersClosed" : "gameClock.answersNotYet")}
      </p>
    );
  }
  if (!running) return null;
  return (
    <>
      <Messenger
        stationId={stationId}
        messenger={messenger}
        focusOnStart={focusOnStart}
        onLeaveFocused={onLeaveFocused}
      />
      <PushOffer />
    </>
  );
}
