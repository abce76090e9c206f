import type { ReactNode } from "react";
import { draftMediumUrl } from "../../api/studio-api";

/**
 * A medium of the draft picked from a list (a story's picture or audio, an introduction step's
 * picture, a crest's): `value` "" is none, offered as `none` where there may be none; a picture
 * chosen shows beside the list with `preview`. The current value stays offered even where it
 * is not in `options`.
 */
export function MediaChoice({
  label,
  value,
  options,
  onChange,
  none,
  preview = false,
}: {
  label: ReactNode;
  value: string;
  options: string[];
  onChange: (value: string) => void;
  none?: string;
  preview?: boolean;
}) {
  const offered = [...new Set([value, ...options])].filter((path) => path !== "");
  const field = (
    <label className="field">
      {typeof label === "string" ? <span>{label}</span> : label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {offered.map((path) => (
          <option key={path} value={path}>
            {path.split("/").at(-1)}
          </option>
        ))}
      </select>
    </label>
  );
  if (!preview) return field;
  return (
    <div className="media-choice">
      {field}
      {value !== "" && <img className="media-choice__thumb" src={draftMediumUrl(value)} alt="" />}
    </div>
  );
}

/** A count of zero or more (points, stories), typed as a whole number. */
export function CountField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        min={0}
        step={1}
        value={value}
        onChange={(event) => onChange(Math.max(0, Math.round(Number(event.target.value))))}
      />
    </label>
  );
}
