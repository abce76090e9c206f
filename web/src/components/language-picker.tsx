import { useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import "./language-picker.css";

type LanguagePickerProps = { language: Language; onChange(language: Language): void };

/** The three languages as toggle buttons; the chosen one is pressed. */
export function LanguagePicker({ language, onChange }: LanguagePickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="language-picker" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="language-picker__label">
        {t("nav.language")}
      </span>
      <div className="language-picker__options">
        {languages.map((option) => (
          <button
            key={option}
            type="button"
            className="chip-button"
            aria-pressed={option === language}
            lang={option === "en" ? "en" : "de"}
            onClick={() => onChange(option)}
          >
            {t(`language.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
