import { useState } from "react";
import type { OpsDraftSaveOutcome, OpsDraftText, OpsPackHunk } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { useI18n } from "../../i18n/i18n";
import { Conflict } from "./conflict";

type Save =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "conflict"; theirs: OpsDraftText; changes: OpsPackHunk[] }
  | { kind: "failed"; error: unknown };

/**
 * Saving a file or a form of the draft over the content it was read with (`hash`): what was
 * saved last, the hash the next save names, and how the last save went. A save another author
 * beat is kept as a conflict with their file and changes.
 */
export function useDraftSave<T>(
  value: T,
  hash: string | null,
  send: (value: T, replaces: string | null) => Promise<OpsDraftSaveOutcome>,
) {
  const [saved, setSaved] = useState<T>(value);
  const [replaces, setReplaces] = useState(hash);
  const [save, setSave] = useState<Save>({ kind: "idle" });

  const store = async (current: T, over: string | null) => {
    setSave({ kind: "saving" });
    try {
      const outcome = await send(current, over);
      if (outcome.ok) {
        setReplaces(outcome.file.hash);
        setSaved(current);
        setSave({ kind: "saved" });
      } else {
        setSave({ kind: "conflict", theirs: outcome.theirs, changes: outcome.changes });
      }
    } catch (error) {
      setSave({ kind: "failed", error });
    }
  };

  return {
    saved,
    save,
    /** Saves `current` over the content last read or saved. */
    store: (current: T) => store(current, replaces),
    /** Saves `current` over the other author's version, knowingly. */
    keep: (current: T) => store(current, save.kind === "conflict" ? save.theirs.hash : replaces),
    /** Takes the other author's version as what the draft has. */
    adopt: (theirs: T, theirHash: string | null) => {
      setSaved(theirs);
      setReplaces(theirHash);
      setSave({ kind: "idle" });
    },
    /** An edit after a save: the "saved" note goes. */
    touched: () => {
      if (save.kind === "saved") setSave({ kind: "idle" });
    },
  };
}

type BarProps = {
  dirty: boolean;
  /** The content cannot be saved as it is (a required field is empty). */
  blocked?: boolean;
  save: Save;
  onSave: () => void;
  onKeep: () => void;
  onTake: () => void;
};

/** The save button, whether there is something to save, and what the last save came to. */
export function SaveBar({ dirty, blocked = false, save, onSave, onKeep, onTake }: BarProps) {
  const texts = useI18n();
  const { t } = texts;
  return (
    <>
      <p className="studio__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={save.kind === "saving" || save.kind === "conflict" || !dirty || blocked}
          onClick={onSave}
        >
          {save.kind === "saving" ? t("studio.saving") : t("studio.save")}
        </button>
        {dirty && <span className="muted">{t("studio.unsaved")}</span>}
      </p>
      {save.kind === "saved" && (
        <p className="notice notice--success" role="status">
          {t("studio.saved")}
        </p>
      )}
      {save.kind === "failed" && (
        <p className="notice notice--error" role="alert">
          {errorText(save.error, texts)}
        </p>
      )}
      {save.kind === "conflict" && (
        <Conflict theirs={save.theirs} changes={save.changes} onTake={onTake} onKeep={onKeep} />
      )}
    </>
  );
}
