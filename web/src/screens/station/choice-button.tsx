import { BulbIcon } from "../../components/icons";
import type { AnswerButton } from "../../game/play-state";
import { useTranslation } from "../../i18n/use-translation";

type ChoiceButtonProps = {
  button: AnswerButton;
  /** An answer or a tap is on its way: the button takes no tap meanwhile. */
  busy: boolean;
  onPress(target: string): void;
};

/**
 * One of the station's buttons. A hint button (it asks for the riddle's next hint) is a lighter
 * one with a lightbulb and, unless it is free, its cost in points beside its text; its name
 * starts with its text all the same ("Einen Tipp, bitte (kostet 1 Punkt)").
 */
export function ChoiceButton({ button, busy, onPress }: ChoiceButtonProps) {
  const { t } = useTranslation();
  const { hint } = button;
  const cost = hint?.cost ?? 0;
  return (
    <button
      type="button"
      className={hint ? "choice-button choice-button--hint" : "choice-button"}
      aria-disabled={busy}
      onClick={() => onPress(button.target)}
    >
      {hint && <BulbIcon className="choice-button__bulb" />}
      {hint ? <span>{button.text}</span> : button.text}
      {cost > 0 && (
        <>
          {" "}
          <span className="choice-button__cost" aria-hidden="true">
            {t("messenger.hint.cost", { count: cost })}
          </span>{" "}
          <span className="visually-hidden">{t("messenger.hintSaid.cost", { count: cost })}</span>
        </>
      )}
    </button>
  );
}
