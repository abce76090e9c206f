import { useId } from "react";
import { useI18n } from "../../i18n/i18n";
import type { Hint } from "./ink-blocks";
import { Count, count, Text } from "./ink-block-fields";

/** A riddle's ladder of hints in its form: each hint's button, text and cost, in their order. */
export function HintFields({
  hints,
  onChange,
}: {
  hints: Hint[];
  onChange: (hints: Hint[]) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const change = (index: number, changes: Partial<Hint>) =>
    onChange(hints.map((hint, at) => (at === index ? { ...hint, ...changes } : hint)));
  return (
    <fieldset className="station-form__group" aria-describedby={id}>
      <legend>{t("blocks.hints")}</legend>
      {hints.map((hint, index) => (
        <fieldset key={index} className="station-form__group">
          <legend>{t("blocks.hint", { n: index + 1 })}</legend>
          <label className="field">
            <span>{t("blocks.hintButton")}</span>
            <input
              value={hint.button}
              onChange={(event) =>
                change(index, { button: event.target.value.replace(/[[\]#]/g, "") })
              }
            />
          </label>
          <Text
            label={t("blocks.hintText")}
            value={hint.text}
            onChange={(text) => change(index, { text })}
          />
          <Count
            label={t("blocks.hintCost")}
            value={String(hint.cost)}
            onChange={(text) => change(index, { cost: count(text) ?? 0 })}
          />
          <button
            className="button"
            type="button"
            onClick={() => onChange(hints.filter((_, at) => at !== index))}
          >
            {t("blocks.removeHint", { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        className="button"
        type="button"
        onClick={() => onChange([...hints, { button: "", text: "", cost: 1 }])}
      >
        {t("blocks.addHint")}
      </button>
      <small id={id} className="muted">
        {t("blocks.hintsNote")}
      </small>
    </fieldset>
  );
}
