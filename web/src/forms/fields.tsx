import { useId } from "react";
import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { FieldError } from "react-hook-form";
import { formMessageText } from "./form-messages";
import "./forms.css";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  ref?: Ref<HTMLInputElement>;
};

function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (error?.message === undefined) return null;
  return (
    <p id={id} className="field__error">
      {formMessageText(t, error.message)}
    </p>
  );
}

/** A labelled input with its validation message; pass react-hook-form's `register(...)`. */
export function TextField({
  label,
  hint,
  error,
  ...input
}: InputProps & { label: string; hint?: string; error: FieldError | undefined }) {
  const id = useId();
  // The error says what the hint says, and more.
  const shownHint = error === undefined ? hint : undefined;
  const described = [shownHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error !== undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {shownHint && (
        <p id={`${id}-hint`} className="field__hint">
          {shownHint}
        </p>
      )}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled checkbox with its validation message. */
export function CheckboxField({
  label,
  error,
  ...input
}: InputProps & { label: ReactNode; error: FieldError | undefined }) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <div className="field__check">
        <input
          id={id}
          type="checkbox"
          className="field__checkbox"
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <label htmlFor={id} className="field__check-label">
          {label}
        </label>
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** The form's primary button: disabled with a spinner while the form is being sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      aria-busy={busy}
      disabled={busy}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
