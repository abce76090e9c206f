import { useId } from "react";
import { opsGameForm } from "@wegmarke/protocol";
import type { OpsGameForm } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import { fromLocalInput, localInputValue } from "../../lib/local-time";

type Clock = OpsGameForm["clock"];

/** Whether the form's schema refuses its clock's end (one not after the start). */
export function clockEndRefused(form: OpsGameForm): boolean {
  const issues = opsGameForm.safeParse(form).error?.issues ?? [];
  return issues.some(({ path }) => path[0] === "clock" && path[1] === "end");
}

/**
 * game.yaml's `clock`: the game's start and end as local dates and times (the browser's time
 * zone), written back as ISO 8601 with its offset; an empty field is none.
 */
export function ClockFields({
  form,
  onChange,
}: {
  form: OpsGameForm;
  onChange: (clock: Clock) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const refused = clockEndRefused(form);
  const field = (key: keyof Clock) => {
    const problem = key === "end" && refused;
    return (
      <div className="field">
        <label htmlFor={`${id}-${key}`}>
          {t(key === "start" ? "game.clockStart" : "game.clockEnd")}
        </label>
        <input
          id={`${id}-${key}`}
          type="datetime-local"
          value={localInputValue(form.clock[key])}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          onChange={(event) =>
            onChange({ ...form.clock, [key]: fromLocalInput(event.target.value) })
          }
        />
        {problem && (
          <p id={`${id}-problem`} className="field__problem">
            {t("game.clockEndBeforeStart")}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="station-form__group">
      <legend>{t("game.clock")}</legend>
      <p id={`${id}-hint`} className="hint">
        {t("game.clockHint")}
      </p>
      <div className="station-form__row">
        {field("start")}
        {field("end")}
      </div>
    </fieldset>
  );
}
