import { useId, useMemo, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { blockAt, insertionLine, isMarked } from "./ink-block-read";
import { BLOCK_KINDS, insertBlock, replaceBlock, uniqueLabel } from "./ink-blocks";
import type { Block, BlockKind, Edit } from "./ink-blocks";
import { BlockForm } from "./ink-block-form";
import { explainLine } from "./ink-explain";
import { TranslateLine, wordsOf } from "./ink-translate-line";

/** A new block of a kind, with a label the script does not use yet. */
function fresh(kind: BlockKind, text: string): Block {
  switch (kind) {
    case "riddle":
      return {
        kind,
        label: uniqueLabel(text, "frage"),
        question: "",
        answers: [""],
        right: "",
        points: null,
        wrong: "",
        again: true,
        hints: [],
        adds: false,
      };
    case "buttons":
      return {
        kind,
        buttons: [
          { label: "", reply: "", once: false },
          { label: "", reply: "", once: false },
        ],
      };
    case "mission":
      return {
        kind,
        label: uniqueLabel(text, "auftrag"),
        question: "",
        medium: "photo",
        task: "",
        points: 0,
        auto: false,
        approved: "",
        rejected: "",
      };
    case "delay":
      return { kind, text: "", amount: 1, unit: "m" };
    case "media":
      return { kind, path: "" };
  }
}

type Open = { block: Block; from: number; to: number; editing: boolean };

/**
 * The script editor's building blocks: a button per kind puts one in after the cursor's line
 * through its form; the line under the cursor is said in plain words, and a block it belongs to
 * opens in its form, written back over its lines.
 */
export function BlockPanel({
  path,
  text,
  line,
  onEdit,
}: {
  path: string;
  text: string;
  /** The cursor's line, from 1. */
  line: number;
  onEdit: (edit: Edit) => void;
}) {
  const { t, tn } = useI18n();
  const id = useId();
  const [open, setOpen] = useState<Open | null>(null);
  const found = useMemo(() => blockAt(text, line), [text, line]);
  const current = text.split("\n")[line - 1] ?? "";
  const said = explainLine(current);
  const words = wordsOf(current);

  if (open !== null) {
    return (
      <BlockForm
        key={`${open.from}:${open.block.kind}`}
        initial={open.block}
        path={path}
        editing={open.editing}
        where={
          open.editing
            ? t("blocks.whereEdit", { from: open.from, to: open.to })
            : t("blocks.whereInsert", { line: open.from })
        }
        onCancel={() => setOpen(null)}
        onSubmit={(submitted) => {
          // Hints go back to the riddle's label: one without a label gets one.
          const block =
            submitted.kind === "riddle" && submitted.hints.length > 0 && submitted.label === null
              ? { ...submitted, label: uniqueLabel(text, "frage") }
              : submitted;
          onEdit(
            open.editing
              ? replaceBlock(text, open.from, open.to, block)
              : insertBlock(text, open.from, block),
          );
          setOpen(null);
        }}
      />
    );
  }
  return (
    <aside className="block-panel stack" aria-labelledby={id}>
      <div className="block-panel__kinds" role="group" aria-label={t("blocks.insert")}>
        <span aria-hidden="true">{t("blocks.insert")}:</span>
        {BLOCK_KINDS.map((kind) => (
          <button
            key={kind}
            className="button button--small"
            type="button"
            onClick={() => {
              const after = insertionLine(text, line);
              setOpen({ block: fresh(kind, text), from: after, to: after, editing: false });
            }}
          >
            {t(`blocks.kind.${kind}`)}
          </button>
        ))}
      </div>
      <section className="block-panel__line">
        <h3 id={id}>{t("blocks.here", { line })}</h3>
        {said.map((sentence, index) => (
          <p key={index}>
            {"count" in sentence
              ? tn(sentence.key, sentence.count, sentence.values)
              : t(sentence.key, sentence.values)}
          </p>
        ))}
        {found === null && words !== null && isMarked(current) && (
          <TranslateLine
            key={`${line}:${current}`}
            words={words}
            onApply={(next) => {
              const lines = text.split("\n");
              lines[line - 1] = next;
              onEdit({ text: lines.join("\n"), from: line, to: line });
            }}
          />
        )}
        {found !== null && (
          <button
            className="button"
            type="button"
            onClick={() => setOpen({ ...found, editing: true })}
          >
            {t("blocks.edit", { kind: t(`blocks.kind.${found.block.kind}`) })}
          </button>
        )}
      </section>
    </aside>
  );
}
