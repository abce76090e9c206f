import { useId, useState } from "react";
import { languages, opsAppLook, teamsSettings } from "@wegmarke/protocol";
import type { OpsAppLook, OpsGameEdit, OpsGameForm } from "@wegmarke/protocol";
import { getGame, saveGame } from "../../api/studio-api";
import { Link } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { SaveBar, useDraftSave } from "./draft-save";
import { filePath } from "./paths";
import { BackToDraft, DraftForm } from "./draft-form";
import { MediaPick } from "./media-pick";
import { formMerging, gameLabels } from "./form-merging";
import { ClockFields, clockEndRefused } from "./clock-fields";

/**
 * The game's title, languages, settings and clock from game.yaml; the rest of it is edited as
 * text.
 */
export function GameEditor() {
  return (
    <DraftForm callKey="game" load={(signal) => getGame(signal)}>
      {(edit, reload) => <GameForm edit={edit} reload={reload} />}
    </DraftForm>
  );
}

function GameForm({ edit, reload }: { edit: OpsGameEdit; reload: () => void }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [form, setForm] = useState<OpsGameForm>(edit.form);
  const draft = useDraftSave(
    edit.form,
    edit.hash,
    (value, replaces) => saveGame(value, replaces ?? ""),
    formMerging(() => getGame(), gameLabels(texts), texts, setForm),
  );
  const change = (changes: Partial<OpsGameForm>) => {
    setForm((before) => ({ ...before, ...changes }));
    draft.touched();
  };
  const dirty = JSON.stringify(form) !== JSON.stringify(draft.saved);
  const untitled = (form.title[form.defaultLanguage] ?? "").trim() === "";
  const appProblem = opsAppLook.safeParse(form.app).error?.issues[0];
  const changeApp = (changes: Partial<OpsAppLook>) => change({ app: { ...form.app, ...changes } });
  const color = (key: "themeColor" | "backgroundColor") => (
    <label className="field game-form__color">
      <span>{t(`game.${key}`)}</span>
      <span className="game-form__color-input">
        <input
          value={form.app[key]}
          placeholder="#c2562f"
          spellCheck={false}
          aria-invalid={appProblem?.path[0] === key || undefined}
          onChange={(event) => changeApp({ [key]: event.target.value.trim() })}
        />
        <span
          className="game-form__swatch"
          aria-hidden="true"
          style={{ background: /^#[0-9a-f]{6}$/i.test(form.app[key]) ? form.app[key] : undefined }}
        />
      </span>
    </label>
  );

  const flag = (
    key: "registrationLess" | "followBrowserLanguage" | "allowGeolocation" | "debug",
  ) => (
    <label className="checkbox" key={key}>
      <input
        type="checkbox"
        checked={form[key]}
        onChange={(event) => change({ [key]: event.target.checked })}
      />
      {t(`game.${key}`)}
    </label>
  );

  return (
    <section className="panel stack" aria-labelledby={id}>
      <BackToDraft />
      <h2 id={id}>{t("game.heading")}</h2>
      <fieldset className="station-form__group">
        <legend>{t("game.languages")}</legend>
        <div className="station-form__row">
          {languages.map((language) => (
            <label className="checkbox" key={language}>
              <input
                type="checkbox"
                checked={form.languages.includes(language)}
                disabled={language === form.defaultLanguage}
                onChange={(event) =>
                  change({
                    languages: event.target.checked
                      ? languages.filter((l) => l === language || form.languages.includes(l))
                      : form.languages.filter((l) => l !== language),
                  })
                }
              />
              {t(`news.lang.${language}`)}
            </label>
          ))}
        </div>
        <label className="field">
          <span>{t("game.defaultLanguage")}</span>
          <select
            value={form.defaultLanguage}
            onChange={(event) => {
              const chosen =
                languages.find((l) => l === event.target.value) ?? form.defaultLanguage;
              change({
                defaultLanguage: chosen,
                languages: form.languages.includes(chosen)
                  ? form.languages
                  : [chosen, ...form.languages],
              });
            }}
          >
            {form.languages.map((language) => (
              <option key={language} value={language}>
                {t(`news.lang.${language}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="station-form__row">
          {form.languages.map((language) => (
            <label className="field" key={language}>
              <span>{t("game.title", { language: t(`news.lang.${language}`) })}</span>
              <input
                value={form.title[language] ?? ""}
                aria-invalid={(language === form.defaultLanguage && untitled) || undefined}
                onChange={(event) =>
                  change({ title: { ...form.title, [language]: event.target.value } })
                }
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="station-form__group">
        <legend>{t("game.play")}</legend>
        <label className="field">
          <span>{t("game.teams")}</span>
          <select
            value={form.teams}
            onChange={(event) =>
              change({ teams: teamsSettings.find((v) => v === event.target.value) ?? form.teams })
            }
          >
            {teamsSettings.map((teams) => (
              <option key={teams} value={teams}>
                {t(`game.teams.${teams}`)}
              </option>
            ))}
          </select>
        </label>
        {flag("registrationLess")}
        {flag("followBrowserLanguage")}
        {flag("allowGeolocation")}
        {flag("debug")}
      </fieldset>
      <ClockFields form={form} onChange={(clock) => change({ clock })} />
      <fieldset className="station-form__group">
        <legend>{t("game.app")}</legend>
        <p className="hint">{t("game.appHint")}</p>
        <label className="field">
          <span>{t("game.shortName")}</span>
          <input
            value={form.app.shortName}
            maxLength={12}
            onChange={(event) => changeApp({ shortName: event.target.value })}
          />
        </label>
        <div className="station-form__row">
          {color("themeColor")}
          {color("backgroundColor")}
        </div>
        {appProblem?.path[0] !== "shortName" && appProblem !== undefined && (
          <p className="notice notice--error" role="alert">
            {t("game.badColor")}
          </p>
        )}
        <MediaPick
          label={t("game.icon")}
          value={form.app.icon}
          options={edit.pictures}
          none={t("game.noIcon")}
          onChange={(icon) => changeApp({ icon })}
          preview
          folder="app"
          named="app"
          accept="image/png,image/jpeg,image/webp,image/avif,.svg"
          uploadLabel={t("media.uploadImage")}
        />
      </fieldset>
      <p>
        <Link to={filePath("game.yaml")}>{t("game.asText")}</Link>
      </p>
      <SaveBar
        dirty={dirty}
        blocked={untitled || appProblem !== undefined || clockEndRefused(form)}
        save={draft.save}
        onSave={() => void draft.store(form)}
        onKeep={() => void draft.keep(form)}
        onTake={reload}
      />
    </section>
  );
}
