import { lazy, Suspense, useId, useState } from "react";
import type { OpsDraftText, OpsInkProblem, OpsPackHunk } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { compileInk, getDraftText, saveDraftText } from "../../api/ops-api";
import { Link } from "../../app/router";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { Conflict } from "./conflict";
import { InkProblems } from "./ink-problems";

const CodeEditor = lazy(() => import("./code-editor"));

type Save =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "conflict"; theirs: OpsDraftText; changes: OpsPackHunk[] }
  | { kind: "failed"; error: unknown };

/**
 * A text file of the draft: edited in place and saved over the content it was opened with, so
 * a save never overwrites another author's unseen; `line` is shown and selected on opening.
 */
export function FileEditor({ path, line }: { path: string; line?: number }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const file = useCall(`draft-file:${path}`, (signal) => getDraftText(path, signal));
  const [text, setText] = useState<string | null>(null);
  const [replaces, setReplaces] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [save, setSave] = useState<Save>({ kind: "idle" });
  const [problems, setProblems] = useState<{ list: OpsInkProblem[]; text: string } | null>(null);
  const script = path.endsWith(".ink");

  const loaded = file.data;
  if (loaded !== undefined && text === null) {
    setText(loaded.text);
    setSaved(loaded.text);
    setReplaces(loaded.hash);
  }

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
      <Suspense fallback={<p aria-busy="true">{t("app.loading")}</p>}>
        <CodeEditor
          path={path}
          value={text}
          label={t("studio.editor", { path })}
          {...(line !== undefined && { line })}
          onChange={(next) => {
            setText(next);
            if (save.kind === "saved") setSave({ kind: "idle" });
          }}
          {...(script && {
            compile: async (content: string) => (await compileInk(path, content)).problems,
            onProblems: (list: OpsInkProblem[], content: string) =>
              setProblems({ list, text: content }),
          })}
        />
      </Suspense>
      {script && problems !== null && (
        <InkProblems
          problems={problems.list}
          current={problems.text === text}
          onReplace={(lineNumber, wrong, right) =>
            setText((before) => replaceOnLine(before ?? "", lineNumber, wrong, right))
          }
        />
      )}
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

/** The text with `wrong` replaced by `right` on line `line` (from 1), where it stands there. */
function replaceOnLine(text: string, line: number, wrong: string, right: string): string {
  const lines = text.split("\n");
  const at = lines[line - 1];
  if (at === undefined) return text;
  lines[line - 1] = at.replace(
    new RegExp(`(->\\s*|\\b)${wrong.replace(/[.]/g, "\\.")}\\b`),
    (match) => match.replace(wrong, right),
  );
  return lines.join("\n");
}
