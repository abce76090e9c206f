import { useId } from "react";
import { consoleLanguages, useI18n } from "../i18n/i18n";
import type { ConsoleLanguage } from "../i18n/i18n";

/** Each language named in itself, so that an operator finds theirs in any of them. */
const names: Record<ConsoleLanguage, string> = { de: "Deutsch", en: "English" };

/** `compact`: the label only for screen readers (the header on a phone has no room for it). */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, language, setLanguage } = useI18n();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className={compact ? "visually-hidden" : undefined}>
        {t("language.label")}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => setLanguage(event.target.value as ConsoleLanguage)}
      >
        {consoleLanguages.map((code) => (
          <option key={code} value={code} lang={code}>
            {names[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
