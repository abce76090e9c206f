import { stationStyles, stationTriggers, stationViews } from "@wegmarke/protocol";
import type { Language, OpsStationEdit, OpsStationForm } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import { CountField } from "./media-choice";
import { IMAGES, MediaPick } from "./media-pick";

type SettingsProps = {
  form: OpsStationForm;
  languages: Language[];
  onChange: (changes: Partial<OpsStationForm>) => void;
  /** The station as read: its folder, id and the pictures of its folder. */
  station: Pick<OpsStationEdit, "folder" | "id" | "images">;
};

/**
 * What the station is besides its texts: who speaks, points, where it is listed, how it looks
 * (its picture too) and how it opens.
 */
export function StationSettings({ form, languages, onChange, station }: SettingsProps) {
  const { t } = useI18n();
  const near = form.trigger === "near" || form.trigger === "qr-or-near";
  const visible = String(form.visible);
  return (
    <fieldset className="station-form__group">
      <legend>{t("station.settings")}</legend>
      <div className="station-form__row">
        {languages.map((language) => (
          <label key={language} className="field">
            <span>{t("station.character", { language: t(`news.lang.${language}`) })}</span>
            <input
              value={form.character[language] ?? ""}
              onChange={(event) =>
                onChange({ character: { ...form.character, [language]: event.target.value } })
              }
            />
          </label>
        ))}
      </div>
      <div className="station-form__row">
        <CountField
          label={t("station.points")}
          value={form.points}
          onChange={(points) => onChange({ points })}
        />
        <label className="field">
          <span>{t("station.group")}</span>
          <input value={form.group} onChange={(event) => onChange({ group: event.target.value })} />
        </label>
        <label className="field">
          <span>{t("station.view")}</span>
          <select
            value={form.view}
            onChange={(event) =>
              onChange({ view: stationViews.find((v) => v === event.target.value) ?? form.view })
            }
          >
            {stationViews.map((view) => (
              <option key={view} value={view}>
                {t(`station.view.${view}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t("station.style")}</span>
          <select
            value={form.style}
            onChange={(event) =>
              onChange({ style: stationStyles.find((s) => s === event.target.value) ?? form.style })
            }
          >
            {stationStyles.map((style) => (
              <option key={style} value={style}>
                {t(`station.style.${style}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <MediaPick
        label={t("station.image")}
        value={form.image}
        options={station.images}
        none={t("station.noImage")}
        onChange={(image) => onChange({ image })}
        preview
        folder={station.folder}
        named={`stations/${station.id}`}
        accept={IMAGES}
        uploadLabel={t("media.uploadImage")}
      />
      <div className="station-form__row">
        <label className="field">
          <span>{t("station.visible")}</span>
          <select
            value={visible}
            onChange={(event) => {
              const value = event.target.value;
              onChange({
                visible:
                  value === "true"
                    ? true
                    : value === "false"
                      ? false
                      : value === "shown"
                        ? "shown"
                        : "secret",
              });
            }}
          >
            {["true", "shown", "secret", "false"].map((value) => (
              <option key={value} value={value}>
                {t(`station.visible.${value as "true" | "shown" | "secret" | "false"}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t("station.trigger")}</span>
          <select
            value={form.trigger}
            onChange={(event) =>
              onChange({
                trigger: stationTriggers.find((v) => v === event.target.value) ?? form.trigger,
              })
            }
          >
            {stationTriggers.map((trigger) => (
              <option key={trigger} value={trigger}>
                {t(`station.trigger.${trigger}`)}
              </option>
            ))}
          </select>
        </label>
        {near && (
          <label className="field">
            <span>{t("station.radius")}</span>
            <input
              type="number"
              min={1}
              step={1}
              placeholder="40"
              value={form.radius ?? ""}
              onChange={(event) => {
                const value = Number(event.target.value);
                onChange({ radius: event.target.value === "" || value <= 0 ? null : value });
              }}
            />
          </label>
        )}
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.live}
          onChange={(event) => onChange({ live: event.target.checked })}
        />
        {t("station.live")}
      </label>
    </fieldset>
  );
}
