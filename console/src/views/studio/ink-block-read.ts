import { TRANSLATE_MARK } from "@wegmarke/protocol";
import { blockLines, MEDIA_KINDS } from "./ink-blocks";
import type { Block, ButtonChoice, DelayUnit, Hint, MissionMedium, Riddle } from "./ink-blocks";

/*
 * A block read back from a script's text: the lines around the cursor, taken as the studio's
 * blocks write them. Only a block written again line for line (indentation aside) is offered in
 * a form, so a form never drops what an author typed beyond it.
 */

export type Found = { block: Block; from: number; to: number };

const MARK = new RegExp(`\\s*${TRANSLATE_MARK.replace(/\//g, "\\/")}\\s*$`);

/** A line without its mark of a line still to translate (a block written back has none). */
export const unmarked = (line: string): string => line.replace(MARK, "");

/** Whether a line is marked as still to translate. */
export const isMarked = (line: string): boolean => MARK.test(line);

/** The script's lines as the blocks read them: without the marks of lines to translate. */
const linesOf = (text: string): string[] => text.split("\n").map(unmarked);

const CHOICE = /^\s*([+*])\s*\[(.*)\]\s*$/;
const GATHER = /^\s*-(?!>)/;
const LABEL_GATHER = /^\s*-\s*\((\w+)\)\s*$/;
const KNOT = /^\s*=/;
const LOGIC = /^\s*([~+*={}-]|VAR\b|CONST\b|INCLUDE\b|LIST\b|\/\/|\/\*|<-)/;
const DELAY = /^([^#]+?)\s*#\s*delay:\s*(\d+)\s*([smh])\s*$/;
const MEDIA = /^\s*([\w./-]+\.(?:jpe?g|png|gif|webp|avif|svg|mp3|mp4|webm))\s*#\s*content\s*$/i;
const POINTS = /^~\s*points\s*(\+?)=\s*(\d+)$/;

/** A message line without tags or logic: a question's text. */
const isText = (line: string | undefined): line is string =>
  line !== undefined && line.trim() !== "" && !LOGIC.test(line) && !line.includes("#");

type Choice = { once: boolean; text: string; tags: Map<string, string>; body: string[] };

function choice(line: string): Omit<Choice, "body"> | null {
  const match = CHOICE.exec(line);
  if (!match) return null;
  const [text = "", ...tags] = (match[2] ?? "").split("#");
  return {
    once: match[1] === "*",
    text: text.trim(),
    tags: new Map(
      tags.map((tag) => {
        const colon = tag.indexOf(":");
        return colon < 0
          ? [tag.trim(), ""]
          : [tag.slice(0, colon).trim(), tag.slice(colon + 1).trim()];
      }),
    ),
  };
}

/** The block whose lines hold line `line` (from 1), where a form can write it again. */
export function blockAt(text: string, line: number): Found | null {
  const lines = linesOf(text);
  const here = lines[line - 1];
  if (here === undefined) return null;
  const single = singleLine(here);
  if (single) return { block: single, from: line, to: line };
  for (const found of groups(lines)) if (found.from <= line && line <= found.to) return found;
  return null;
}

/**
 * The line a new block goes in after, for the cursor on `line`: that line, or below the block
 * it belongs to and that block's own gather, so that a block never lands among another's
 * choices.
 */
export function insertionLine(text: string, line: number): number {
  const lines = linesOf(text);
  const group = groups(lines).find((found) => found.from <= line && line <= found.to);
  if (!group) return line;
  return /^\s*-\s*$/.test(lines[group.to] ?? "") ? group.to + 1 : group.to;
}

function singleLine(line: string): Block | null {
  const delay = DELAY.exec(line.trim());
  if (delay && isText(delay[1])) {
    return {
      kind: "delay",
      text: (delay[1] ?? "").trim(),
      amount: Number(delay[2]),
      unit: delay[3] as DelayUnit,
    };
  }
  const media = MEDIA.exec(line);
  return media ? { kind: "media", path: media[1] ?? "" } : null;
}

/** Every run of choices (up to the next gather or knot) that reads as a block. */
function groups(lines: string[]): Found[] {
  const found: Found[] = [];
  for (let first = 0; first < lines.length; first++) {
    if (!choice(lines[first] ?? "")) continue;
    let last = first;
    while (
      last + 1 < lines.length &&
      !GATHER.test(lines[last + 1] ?? "") &&
      !KNOT.test(lines[last + 1] ?? "")
    )
      last++;
    while (last > first && (lines[last] ?? "").trim() === "") last--;
    const block = readGroup(lines, first, last);
    if (block) found.push(block);
    first = last;
  }
  return found;
}

function readGroup(lines: string[], first: number, last: number): Found | null {
  const choices: Choice[] = [];
  for (const line of lines.slice(first, last + 1)) {
    const read = choice(line);
    if (read) choices.push({ ...read, body: [] });
    else if (line.trim() !== "") choices.at(-1)?.body.push(line.trim());
  }
  const before = (n: number) => lines[first - n];
  const label = (n: number) => LABEL_GATHER.exec(before(n) ?? "")?.[1] ?? null;
  // The lines a riddle or a mission may start with: its label and its question, in its order.
  const starts: { start: number; label: string | null; question: string }[] = [];
  const riddle = choices[0]?.tags.has("answer") ?? false;
  if (riddle && label(2) !== null && isText(before(1)))
    starts.push({ start: first - 2, label: label(2), question: before(1) ?? "" });
  if (!riddle && label(1) !== null && isText(before(2)))
    starts.push({ start: first - 2, label: label(1), question: before(2) ?? "" });
  if (label(1) !== null) starts.push({ start: first - 1, label: label(1), question: "" });
  if (isText(before(1))) starts.push({ start: first - 1, label: null, question: before(1) ?? "" });
  starts.push({ start: first, label: null, question: "" });
  const written = lines.slice(0, last + 1).map((line) => line.trim());
  for (const { start, label: name, question } of starts) {
    const block = asBlock(choices, name, question.trim());
    if (!block) continue;
    const same = blockLines(block).map((line) => line.trim());
    if (same.join("\n") === written.slice(start).join("\n"))
      return { block, from: start + 1, to: last + 1 };
  }
  return null;
}

const only = (tags: Map<string, string>, allowed: string[]) =>
  [...tags.keys()].every((tag) => allowed.includes(tag));

function asBlock(choices: Choice[], label: string | null, question: string): Block | null {
  const [head, other, ...rest] = choices;
  if (!head) return null;
  if (choices.every((c) => c.tags.size === 0 && c.text !== "")) {
    if (question !== "" || label !== null) return null;
    const buttons: ButtonChoice[] = choices.map((c) => ({
      label: c.text,
      reply: c.body.join("\n"),
      once: c.once,
    }));
    return { kind: "buttons", buttons };
  }
  if (head.tags.has("answer")) return asRiddle(choices, label, question);
  if (rest.length > 0 || head.once || other?.once) return null;
  const medium = MEDIA_KINDS.find((kind) => head.tags.has(kind));
  if (!medium || !only(head.tags, [medium, "points", "auto"])) return null;
  if (head.tags.get(medium) !== "" || (head.tags.has("auto") && head.tags.get("auto") !== ""))
    return null;
  if (other && (other.text !== "" || !only(other.tags, ["rejected"]))) return null;
  const rejected = [...(other?.body ?? [])];
  if (label !== null && rejected.at(-1) === `-> ${label}`) rejected.pop();
  return {
    kind: "mission",
    label,
    question,
    medium: medium satisfies MissionMedium,
    task: head.text,
    points: Number(head.tags.get("points") ?? 0),
    auto: head.tags.has("auto"),
    approved: head.body.join("\n"),
    rejected: rejected.join("\n"),
  };
}

/**
 * A riddle: its sticky `#answer` choice, its once-only `#hint` choices (each back to the label),
 * then the sticky `[#answer]` choice for any other answer, if any.
 */
function asRiddle(choices: Choice[], label: string | null, question: string): Riddle | null {
  const [head, ...after] = choices;
  if (!head || head.once || !only(head.tags, ["answer"]) || head.text === "") return null;
  const hints: Hint[] = [];
  for (const next of after) {
    const hint = asHint(next, label);
    if (!hint) break;
    hints.push(hint);
  }
  const [other, ...rest] = after.slice(hints.length);
  if (rest.length > 0 || other?.once) return null;
  if (other && (other.text !== "" || !only(other.tags, ["answer"]) || other.tags.size !== 1))
    return null;
  const right = [...head.body];
  const points = POINTS.exec(right.at(-1) ?? "");
  if (points) right.pop();
  const wrong = [...(other?.body ?? [])];
  const again = label !== null && wrong.at(-1) === `-> ${label}`;
  if (again) wrong.pop();
  return {
    kind: "riddle",
    label,
    question,
    answers: head.text.split("/").map((answer) => answer.trim()),
    right: right.join("\n"),
    points: points ? Number(points[2]) : null,
    wrong: wrong.join("\n"),
    again,
    hints,
    adds: points?.[1] === "+",
  };
}

/** A riddle's hint: a once-only choice tagged only `#hint` (or `#hint: 2`), back to `label`. */
function asHint(hintChoice: Choice, label: string | null): Hint | null {
  const cost = hintChoice.tags.get("hint");
  if (!hintChoice.once || hintChoice.text === "" || hintChoice.tags.size !== 1) return null;
  if (cost === undefined || !/^\d*$/.test(cost)) return null;
  if (label === null || hintChoice.body.at(-1) !== `-> ${label}`) return null;
  const text = hintChoice.body.slice(0, -1);
  if (text.length === 0) return null;
  return { button: hintChoice.text, text: text.join("\n"), cost: Number(cost) };
}
