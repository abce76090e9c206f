import { lazy, Suspense, useId, useState } from "react";
import type { OpsDraftText, OpsInkProblem } from "@wegmarke/protocol";
import { compileInk, getDraftText, saveDraftText } from "../../api/studio-api";
import { useI18n } from "../../i18n/i18n";
import { mergeLines } from "../../lib/merge-lines";
import { SaveBar, useDraftSave } from "./draft-save";
import { inkPlaces } from "./ink-places";
import { InkProblems } from "./ink-problems";
import { StationPreview } from "./phone-preview";
import { BackToDraft, DraftForm } from "./draft-form";
import { BlockPanel } from "./ink-block-panel";

const CodeEditor = lazy(() => import("./code-editor"));

/**
 * A text file of the draft: edited in place and saved over the content it was opened with, so
 * a save never overwrites another author's unseen; `line` is shown and selected on opening.
 */
export function FileEditor({ path, line }: { path: string; line?: number }) {
  return (
    <DraftForm callKey={`draft-file:${path}`} load={(signal) => getDraftText(path, signal)}>
      {(loaded) => <TextEditor loaded={loaded} {...(line !== undefined && { line })} />}
    </DraftForm>
  );
}

type EditorProps = { loaded: OpsDraftText; line?: number };

function TextEditor({ loaded, line }: EditorProps) {
  const { t } = useI18n();
  const id = useId();
  const { path } = loaded;
  const [text, setText] = useState(loaded.text);
  const [problems, setProblems] = useState<{ list: OpsInkProblem[]; text: string } | null>(null);
  const [cursor, setCursor] = useState(line ?? 1);
  const [select, setSelect] = useState<{ from: number; to: number; key: number }>();
  const draft = useDraftSave(
    loaded.text,
    loaded.hash,
    (content, replaces) => saveDraftText(path, content, replaces),
    {
      merge: (base, mine, theirs) => {
        const merged = mergeLines(base, mine, theirs.text);
        return merged.ok ? { ok: true, value: merged.text } : merged;
      },
      onMerged: setText,
    },
  );
  const script = path.endsWith(".ink");
  return (
    <div className={script ? "studio__with-phone" : undefined}>
      <section className="panel stack" aria-labelledby={id}>
        <BackToDraft />
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
              draft.touched();
            }}
            onCursor={setCursor}
            {...(select !== undefined && { select })}
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
              setText((before) => replaceOnLine(before, lineNumber, wrong, right))
            }
          />
        )}
        {script && (
          <BlockPanel
            path={path}
            text={text}
            line={cursor}
            onEdit={(edit) => {
              setText(edit.text);
              draft.touched();
              setSelect({ from: edit.from, to: edit.to, key: Date.now() });
            }}
          />
        )}
        <SaveBar
          dirty={text !== draft.saved}
          save={draft.save}
          onSave={() => void draft.store(text)}
          onKeep={() => void draft.keep(text)}
          onTake={() => {
            if (draft.save.kind !== "conflict") return;
            const { theirs } = draft.save;
            setText(theirs.text);
            draft.adopt(theirs.text, theirs.hash);
          }}
        />
      </section>
      {script && <StationPreview file={path} places={inkPlaces(draft.saved)} />}
    </div>
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
