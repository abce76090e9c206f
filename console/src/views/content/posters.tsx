import { useId, useState } from "react";
import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import { postersUrl } from "../../api/ops-api";
import { RoleNote, useRole } from "../../components/roles";
import { useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";

const languageNames: Record<Language, TextKey> = {
  de: "posters.lang.de",
  "de-formal": "posters.lang.de-formal",
  en: "posters.lang.en",
};

/**
 * The stations' QR posters as a PDF in a language the operator picks: the station titles the
 * pack gives in it (German where it has none) and the line of instruction.
 */
export function PostersPanel() {
  const { t } = useI18n();
  const [language, setLanguage] = useState<Language>("de");
  const id = useId();
  // A poster's code opens its station without the walk: not for a viewer.
  const allowed = useRole("either");
  return (
    <section className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("posters.heading")}</h2>
      <p>{t("posters.text")}</p>
      {!allowed && <RoleNote role="either" />}
      {allowed && (
        <div className="posters">
          <div className="field">
            <label htmlFor={`${id}-language`}>{t("posters.language")}</label>
            <select
              id={`${id}-language`}
              value={language}
              onChange={(event) =>
                setLanguage(languages.find((l) => l === event.target.value) ?? "de")
              }
            >
              {languages.map((option) => (
                <option key={option} value={option}>
                  {t(languageNames[option])}
                </option>
              ))}
            </select>
          </div>
          <a
            className="button"
            href={postersUrl(language)}
            download={`wegmarke-station-posters-${language}.pdf`}
          >
            {t("posters.link")}
          </a>
        </div>
      )}
    </section>
  );
}
