import { useEffect, useId, useRef, useState } from "react";
import { errorText } from "../api/error-text";
import { useI18n } from "../i18n/i18n";

type Props = {
  question: string;
  confirmLabel: string;
  keepLabel: string;
  /** The step asked for; its failure shows here and the question stays. */
  onConfirm: () => Promise<void>;
  onKeep: () => void;
};

/**
 * The second step of something that cannot be undone, in place: the question, a button that
 * does it and one that keeps things as they are (focused first, so Enter changes nothing).
 */
export function Confirm({ question, confirmLabel, keepLabel, onConfirm, onKeep }: Props) {
  const texts = useI18n();
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => keep.current?.focus(), []);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure, texts));
    }
  };

  return (
    <div className="confirm" role="group" aria-labelledby={id}>
      <p id={id}>{question}</p>
      {error !== null && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="confirm__actions">
        <button ref={keep} type="button" className="button" onClick={onKeep} disabled={busy}>
          {keepLabel}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy}
        >
          {busy ? texts.t("confirm.busy") : confirmLabel}
        </button>
      </div>
    </div>
  );
}
