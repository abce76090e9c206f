import { useId, useState } from "react";
import { languages } from "@wegmarke/protocol";
import type {
  Language,
  OpsGameTextsEdit,
  OpsGameTextsForm,
  OpsLocalized,
} from "@wegmarke/protocol";
import { getGameTexts, saveGameTexts } from "../../api/studio-api";
import { useI18n } from "../../i18n/i18n";
import { BackToDraft, DraftForm } from "./draft-form";
import { SaveBar, useDraftSave } from "./draft-save";
import { IMAGES, MediaPick } from "./media-pick";
import { Group, Headed, Item, Localized, ProviderFields } from "./texts-fields";

/** What players read in game.yaml besides stations and stories, in every language side by side. */
export function TextsEditor() {
  return (
    <DraftForm callKey="game-texts" load={(signal) => getGameTexts(signal)}>
      {(edit, reload) => <TextsForm edit={edit} reload={reload} />}
    </DraftForm>
  );
}

function TextsForm({ edit, reload }: { edit: OpsGameTextsEdit; reload: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [form, setForm] = useState<OpsGameTextsForm>(edit.form);
  const draft = useDraftSave(edit.form, edit.hash, (value, replaces) =>
    saveGameTexts(value, replaces ?? ""),
  );
  const change = (changes: Partial<OpsGameTextsForm>) => {
    setForm((before) => ({ ...before, ...changes }));
    draft.touched();
  };
  // The game's languages, and any other a text is written in (German for a formal address).
  const columns = languages.filter(
    (language) => edit.languages.includes(language) || usedIn(edit.form, language),
  );
  const dirty = JSON.stringify(form) !== JSON.stringify(draft.saved);
  const replaced = <T,>(list: T[], index: number, item: T) =>
    list.map((old, at) => (at === index ? item : old));
  return (
    <section className="panel stack" aria-labelledby={id}>
      <BackToDraft />
      <h2 id={id}>{t("texts.heading")}</h2>
      <p>{t("texts.text")}</p>
      <Group legend={t("texts.rejection")}>
        <Localized
          label={t("texts.rejection")}
          columns={columns}
          value={form.rejection}
          onChange={(rejection) => change({ rejection })}
        />
      </Group>
      <Group legend={t("texts.missionRejected")}>
        <p className="muted">{t("texts.missionRejectedHint")}</p>
        <Localized
          label={t("texts.missionRejected")}
          columns={columns}
          value={form.missionRejected}
          onChange={(missionRejected) => change({ missionRejected })}
        />
      </Group>
      <Group legend={t("texts.help")}>
        {form.help.map((item, index) => (
          <Headed
            key={index}
            columns={columns}
            labels={[t("texts.question", { n: index + 1 }), t("texts.answer", { n: index + 1 })]}
            item={item}
            onChange={(next) => change({ help: replaced(form.help, index, next) })}
            remove={{
              label: t("texts.removeQuestion", { n: index + 1 }),
              onRemove: () => change({ help: form.help.filter((_, at) => at !== index) }),
            }}
          />
        ))}
        <p>
          <button
            type="button"
            className="button"
            onClick={() =>
              change({ help: [...form.help, { headline: { de: "" }, text: { de: "" } }] })
            }
          >
            {t("texts.addQuestion")}
          </button>
        </p>
      </Group>
      {form.intro.length > 0 && (
        <Group legend={t("texts.intro")}>
          {form.intro.map((step, index) => (
            <Headed
              key={index}
              columns={columns}
              labels={[t("texts.step", { n: index + 1 }), t("texts.stepText", { n: index + 1 })]}
              item={step}
              onChange={(next) =>
                change({ intro: replaced(form.intro, index, { ...step, ...next }) })
              }
            >
              <MediaPick
                label={t("texts.stepPicture", { n: index + 1 })}
                value={step.image ?? ""}
                options={edit.pictures.filter((path) => path.startsWith("intro/"))}
                none={t("texts.noPicture")}
                onChange={(image) =>
                  change({ intro: replaced(form.intro, index, { ...step, image: image || null }) })
                }
                preview
                folder="intro"
                named="intro"
                accept={IMAGES}
                uploadLabel={t("media.uploadImage")}
              />
            </Headed>
          ))}
        </Group>
      )}
      <Group legend={t("texts.news")}>
        <p className="muted">{t("texts.newsHint")}</p>
        {form.news.map((item, index) => (
          <Item
            key={index}
            remove={{
              label: t("texts.removeNews", { n: index + 1 }),
              onRemove: () => change({ news: form.news.filter((_, at) => at !== index) }),
            }}
          >
            <Localized
              label={t("texts.newsText", { n: index + 1 })}
              columns={columns}
              rows={2}
              value={item}
              onChange={(text) => change({ news: replaced(form.news, index, text) })}
            />
          </Item>
        ))}
        <p>
          <button
            type="button"
            className="button"
            onClick={() => change({ news: [...form.news, { de: "" }] })}
          >
            {t("texts.addNews")}
          </button>
        </p>
      </Group>
      {form.crest.length > 0 && (
        <Group legend={t("texts.crest")}>
          {form.crest.map((row, index) => (
            <Item key={row.finishedStories}>
              <Localized
                label={t("texts.crestRow", { count: row.finishedStories })}
                columns={columns}
                value={row.caption}
                onChange={(caption) =>
                  change({ crest: replaced(form.crest, index, { ...row, caption }) })
                }
              />
              <MediaPick
                label={t("texts.crestPicture", { count: row.finishedStories })}
                value={row.image}
                options={edit.pictures.filter((path) => path.startsWith("points/"))}
                onChange={(image) =>
                  change({ crest: replaced(form.crest, index, { ...row, image }) })
                }
                preview
                folder="points"
                named="points"
                accept={IMAGES}
                uploadLabel={t("media.uploadImage")}
              />
            </Item>
          ))}
        </Group>
      )}
      {form.privacy !== null && (
        <Group legend={t("texts.privacy")}>
          {form.provider !== null && (
            <ProviderFields value={form.provider} onChange={(provider) => change({ provider })} />
          )}
          <Localized
            label={t("texts.privacy")}
            columns={columns}
            rows={12}
            value={form.privacy}
            onChange={(privacy) => change({ privacy })}
          />
        </Group>
      )}
      <SaveBar
        dirty={dirty}
        save={draft.save}
        onSave={() => void draft.store(form)}
        onKeep={() => void draft.keep(form)}
        onTake={reload}
      />
    </section>
  );
}

/** Whether any text of the form is written in `language`. */
function usedIn(form: OpsGameTextsForm, language: Language): boolean {
  const texts: OpsLocalized[] = [
    form.rejection,
    form.missionRejected,
    ...form.intro.flatMap((step) => [step.headline, step.text]),
    ...form.help.flatMap((item) => [item.headline, item.text]),
    ...form.news,
    ...form.crest.map((row) => row.caption),
    ...(form.privacy === null ? [] : [form.privacy]),
  ];
  return texts.some((text) => (text[language] ?? "") !== "");
}
