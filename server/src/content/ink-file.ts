import "./ink-identifiers";
import { Compiler, CompilerOptions } from "inkjs/compiler/Compiler";
import { ErrorType } from "inkjs/compiler/Parser/ErrorType";
import { Container } from "inkjs/engine/Container";
import { ControlCommand } from "inkjs/engine/ControlCommand";
import { Divert } from "inkjs/engine/Divert";
import type { InkObject } from "inkjs/engine/Object";
import type { Story } from "inkjs/engine/Story";
import { StringValue } from "inkjs/engine/Value";
import { parseDuration } from "../engine/duration";
import { isTagName, knownTags, parseMissionPoints, parseSeenRatio, tagValue } from "../engine/tags";
import { hintLineProblems } from "./ink-hints";
import { missionLineProblems, missionPoints } from "./ink-missions";
import type { MissionPoints } from "./ink-missions";
import { riddleProblems } from "./ink-riddles";
import { textToNumberProblems } from "./ink-variables";
import type { ContentProblem } from "./model";

/** A `#content` line of a script: what it names and where. */
export type ContentRef = { ref: string; line: number };

/** A `#recommend: <id>` line of a script: the id, which may name a station, and where. */
export type Recommendation = { id: string; line: number | undefined };

/** A compiled script; `json` is set only when it compiled without problems. */
export type InkFile = {
  json: string | undefined;
  problems: ContentProblem[];
  contentRefs: ContentRef[];
  /** The ids its `#recommend:` tags give (none when it did not compile). */
  recommendations: Recommendation[];
  /**
   * Whether the script declares `VAR points`, the variable the engine awards (undefined when it
   * did not compile). Without it the station always awards 0.
   */
  declaresPoints: boolean | undefined;
  /** The missions' `#points:` as written, each at its line. */
  missions: MissionPoints[];
};

export function compileInkFile(file: string, source: string): InkFile {
  const lines = source.split(/\r?\n/);
  const compiled = compile(file, source);
  const story = compiled.story;
  const tags = story ? scriptTags(story) : [];
  const declaresPoints = story?.variablesState.GlobalVariableExistsWithName("points");
  const problems = [
    ...compiled.problems,
    ...commentedUrls(file, lines),
    ...tagProblems(file, tags),
    ...missionLineProblems(file, lines),
    ...hintLineProblems(file, lines, declaresPoints),
    ...(story ? pointsProblems(file, story, lines) : []),
    ...(story ? riddleProblems(file, story, lines) : []),
    ...(story ? textToNumberProblems(file, story) : []),
  ];
  return {
    json: problems.length === 0 ? compiled.json : undefined,
    problems,
    contentRefs: findContentRefs(lines),
    recommendations: tags.flatMap(recommendationOf),
    declaresPoints,
    missions: missionPoints(lines),
  };
}

/**
 * Compiles a script, collecting every error and warning the compiler reports through its
 * handler: the parser goes on after an error, so all of a file's syntax errors come at once.
 * (Missing diverts and variables are looked for only once the syntax is right.)
 */
function compile(
  file: string,
  source: string,
): { json: string | undefined; story: Story | undefined; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const collect = (message: string, type: ErrorType) => {
    // `TODO:` lines are the author's notes to themselves, not problems.
    if (type !== ErrorType.Author) problems.push(compilerProblem(file, message));
  };
  const compiler = new Compiler(source, new CompilerOptions(null, [], false, collect));
  try {
    const story = compiler.Compile();
    return { json: story.ToJson() ?? undefined, story, problems };
  } catch (error) {
    // Compile() throws "Compilation failed." after reporting the errors; anything else is
    // the compiler's own failure, reported as such.
    if (problems.length === 0)
      problems.push({ file, message: `ink cannot compile this script: ${String(error)}` });
    return { json: undefined, story: undefined, problems };
  }
}

/**
 * Turns "ERROR: line 2: Divert target not found" into a problem at line 2. ink's warnings
 * refuse the script too (the pack must compile cleanly), marked as ink's.
 */
function compilerProblem(file: string, text: string): ContentProblem {
  const match = /^([A-Z ]+): (?:'[^']*' )?line (\d+): (.*)$/s.exec(text);
  if (!match?.[1] || !match[2] || match[3] === undefined) return { file, message: text };
  const message = match[1] === "WARNING" ? `ink warns: ${match[3]}` : match[3];
  return { file, line: Number(match[2]), message };
}

/** ink starts a comment at every `//`, so an unescaped `https://` silently cuts the line. */
function commentedUrls(file: string, lines: string[]): ContentProblem[] {
  return lines.flatMap((text, i) => {
    const comment = text.indexOf("//");
    return comment > 0 && /https?:$/i.test(text.slice(0, comment))
      ? [{ file, line: i + 1, message: "ink reads // as a comment: write https:\\/\\/ instead" }]
      : [];
  });
}

/**
 * One tag of the compiled script: its text up to the first part computed at run time (`{…}`),
 * and whether it has such a part.
 */
type ScriptTag = { text: string; computed: boolean; line: number | undefined };

/**
 * Every tag of a compiled script, with the line it is written on. The compiler has already
 * applied ink's rules (a tag runs from `#` to the next `#`, the end of the line, a `]` in a
 * choice or a divert; `\#` is text; comments are gone), and keeps each object's source line.
 */
