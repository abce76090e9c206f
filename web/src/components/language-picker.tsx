import { useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import "./language-picker.css";

type LanguagePickerProps = {
  language: Language;
  /** The pack's languages (game.yaml `languages`); absent: all three. */
  offered?: readonly Language[] | undefined;
  onChange(language: Language): void;
};

/**
 * The game's languages as toggle buttons, in the app's order; the chosen one is pressed. A
 * game in one language has nothing to choose: no picker.
 */
export function LanguagePicker({ language, offered, onChange }: LanguagePickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const shown = languages.filter((option) => offered === undefined || offered.includes(option));
  if (shown.length < 2) return null;
  // "(du)" and "(Sie)" tell two forms apart; one alone is German.
  const oneGerman = shown.filter((option) => option !== "en").length === 1;
  return (
    <div className="language-picker" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="language-picker__label">
        {t("nav.language")}
      </span>
      <div className="language-picker__options">
        {shown.map((option) => (
          <button
            key={option}
            type="button"
            className="chip-button"
            aria-pressed={option === language}
            lang={option === "en" ? "en" : "de"}
            onClick={() => onChange(option)}
          >
            {option !== "en" && oneGerman ? t("language.german") : t(`language.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
