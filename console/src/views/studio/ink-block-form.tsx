import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useI18n } from "../../i18n/i18n";
import { MEDIA_KINDS } from "./ink-blocks";
import type { Block, Mission, Riddle } from "./ink-blocks";
import { ButtonFields, Check, Count, count, DelayFields, Text } from "./ink-block-fields";
import { HintFields } from "./ink-block-hints";
import { StationMedia } from "./ink-block-media";

type Props = {
  initial: Block;
  /** Where the block goes: "after line 4", "lines 3 to 10". */
  where: string;
  /** The script's path: a picture is chosen from its station's folder. */
  path: string;
  editing: boolean;
  onSubmit: (block: Block) => void;
  onCancel: () => void;
};

/** Whether a block can be written: what is missing, or null. */
function missing(block: Block) {
  switch (block.kind) {
    case "riddle":
      if (!block.answers.some((answer) => answer.trim() !== "")) return "blocks.needAnswer";
      return block.hints.every((hint) => hint.button.trim() !== "" && hint.text.trim() !== "")
        ? null
        : "blocks.needHint";
    case "buttons":
      return block.buttons.every((b) => b.label.trim() !== "") ? null : "blocks.needLabel";
    case "delay":
      return block.text.trim() === "" ? "blocks.needText" : null;
    case "media":
      return block.path === "" ? "blocks.needPath" : null;
    case "mission":
      return null;
  }
}

/** A building block as a form: its fields, then "Insert" (or "Apply") and "Cancel". */
export function BlockForm({ initial, where, path, editing, onSubmit, onCancel }: Props) {
  const { t } = useI18n();
  const id = useId();
  const [block, setBlock] = useState(initial);
  const [problem, setProblem] = useState<ReturnType<typeof missing>>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("input, textarea, select")?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = missing(block);
    setProblem(wrong);
    if (wrong === null) onSubmit(block);
  };
  return (
    <form ref={form} className="block-form panel stack" aria-labelledby={id} onSubmit={submit}>
      <h3 id={id}>{t(`blocks.kind.${block.kind}`)}</h3>
      <p className="muted">{where}</p>
      {block.kind === "riddle" && <RiddleFields block={block} onChange={setBlock} />}
      {block.kind === "buttons" && <ButtonFields block={block} onChange={setBlock} />}
      {block.kind === "mission" && <MissionFields block={block} onChange={setBlock} />}
      {block.kind === "delay" && <DelayFields block={block} onChange={setBlock} />}
      {block.kind === "media" && (
        <StationMedia
          script={path}
          value={block.path}
          onChange={(value) => setBlock({ kind: "media", path: value })}
        />
      )}
      {problem !== null && (
        <p className="notice notice--error" role="alert">
          {t(problem)}
        </p>
      )}
      <div className="block-form__row">
        <button type="submit" className="button button--primary">
          {t(editing ? "blocks.apply" : "blocks.add")}
        </button>
        <button className="button" type="button" onClick={onCancel}>
          {t("blocks.cancel")}
        </button>
      </div>
    </form>
  );
}

function RiddleFields({ block, onChange }: { block: Riddle; onChange: (block: Riddle) => void }) {
  const { t } = useI18n();
  const set = (changes: Partial<Riddle>) => onChange({ ...block, ...changes });
  return (
    <>
      <Text
        label={t("blocks.question")}
        value={block.question}
        onChange={(question) => set({ question })}
      />
      <Text
        label={t("blocks.answers")}
        value={block.answers.join("\n")}
        rows={3}
        hint={t("blocks.answersHint")}
        onChange={(text) => set({ answers: text.replace(/\//g, " ").split("\n") })}
      />
      <Text label={t("blocks.right")} value={block.right} onChange={(right) => set({ right })} />
      <Count
        label={t("blocks.points")}
        value={block.points === null ? "" : String(block.points)}
        onChange={(text) => set({ points: count(text) })}
      />
      <Text label={t("blocks.wrong")} value={block.wrong} onChange={(wrong) => set({ wrong })} />
      <Check label={t("blocks.again")} value={block.again} onChange={(again) => set({ again })} />
      <HintFields hints={block.hints} onChange={(hints) => set({ hints })} />
    </>
  );
}

function MissionFields({
  block,
  onChange,
}: {
  block: Mission;
  onChange: (block: Mission) => void;
}) {
  const { t } = useI18n();
  const set = (changes: Partial<Mission>) => onChange({ ...block, ...changes });
  return (
    <>
      <Text
        label={t("blocks.question")}
        value={block.question}
        onChange={(question) => set({ question })}
      />
      <fieldset className="station-form__group block-form__row">
        <legend>{t("blocks.medium")}</legend>
        {MEDIA_KINDS.map((medium) => (
          <label key={medium} className="checkbox">
            <input
              type="radio"
              name="medium"
              checked={block.medium === medium}
              onChange={() => set({ medium })}
            />
            <span>{t(`blocks.medium.${medium}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t("blocks.task")}</span>
        <input
          value={block.task}
          onChange={(event) => set({ task: event.target.value.replace(/[[\]#]/g, "") })}
        />
      </label>
      <Count
        label={t("blocks.missionPoints")}
        value={String(block.points)}
        onChange={(text) => set({ points: count(text) ?? 0 })}
      />
      <Check label={t("blocks.auto")} value={block.auto} onChange={(auto) => set({ auto })} />
      <Text
        label={t("blocks.approved")}
        value={block.approved}
        onChange={(approved) => set({ approved })}
      />
      <Text
        label={t("blocks.rejected")}
        value={block.rejected}
        onChange={(rejected) => set({ rejected })}
      />
    </>
  );
}
