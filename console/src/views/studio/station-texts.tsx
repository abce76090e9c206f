import type { Language, OpsStationForm, OpsStationTexts } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import { LanguageColumns } from "./language-columns";

const KEYS = ["title", "desc", "descDone", "longDesc"] as const;
const EMPTY: OpsStationTexts = { title: "", desc: "", descDone: "", longDesc: "" };

type Props = {
  columns: Language[];
  texts: OpsStationForm["texts"];
  onChange: (texts: OpsStationForm["texts"]) => void;
};

/**
 * A station's texts with a column per language, side by side on a wide screen and one after
 * the other on a phone; a text German has and another language lacks is marked missing.
 */
export function StationTexts({ columns, texts, onChange }: Props) {
  const { t } = useI18n();
  const german = texts.de ?? EMPTY;
  return (
    <fieldset className="station-form__group">
      <legend>{t("station.texts")}</legend>
      <LanguageColumns columns={columns}>
        {(language, name) => {
          const own = texts[language] ?? EMPTY;
          return KEYS.map((key) => {
            const missing = own[key] === "" && (german[key] !== "" || key === "title");
            const input = {
              value: own[key],
              className: missing ? "station-texts__missing" : undefined,
              onChange: (event: { target: { value: string } }) =>
                onChange({ ...texts, [language]: { ...own, [key]: event.target.value } }),
            };
            return (
              <label key={key} className="field">
                <span>
                  {t(`station.text.${key}`)}
                  {/* The column's language, for a screen reader that reads the label alone. */}
                  <span className="visually-hidden"> ({name})</span>
                  {missing && <span className="pill pill--warning"> {t("station.missing")}</span>}
                </span>
                {key === "title" ? (
                  <input {...input} />
                ) : (
                  <textarea rows={key === "longDesc" ? 4 : 2} {...input} />
                )}
              </label>
            );
          });
        }}
      </LanguageColumns>
    </fieldset>
  );
}
