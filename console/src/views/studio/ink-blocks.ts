/*
 * The studio's building blocks of a script: a riddle (with its ladder of hints), buttons, a
 * mission, a delayed message and a picture or sound, each written as the ink an author would type
 * (docs/content-authoring.md, "The script", "Hints"). The text stays the source of truth: a
 * block is read back from it, and a form is offered only where writing the block again gives the
 * same lines.
 */

export type Riddle = {
  kind: "riddle";
  /** The gather a wrong answer goes back to; null where there is none. */
  label: string | null;
  question: string;
  answers: string[];
  /** What the character says to a right answer, one message per line. */
  right: string;
  points: number | null;
  /** What the character says to any other answer ("" without a wrong-answer branch). */
  wrong: string;
  /** After a wrong answer, the question is asked again. */
  again: boolean;
  /** The ladder of hints, offered one at a time in this order, each back to the question. */
  hints: Hint[];
  /** The points line was read as `~ points += N`; a riddle with hints always adds. */
  adds: boolean;
};

/** A hint's button, its text (one message per line) and its cost in points (0: free). */
export type Hint = { button: string; text: string; cost: number };

export type ButtonChoice = { label: string; reply: string; once: boolean };
export type Buttons = { kind: "buttons"; buttons: ButtonChoice[] };

export const MEDIA_KINDS = ["photo", "video", "voice"] as const;
export type MissionMedium = (typeof MEDIA_KINDS)[number];

export type Mission = {
  kind: "mission";
  label: string | null;
  question: string;
  medium: MissionMedium;
  /** The task as the host reads it while judging. */
  task: string;
  points: number;
  /** Approved as it arrives, nobody judges it. */
  auto: boolean;
  approved: string;
  /** What the character says on a rejection ("": the pack's text, the mission stays open). */
  rejected: string;
};

export const DELAY_UNITS = ["s", "m", "h"] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];
export type Delay = { kind: "delay"; text: string; amount: number; unit: DelayUnit };

/** A picture, a sound or a video of the pack in the chat: `stations/3/bild.jpg`. */
export type Media = { kind: "media"; path: string };

export type Block = Riddle | Buttons | Mission | Delay | Media;
export type BlockKind = Block["kind"];
export const BLOCK_KINDS: BlockKind[] = ["riddle", "buttons", "mission", "delay", "media"];

const INDENT = "    ";

/** A reply's lines, one message each, indented below their choice. */
const body = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => INDENT + line);

/** A text field's lines without the empty ones. */
const textLines = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** The lines ink gets for a block, as an author would type them. */
export function blockLines(block: Block): string[] {
  switch (block.kind) {
    case "riddle": {
      const answers = block.answers.map((answer) => answer.trim()).filter((a) => a !== "");
      const back = block.label === null ? [] : [`${INDENT}-> ${block.label}`];
      // A hint takes its cost off `points`, so the right answer adds to them.
      const set = block.adds || block.hints.length > 0 ? "+=" : "=";
      return [
        ...(block.label === null ? [] : [`- (${block.label})`]),
        ...textLines(block.question),
        `+ [${answers.join(" / ")} #answer]`,
        ...body(block.right),
        ...(block.points === null ? [] : [`${INDENT}~ points ${set} ${block.points}`]),
        ...block.hints.flatMap((hint) => [
          `* [${hint.button.trim()} #hint${hint.cost > 0 ? `: ${hint.cost}` : ""}]`,
          ...body(hint.text),
          ...back,
        ]),
        ...(block.wrong.trim() === "" && !block.again
          ? []
          : ["+ [#answer]", ...body(block.wrong), ...(block.again ? back : [])]),
      ];
    }
    case "buttons":
      return block.buttons.flatMap((button) => [
        `${button.once ? "*" : "+"} [${button.label.trim()}]`,
        ...body(button.reply),
      ]);
    case "mission": {
      const tags = [
        `#${block.medium}`,
        ...(block.points > 0 ? [`#points: ${block.points}`] : []),
        ...(block.auto ? ["#auto"] : []),
      ];
      const task = block.task.trim();
      return [
        ...textLines(block.question),
        ...(block.label === null ? [] : [`- (${block.label})`]),
        `+ [${task === "" ? "" : `${task} `}${tags.join(" ")}]`,
        ...body(block.approved),
        ...(block.rejected.trim() === ""
          ? []
          : [
              "+ [#rejected]",
              ...body(block.rejected),
              ...(block.label === null ? [] : [`${INDENT}-> ${block.label}`]),
            ]),
      ];
    }
    case "delay":
      return [`${oneLine(block.text)} #delay: ${block.amount}${block.unit}`];
    case "media":
      return [`${block.path.trim()} #content`];
  }
}

/** A message's text on one line: ink ends a message at a line's end. */
const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, " ").trim();

/** Whether a block uses the station's `points` variable. */
export const usesPoints = (block: Block): boolean =>
  (block.kind === "riddle" &&
    (block.points !== null || block.hints.some((hint) => hint.cost > 0))) ||
  (block.kind === "mission" && block.points > 0);

/** Whether a block offers choices, so the lines after it need a gather to go on. */
const hasChoices = (block: Block): boolean =>
  block.kind === "riddle" || block.kind === "buttons" || block.kind === "mission";

/** The labels and knots a script already names, for a new label not to collide. */
export function uniqueLabel(text: string, wanted: string): string {
  const taken = new Set(
    [...text.matchAll(/\((\w+)\)|^\s*={1,}\s*(\w+)/gm)].map((match) => match[1] ?? match[2]),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}_${n}`)) return `${wanted}_${n}`;
}

export type Edit = {
  text: string;
  /** The lines (from 1, inclusive) the block now takes, its gather included, to select. */
  from: number;
  to: number;
};

const POINTS_VAR = /^\s*VAR\s+points\s*=/m;

/**
 * The script with a block put in after line `line` (from 1; an empty line is taken over), a
 * gather after a block with choices where none follows, and `VAR points = 0` on top where the
 * block gives points and the script has not declared them.
 */
export function insertBlock(text: string, line: number, block: Block): Edit {
  const lines = text.split("\n");
  const at = Math.min(Math.max(line, 0), lines.length);
  const empty = at >= 1 && lines[at - 1]?.trim() === "";
  const start = empty ? at - 1 : at;
  const next = lines.slice(at).find((rest) => rest.trim() !== "");
  const gather = hasChoices(block) && !(next !== undefined && /^\s*-(?!>)/.test(next));
  const added = [...blockLines(block), ...(gather ? ["-"] : [])];
  lines.splice(start, empty ? 1 : 0, ...added);
  return withPoints(lines, block, start + 1, start + added.length);
}

/** The script with lines `from` to `to` (from 1, inclusive) written as `block` instead. */
export function replaceBlock(text: string, from: number, to: number, block: Block): Edit {
  const lines = text.split("\n");
  const written = blockLines(block);
  lines.splice(from - 1, to - from + 1, ...written);
  return withPoints(lines, block, from, from + written.length - 1);
}

function withPoints(lines: string[], block: Block, from: number, to: number): Edit {
  const text = lines.join("\n");
  if (!usesPoints(block) || POINTS_VAR.test(text)) return { text, from, to };
  return { text: `VAR points = 0\n${text}`, from: from + 1, to: to + 1 };
}
