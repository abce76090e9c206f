import { ChoicePoint } from "inkjs/engine/ChoicePoint";
import { Container } from "inkjs/engine/Container";
import type { Story } from "inkjs/engine/Story";
import { comparableAnswer } from "../engine/answers";
import type { ContentProblem } from "./model";

/**
 * Questions a player answers by typing (docs/content-authoring.md, "Typed answers"): choices
 * offered together, some of them tagged `#answer`. Such a question needs a choice with a right
 * answer; with none, every answer takes the `[#answer]` choice for wrong ones, or is rejected.
 * The compiled story tells which choices are offered together; the source line, each choice's
 * text and tags (a choice and its tags stand on one line).
 */

/** An `#answer` choice: where it stands, whether it is the empty one for wrong answers. */
type AnswerChoice = { line: number; right: boolean; fallback: boolean };

export function riddleProblems(file: string, story: Story, lines: string[]): ContentProblem[] {
  const questions = new Map<Container, AnswerChoice[]>();
  const visit = (container: Container): void => {
    for (const object of container.content) {
      if (object instanceof Container) visit(object);
      if (!(object instanceof ChoicePoint)) continue;
      const line = object.debugMetadata?.startLineNumber;
      const choice = line === undefined ? undefined : answerChoice(line, lines[line - 1] ?? "");
      if (choice === undefined) continue;
      // A choice with text before its `[` stands in a container of its own, in the others'.
      const offered = object.hasStartContent ? (container.parent ?? container) : container;
      if (!(offered instanceof Container)) continue;
      questions.set(offered, [...(questions.get(offered) ?? []), choice]);
    }
    for (const named of container.namedOnlyContent?.values() ?? []) {
      if (named instanceof Container) visit(named);
    }
  };
  visit(story.mainContentContainer);
  return [...questions.values()].flatMap((choices) => {
    const [first] = choices;
    if (first === undefined || choices.some((c) => c.right)) return [];
    return [{ file, line: first.line, message: noRightAnswer(choices.some((c) => c.fallback)) }];
  });
}

function noRightAnswer(hasFallback: boolean): string {
  const taken = hasFallback
    ? "every answer a player types takes the choice for wrong answers, + [#answer]"
    : "every answer a player types is rejected, and the player cannot go on";
  return `this question has no right answer: ${taken}. Write the right answers on a choice of their own, like + [Hahn / Gockel #answer]`;
}

/**
 * The choice on a source line, if it is tagged `#answer`: its text (up to its `]`) holds a
 * right answer when one of its `/`-separated answers is something a player can type (an
 * answer computed by the script, `{…}`, may be right too).
 */
function answerChoice(line: number, source: string): AnswerChoice | undefined {
  const code = (source.split("//")[0] ?? "")
    .replace(/^\s*(?:[*+]\s*)+/, "")
    .replace(/^\(\w+\)\s*/, "")
    .replace(/^(?:\{[^}]*\}\s*)+/, "");
  const close = code.search(/(?<!\\)\]/);
  const choice = close < 0 ? code : code.slice(0, close).replace(/(?<!\\)\[/, "");
  const [text = "", ...tags] = choice.split(/(?<!\\)#/);
  if (!tags.some((tag) => tag.trim().toLowerCase() === "answer")) return undefined;
  const answers = text.replace(/\\(.)/g, "$1");
  const fallback = answers.split("/").every((answer) => answer.trim() === "");
  const right =
    answers.includes("{") || answers.split("/").some((answer) => comparableAnswer(answer) !== "");
  return { line, right, fallback };
}
