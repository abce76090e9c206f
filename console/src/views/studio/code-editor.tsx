import { useEffect, useEffectEvent, useRef } from "react";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { defaultHighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { yaml } from "@codemirror/legacy-modes/mode/yaml";
import { linter, lintGutter } from "@codemirror/lint";
import type { Diagnostic } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import type { OpsInkProblem } from "@wegmarke/protocol";
import { ink } from "./ink-language";

/*
 * CodeMirror is imported here only: the studio's editor is a chunk of its own, loaded when an
 * author opens a file, never with the rest of the console (and never in the player's app).
 */

/** yaml's colours, from CodeMirror's legacy modes. */
const yamlLanguage = StreamLanguage.define(yaml);

type Props = {
  /** The file's path: its ending chooses the colours (ink, yaml). */
  path: string;
  value: string;
  onChange: (text: string) => void;
  /** The line (from 1) to select on opening. */
  line?: number;
  label: string;
  /** A script: coloured as ink and compiled as it is typed (after a pause of 150 ms). */
  compile?: (text: string) => Promise<OpsInkProblem[]>;
  /** What the last compile found, for the list below the editor. */
  onProblems?: (problems: OpsInkProblem[], text: string) => void;
  /** Told the line (from 1) the cursor stands on, whenever it moves. */
  onCursor?: (line: number) => void;
  /** Lines (from 1, inclusive) to select, once per `key`: a block just put in. */
  select?: { from: number; to: number; key: number };
};

/**
 * The pause after the last keystroke before a script is compiled: with the compile (35-120 ms
 * for 500 lines) the problems show within 300 ms of the pause.
 */
const LINT_DELAY_MS = 150;

/** A text file in CodeMirror 6: ink and yaml coloured, a script's compiler problems inline. */
export default function CodeEditor({
  path,
  value,
  onChange,
  line,
  label,
  compile,
  onProblems,
  onCursor,
  select,
}: Props) {
  const element = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useEffectEvent((text: string) => onChange(text));
  const moved = useEffectEvent((line: number) => onCursor?.(line));
  const compiled = useEffectEvent(async (text: string): Promise<OpsInkProblem[]> => {
    if (!compile) return [];
    const problems = await compile(text);
    onProblems?.(problems, text);
    return problems;
  });

  useEffect(() => {
    if (!element.current) return;
    const script = compile !== undefined;
    const colours = path.endsWith(".ink")
      ? [ink, syntaxHighlighting(defaultHighlightStyle)]
      : /\.ya?ml$/.test(path)
        ? [yamlLanguage, syntaxHighlighting(defaultHighlightStyle)]
        : [];
    const editor = new EditorView({
      parent: element.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          EditorView.lineWrapping,
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed(update.state.doc.toString());
            if (update.docChanged || update.selectionSet) {
              moved(update.state.doc.lineAt(update.state.selection.main.head).number);
            }
          }),
          ...colours,
          ...(script
            ? [
                lintGutter(),
                linter(
                  async (current) =>
                    diagnostics(current, await compiled(current.state.doc.toString())),
                  {
                    delay: LINT_DELAY_MS,
                  },
                ),
              ]
            : []),
        ],
      }),
    });
    view.current = editor;
    if (line !== undefined && line <= editor.state.doc.lines) {
      const at = editor.state.doc.line(line);
      editor.dispatch({
        selection: { anchor: at.from, head: at.to },
        effects: EditorView.scrollIntoView(at.from, { y: "center" }),
      });
      editor.focus();
    }
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Made once per file; the value below follows a text taken from elsewhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || select === undefined) return;
    const doc = editor.state.doc;
    const from = doc.line(Math.min(Math.max(select.from, 1), doc.lines));
    const to = doc.line(Math.min(Math.max(select.to, select.from, 1), doc.lines));
    editor.dispatch({
      selection: { anchor: from.from, head: to.to },
      effects: EditorView.scrollIntoView(from.from, { y: "center" }),
    });
    editor.focus();
  }, [select]);

  return <div ref={element} className="code-editor" />;
}

/** The compiler's problems as CodeMirror's, each over its line. */
function diagnostics(view: EditorView, problems: OpsInkProblem[]): Diagnostic[] {
  const doc = view.state.doc;
  return problems.map((problem) => {
    const line = doc.line(Math.min(Math.max(problem.line ?? 1, 1), doc.lines));
    return { from: line.from, to: line.to, severity: "error", message: problem.message };
  });
}
