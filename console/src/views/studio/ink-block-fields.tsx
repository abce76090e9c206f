import { useId } from "react";
import { useI18n } from "../../i18n/i18n";
import { DELAY_UNITS } from "./ink-blocks";
import type { Buttons, Delay } from "./ink-blocks";

/* The fields the building blocks' forms are made of. */

export function Text({
  label,
  value,
  onChange,
  rows = 2,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  hint?: string;
}) {
  const id = useId();
  const field = (
    <label className="field">
      <span>{label}</span>
      <textarea
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...(hint !== undefined && { "aria-describedby": id })}
      />
    </label>
  );
  if (hint === undefined) return field;
  return (
    <div className="stack">
      {field}
      <small id={id} className="muted">
        {hint}
      </small>
    </div>
  );
}

export function Check({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={value} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

export function Count({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** A typed count: empty is none, anything else a whole number of at least 0. */
export const count = (text: string): number | null =>
  text.trim() === "" ? null : Math.max(0, Math.round(Number(text) || 0));

export function ButtonFields({
  block,
  onChange,
}: {
  block: Buttons;
  onChange: (block: Buttons) => void;
}) {
  const { t } = useI18n();
  const change = (index: number, changes: Partial<Buttons["buttons"][number]>) =>
    onChange({
      kind: "buttons",
      buttons: block.buttons.map((button, at) =>
        at === index ? { ...button, ...changes } : button,
      ),
    });
  return (
    <>
      {block.buttons.map((button, index) => (
        <fieldset key={index} className="station-form__group">
          <legend>{t("blocks.button", { n: index + 1 })}</legend>
          <label className="field">
            <span>{t("blocks.buttonLabel")}</span>
            <input
              value={button.label}
              onChange={(event) =>
                change(index, { label: event.target.value.replace(/[[\]#]/g, "") })
              }
            />
          </label>
          <Text
            label={t("blocks.buttonReply")}
            value={button.reply}
            onChange={(reply) => change(index, { reply })}
          />
          <Check
            label={t("blocks.buttonOnce")}
            value={button.once}
            onChange={(once) => change(index, { once })}
          />
          {block.buttons.length > 1 && (
            <button
              className="button"
              type="button"
              onClick={() =>
                onChange({
                  kind: "buttons",
                  buttons: block.buttons.filter((_, at) => at !== index),
                })
              }
            >
              {t("blocks.removeButton", { n: index + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      <button
        className="button"
        type="button"
        onClick={() =>
          onChange({
            kind: "buttons",
            buttons: [...block.buttons, { label: "", reply: "", once: false }],
          })
        }
      >
        {t("blocks.addButton")}
      </button>
    </>
  );
}

export function DelayFields({
  block,
  onChange,
}: {
  block: Delay;
  onChange: (block: Delay) => void;
}) {
  const { t } = useI18n();
  const set = (changes: Partial<Delay>) => onChange({ ...block, ...changes });
  return (
    <>
      <Text
        label={t("blocks.text")}
        value={block.text}
        onChange={(text) => set({ text: text.replace(/#/g, "") })}
      />
      <div className="block-form__row">
        <Count
          label={t("blocks.after")}
          value={String(block.amount)}
          onChange={(text) => set({ amount: count(text) ?? 0 })}
        />
        <label className="field">
          <span className="visually-hidden">{t("blocks.unit")}</span>
          <select
            value={block.unit}
            onChange={(event) =>
              set({ unit: DELAY_UNITS.find((u) => u === event.target.value) ?? "m" })
            }
          >
            {DELAY_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`blocks.unit.${unit}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </>
  );
}
