import { useState } from "react";
import type { OpsDraftSaveOutcome, OpsDraftText, OpsPackHunk } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { useI18n } from "../../i18n/i18n";
import type { Collision } from "../../lib/merge-lines";
import { Conflict } from "./conflict";

type Save =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  /** Saved together with another author's edits of other lines, made meanwhile. */
  | { kind: "merged"; theirs: OpsDraftText }
  | { kind: "conflict"; theirs: OpsDraftText; changes: OpsPackHunk[]; collisions?: Collision[] }
  | { kind: "failed"; error: unknown };

/** One's edits merged with another author's: the merged value, or where both changed the same. */
export type Merging<T> = {
  merge: (
    base: T,
    mine: T,
    theirs: OpsDraftText,
  ) => { ok: true; value: T } | { ok: false; collisions: Collision[] };
  /** The merged value, saved: the editor shows it from now on. */
  onMerged: (value: T) => void;
};

/**
 * Saving a file or a form of the draft over the content it was read with (`hash`): what was
 * saved last, the hash the next save names, and how the last save went. A save another author
 * beat is merged with theirs where `merging` says how and their edits touch other lines, and
 * is otherwise kept as a conflict with their file and changes (and the lines both changed).
 */
export function useDraftSave<T>(
  value: T,
  hash: string | null,
  send: (value: T, replaces: string | null) => Promise<OpsDraftSaveOutcome>,
  merging?: Merging<T>,
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
        return;
      }
      const { theirs, changes } = outcome;
      const merged = merging && theirs.hash !== null ? merging.merge(saved, current, theirs) : null;
      if (merged?.ok) {
        const again = await send(merged.value, theirs.hash);
        if (again.ok) {
          setReplaces(again.file.hash);
          setSaved(merged.value);
          merging?.onMerged(merged.value);
          setSave({ kind: "merged", theirs });
          return;
        }
      }
      setSave({
        kind: "conflict",
        theirs,
        changes,
        ...(merged && !merged.ok && { collisions: merged.collisions }),
      });
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
      if (save.kind === "saved" || save.kind === "merged") setSave({ kind: "idle" });
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
      {save.kind === "merged" && (
        <p className="notice notice--success" role="status">
          {t("studio.merged", { name: save.theirs.by ?? t("studio.someone") })}
        </p>
      )}
      {save.kind === "failed" && (
        <p className="notice notice--error" role="alert">
          {errorText(save.error, texts)}
        </p>
      )}
      {save.kind === "conflict" && (
        <Conflict
          theirs={save.theirs}
          changes={save.changes}
          {...(save.collisions && { collisions: save.collisions })}
          onTake={onTake}
          onKeep={onKeep}
        />
      )}
    </>
  );
}
