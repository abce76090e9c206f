import { useId, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { unmarked } from "./ink-block-read";

/** A line split around the words a player reads: what stays before and after them. */
export type Words = { before: string; text: string; after: string };

const CHOICE = /^(\s*[+*]\s*\[)([^#\]]*?)(\s*(?:#[^\]]*)?\].*)$/;
const GATHER = /^(\s*-\s*(?:\(\w+\)\s*)?)([^#]+?)(\s*(?:#.*)?)$/;
const MESSAGE = /^(\s*)([^#~=+*{}-][^#]*?)(\s*(?:#.*)?)$/;

/**
 * The words a player reads on a line still to translate (a message, a button's label, the text
 * after a gather), without its mark; null for a line with none (logic, a divert).
 */
export function wordsOf(line: string): Words | null {
  const bare = unmarked(line);
  if (/^\s*(->|<-|VAR\b|CONST\b|\/\/)/.test(bare)) return null;
  for (const pattern of [CHOICE, GATHER, MESSAGE]) {
    const match = pattern.exec(bare);
    if (match) return { before: match[1] ?? "", text: match[2] ?? "", after: match[3] ?? "" };
  }
  return null;
}

/** A marked line's words in a field: applied, the line has the new words and no mark. */
export function TranslateLine({
  words,
  onApply,
}: {
  words: Words;
  onApply: (line: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState(words.text);
  return (
    <div className="block-form__row">
      <label className="field" htmlFor={id}>
        <span>{t("blocks.translate")}</span>
        <input id={id} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button
        className="button"
        type="button"
        disabled={text.trim() === ""}
        onClick={() => onApply(`${words.before}${text.replace(/#/g, "").trim()}${words.after}`)}
      >
        {t("blocks.apply")}
      </button>
    </div>
  );
}
