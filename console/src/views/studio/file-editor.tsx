import { useEffect, useId, useRef, useState } from "react";
import type { OpsDraftText, OpsPackHunk } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getDraftText, saveDraftText } from "../../api/ops-api";
import { Link } from "../../app/router";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { Conflict } from "./conflict";

type Save =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "conflict"; theirs: OpsDraftText; changes: OpsPackHunk[] }
  | { kind: "failed"; error: unknown };

/** Puts the caret at the start of `line` (from 1) and scrolls it into view. */
function showLine(area: HTMLTextAreaElement, line: number): void {
  const lines = area.value.split("\n");
  const at = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  const end = at + (lines[line - 1]?.length ?? 0);
  area.focus();
  area.setSelectionRange(at, end);
  const height = parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.scrollTop = Math.max(0, (line - 3) * height);
}

/**
 * A text file of the draft: edited in place and saved over the content it was opened with, so
 * a save never overwrites another author's unseen; `line` is shown and selected on opening.
 */
export function FileEditor({ path, line }: { path: string; line?: number }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useCall(`draft-file:${path}`, (signal) => getDraftText(path, signal));
  const [text, setText] = useState<string | null>(null);
  const [replaces, setReplaces] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [save, setSave] = useState<Save>({ kind: "idle" });

  const loaded = file.data;
  if (loaded !== undefined && text === null) {
    setText(loaded.text);
    setSaved(loaded.text);
    setReplaces(loaded.hash);
  }

  useEffect(() => {
    if (text !== null && line !== undefined && area.current) showLine(area.current, line);
    // Only on opening: later edits keep the caret where the author puts it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text === null, line]);

  const store = async (content: string, over: string | null) => {
    setSave({ kind: "saving" });
    try {
      const outcome = await saveDraftText(path, content, over);
      if (outcome.ok) {
        setReplaces(outcome.file.hash);
        setSaved(content);
        setSave({ kind: "saved" });
      } else {
        setSave({ kind: "conflict", theirs: outcome.theirs, changes: outcome.changes });
      }
    } catch (error) {
      setSave({ kind: "failed", error });
    }
  };

  const back = (
    <p>
      <Link to="/ops/studio">← {t("studio.back")}</Link>
    </p>
  );
  if (file.error !== undefined) {
    return (
      <>
        {back}
        <p className="notice notice--error" role="alert">
          {errorText(file.error, texts)}
        </p>
      </>
    );
  }
  if (text === null) return <p aria-busy="true">{t("app.loading")}</p>;
  const dirty = text !== saved;
  return (
    <section className="panel stack" aria-labelledby={id}>
      {back}
      <h2 id={id}>
        <code>{path}</code>
      </h2>
      <textarea
        ref={area}
        className="studio__editor"
        aria-label={t("studio.editor", { path })}
        value={text}
        spellCheck={false}
        rows={24}
        onChange={(event) => {
          setText(event.target.value);
          if (save.kind === "saved") setSave({ kind: "idle" });
        }}
      />
      <p className="studio__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={save.kind === "saving" || save.kind === "conflict" || !dirty}
          onClick={() => void store(text, replaces)}
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
        <Conflict
          theirs={save.theirs}
          changes={save.changes}
          onTake={() => {
            setText(save.theirs.text);
            setSaved(save.theirs.text);
            setReplaces(save.theirs.hash);
            setSave({ kind: "idle" });
          }}
          onKeep={() => void store(text, save.theirs.hash)}
        />
      )}
    </section>
  );
}
