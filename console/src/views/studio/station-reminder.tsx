import type { Language, OpsStationReminder } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import { LanguageColumns } from "./language-columns";

const UNITS = ["s", "m", "h"] as const;
const FRESH: OpsStationReminder = { after: "5m", text: {}, hint: {} };

/** Whether the reminder can be saved: it says something in German. */
export const reminderComplete = (reminder: OpsStationReminder | null): boolean =>
  reminder === null ||
  (reminder.text.de ?? "").trim() !== "" ||
  (reminder.hint.de ?? "").trim() !== "";

type Props = {
  columns: Language[];
  reminder: OpsStationReminder | null;
  onChange: (reminder: OpsStationReminder | null) => void;
};

/**
 * The idle reminder (station.yaml `reminder`): whether the character speaks up when nobody
 * answers, after how long, and what it says, per language; the hint offer is said instead while
 * the question has a hint left.
 */
export function StationReminder({ columns, reminder, onChange }: Props) {
  const { t } = useI18n();
  const [, amount = "5", unit = "m"] = /^(\d+)([smh])$/.exec(reminder?.after ?? "") ?? [];
  const set = (changes: Partial<OpsStationReminder>) =>
    onChange({ ...(reminder ?? FRESH), ...changes });
  return (
    <fieldset className="station-form__group">
      <legend>{t("station.reminder")}</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={reminder !== null}
          onChange={(event) => onChange(event.target.checked ? FRESH : null)}
        />
        <span>{t("station.reminder.on")}</span>
      </label>
      {reminder !== null && (
        <>
          <div className="block-form__row">
            <label className="field">
              <span>{t("station.reminder.after")}</span>
              <input
                type="number"
                min={1}
                max={99999}
                step={1}
                inputMode="numeric"
                value={amount}
                onChange={(event) => {
                  const whole = Math.min(
                    99999,
                    Math.max(1, Math.round(Number(event.target.value) || 1)),
                  );
                  set({ after: `${whole}${unit}` });
                }}
              />
            </label>
            <label className="field">
              <span className="visually-hidden">{t("blocks.unit")}</span>
              <select
                value={unit}
                onChange={(event) =>
                  set({ after: `${amount}${UNITS.find((u) => u === event.target.value) ?? "m"}` })
                }
              >
                {UNITS.map((u) => (
                  <option key={u} value={u}>
                    {t(`blocks.unit.${u}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <LanguageColumns columns={columns}>
            {(language, name) =>
              (["text", "hint"] as const).map((key) => (
                <label key={key} className="field">
                  <span>
                    {t(`station.reminder.${key}`)}
                    <span className="visually-hidden"> ({name})</span>
                  </span>
                  <textarea
                    rows={2}
                    value={reminder[key][language] ?? ""}
                    onChange={(event) =>
                      set({ [key]: { ...reminder[key], [language]: event.target.value } })
                    }
                  />
                </label>
              ))
            }
          </LanguageColumns>
          <p className="muted">{t("station.reminder.explain")}</p>
          {!reminderComplete(reminder) && (
            <p className="notice notice--error" role="alert">
              {t("station.reminder.needText")}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
