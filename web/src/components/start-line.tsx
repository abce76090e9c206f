import type { ClockPhase } from "../game/game-clock";
import { useTranslation } from "../i18n/use-translation";
import { useSession } from "../session/session";
import { startText } from "./clock-texts";

type Before = Extract<ClockPhase, { phase: "before" }>;

/** When the game starts: `Das Spiel beginnt um 10:00 Uhr.` (`am 13.06. um …` on another day). */
export function StartLine({ phase, className }: { phase: Before; className?: string }) {
  const { t } = useTranslation();
  const { language } = useSession();
  const serverNow = phase.startsAt - phase.startsInMs;
  return <p className={className}>{startText(t, phase.startsAt, serverNow, language)}</p>;
}