function scriptTags(story: Story): ScriptTag[] {
  const tags: ScriptTag[] = [];
  let open: (ScriptTag & { in: Container }) | undefined;
  const close = () => {
    if (open) tags.push({ text: open.text, computed: open.computed, line: open.line });
    open = undefined;
  };
  const visit = (object: InkObject, parent: Container): void => {
    if (object instanceof Container) {
      if (open) open.computed = true; // `#tag {a|b}`: a sequence or a conditional
      for (const child of object.content) visit(child, object);
      for (const child of object.namedOnlyContent?.values() ?? []) visit(child, object);
      // A tag inside a branch (`{x: a #tag|b}`) is closed only after the conditional.
      if (open?.in === object) close();
      return;
    }
    if (object instanceof ControlCommand) {
      const { BeginTag, EndTag, NoOp } = ControlCommand.CommandType;
      if (object.commandType === BeginTag) {
        close();
        const line = object.debugMetadata?.startLineNumber;
        open = { text: "", computed: false, line, in: parent };
      } else if (object.commandType === EndTag) {
        close();
      } else if (open && object.commandType !== NoOp) {
        open.computed = true; // `#seen: {ratio}`: an expression inside the tag
      }
      return;
    }
    if (!open || object instanceof Divert) return;
    if (!(object instanceof StringValue)) open.computed = true;
    else if (!open.computed) open.text += object.value;
  };
  const root = story.mainContentContainer;
  visit(root, root);
  close();
  return tags;
}

const TAG_LIST =
  "#content, #answer, #recommend, #from:, #seen:, #delay:, #photo, #video, #voice, #points:, #auto, #rejected or #hint";

/** `#recommend: <id>` with an id written out (a bare `#recommend` and `{…}` name no station). */
function recommendationOf({ text, computed, line }: ScriptTag): Recommendation[] {
  const id = tagValue([text], "recommend");
  return computed || !id ? [] : [{ id, line }];
}

/** Tags the engine would not read, or whose value it would ignore. */
function tagProblems(file: string, tags: ScriptTag[]): ContentProblem[] {
  return tags.flatMap((tag) => {
    const message = tagMessage(tag);
    return message === undefined ? [] : [{ file, line: tag.line, message }];
  });
}

function tagMessage({ text, computed }: ScriptTag): string | undefined {
  const written = text.trim();
  const colon = written.indexOf(":");
  // `#{name}`, `#se{…}`: the name itself is computed when the script runs; nothing to check.
  if (computed && colon < 0) return undefined;
  const name = (colon < 0 ? written : written.slice(0, colon)).trim().toLowerCase();
  const value = colon < 0 ? undefined : written.slice(colon + 1).trim();
  if (!isTagName(name)) {
    const first = name.split(/\s/)[0] ?? "";
    if (colon < 0 && isTagName(first) && knownTags[first].value !== "none") {
      return `#${written}: write #${first}: ${written.slice(first.length).trim()}`;
    }
    return `#${written}: unknown tag: use ${TAG_LIST} (and \\# for a # in the text)`;
  }
  const spec = knownTags[name];
  if (spec.value === "none" && value !== undefined) {
    return `#${written}: #${name} takes no value`;
  }
  if (spec.value === "required" && !value && !computed) {
    return `#${written}: needs a value, like ${spec.example}`;
  }
  if (computed || !value) return undefined;
  if (name === "delay" && !parseDuration(value)) {
    return `#delay: ${value}: write a duration like 30s, 10m or 2h`;
  }
  if (name === "seen" && parseSeenRatio(value) === undefined) {
    return `#seen: ${value}: write a ratio from 0 to 1, like 0.8 for 80 %`;
  }
  if ((name === "video" || name === "voice") && !parseDuration(value)) {
    return `#${name}: ${value}: write the longest recording as a duration, like 30s or 2m`;
  }
  if (name === "points" && parseMissionPoints(value) === undefined) {
    return `#points: ${value}: write a whole number, like 3`;
  }
  if (name === "hint" && parseMissionPoints(value) === undefined) {
    return `#hint: ${value}: write what the hint costs as a whole number of points, like #hint: 2`;
  }
  return undefined;
}

/** The engine reads `points` only as a number; any other value always awards 0. */
function pointsProblems(file: string, story: Story, lines: string[]): ContentProblem[] {
  const vars = story.variablesState;
  if (!vars.GlobalVariableExistsWithName("points") || typeof vars.$("points") === "number") {
    return [];
  }
  const index = lines.findIndex((text) => /^\s*VAR\s+points\s*=/.test(text));
  const message = "VAR points: must start as a number, like VAR points = 0";
  return [index < 0 ? { file, message } : { file, line: index + 1, message }];
}

/**
 * The media a script names with `#content`. The compiled story splits a line's text into many
 * objects, so the source is scanned: the text before the first tag on a line with `#content`.
 */
function findContentRefs(lines: string[]): ContentRef[] {
  return lines.flatMap((text, i) => {
    const ref = contentRefOf(text);
    return ref === undefined ? [] : [{ ref, line: i + 1 }];
  });
}

/** A source line's text and tags, without its comment. */
function splitLine(line: string): { text: string; tags: string[] } {
  const code = line.split("//")[0] ?? "";
  const [text = "", ...tags] = code.split(/(?<!\\)#/);
  return { text, tags };
}

function contentRefOf(line: string): string | undefined {
  const { text, tags } = splitLine(line);
  if (!tags.some((t) => t.trim().toLowerCase() === "content")) return undefined;
  const ref = text
    .replace(/^\s*(?:-\s*)+(?:\(\w+\)\s*)?/, "") // a gather: `- (label) stations/1/a.jpg #content`
    .replace(/\\(.)/g, "$1")
    .trim();
  // `{…}` is computed when the script runs; nothing to check here.
  return ref === "" || ref.includes("{") ? undefined : ref;
}
