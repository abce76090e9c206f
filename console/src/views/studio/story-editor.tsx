import { useId, useState } from "react";
import type { Language, OpsStoryEdit, OpsStoryForm, OpsStoryTexts } from "@wegmarke/protocol";
import { getStory, saveStory } from "../../api/studio-api";
import { useI18n } from "../../i18n/i18n";
import { SaveBar, useDraftSave } from "./draft-save";
import { CountField } from "./media-choice";
import { IMAGES, MediaPick } from "./media-pick";
import { BackToDraft, DraftForm } from "./draft-form";
import { StoryActions } from "./folder-actions";
import { formMerging } from "./form-merging";
import { LanguageColumns } from "./language-columns";

const EMPTY: OpsStoryTexts = { chapter: "", headline: "", text: "", audio: "" };

/** A story's form: its texts and narration in every language side by side, when it is offered. */
export function StoryEditor({ folder }: { folder: string }) {
  const { t } = useI18n();
  return (
    <DraftForm
      callKey={`story:${folder}`}
      load={(signal) => getStory(folder, signal)}
      asText={{ path: `${folder}/story.yaml`, label: t("story.asText") }}
    >
      {(edit, reload) => <StoryForm edit={edit} reload={reload} />}
    </DraftForm>
  );
}

function StoryForm({ edit, reload }: { edit: OpsStoryEdit; reload: () => void }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [form, setForm] = useState<OpsStoryForm>(edit.form);
  const draft = useDraftSave(
    edit.form,
    edit.hash,
    (value, replaces) => saveStory(edit.folder, value, replaces ?? ""),
    formMerging(
      () => getStory(edit.folder),
      {
        chapter: t("story.chapter"),
        headline: t("story.headline"),
        text: t("story.text"),
        audio: t("story.audio"),
        requiredPoints: t("story.requiredPoints"),
        image: t("story.image"),
        live: t("story.live"),
      },
      texts,
      setForm,
    ),
  );
  const change = (changes: Partial<OpsStoryForm>) => {
    setForm((before) => ({ ...before, ...changes }));
    draft.touched();
  };
  const columns = [
    ...new Set<Language>([...edit.languages, ...(Object.keys(form.texts) as Language[])]),
  ];
  const german = form.texts.de ?? EMPTY;
  const dirty = JSON.stringify(form) !== JSON.stringify(draft.saved);
  const untitled = german.headline.trim() === "";

  return (
    <section className="panel stack" aria-labelledby={id}>
      <BackToDraft />
      <h2 id={id}>
        {t("studio.group.story", { id: edit.id, title: german.headline || edit.folder })}
      </h2>
      <fieldset className="station-form__group">
        <legend>{t("station.texts")}</legend>
        <LanguageColumns columns={columns}>
          {(language, name) => {
            const own = form.texts[language] ?? EMPTY;
            const set = (key: keyof OpsStoryTexts, value: string) =>
              change({ texts: { ...form.texts, [language]: { ...own, [key]: value } } });
            const missing = (key: keyof OpsStoryTexts) => own[key] === "" && german[key] !== "";
            const label = (key: keyof OpsStoryTexts) => (
              <span>
                {t(`story.${key}`)}
                {/* The column's language, for a screen reader that reads the label alone. */}
                <span className="visually-hidden"> ({name})</span>
                {missing(key) && (
                  <span className="pill pill--warning"> {t("station.missing")}</span>
                )}
              </span>
            );
            return (
              <>
                {(["chapter", "headline"] as const).map((key) => (
                  <label key={key} className="field">
                    {label(key)}
                    <input
                      value={own[key]}
                      className={missing(key) ? "station-texts__missing" : undefined}
                      onChange={(event) => set(key, event.target.value)}
                    />
                  </label>
                ))}
                <label className="field">
                  {label("text")}
                  <textarea
                    rows={8}
                    value={own.text}
                    className={missing("text") ? "station-texts__missing" : undefined}
                    onChange={(event) => set("text", event.target.value)}
                  />
                </label>
                <MediaPick
                  label={label("audio")}
                  value={own.audio}
                  options={edit.audio}
                  none={t("story.none")}
                  onChange={(value) => set("audio", value)}
                  folder={edit.folder}
                  named={`stories/${edit.id}`}
                  accept="audio/mpeg,.mp3"
                  uploadLabel={t("media.uploadAudio", { language: name })}
                />
              </>
            );
          }}
        </LanguageColumns>
      </fieldset>
      <fieldset className="station-form__group">
        <legend>{t("story.settings")}</legend>
        <div className="station-form__row">
          <CountField
            label={t("story.requiredPoints")}
            value={form.requiredPoints}
            onChange={(requiredPoints) => change({ requiredPoints })}
          />
          <MediaPick
            label={t("story.image")}
            value={form.image}
            options={edit.images}
            none={t("story.none")}
            onChange={(image) => change({ image })}
            preview
            folder={edit.folder}
            named={`stories/${edit.id}`}
            accept={IMAGES}
            uploadLabel={t("media.uploadImage")}
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.live}
            onChange={(event) => change({ live: event.target.checked })}
          />
          {t("story.live")}
        </label>
      </fieldset>
      <SaveBar
        dirty={dirty}
        blocked={untitled}
        save={draft.save}
        onSave={() => void draft.store(form)}
        onKeep={() => void draft.keep(form)}
        onTake={reload}
      />
      <StoryActions edit={edit} reload={reload} />
    </section>
  );
}
