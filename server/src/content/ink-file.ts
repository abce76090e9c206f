import { Compiler } from "inkjs/compiler/Compiler";
import { parseDuration } from "../engine/duration";
import type { ContentProblem } from "./model";

/** A `#content` line of a script: what it names and where. */
export type ContentRef = { ref: string; line: number };

/** A compiled script; `json` is set only when it compiled without problems. */
export type InkFile = {
  json: string | undefined;
  problems: ContentProblem[];
  contentRefs: ContentRef[];
};

export function compileInkFile(file: string, source: string): InkFile {
  const lines = source.split(/\r?\n/);
  const compiled = compile(file, source);
  const problems = [...compiled.problems, ...commentedUrls(file, lines), ...badDelays(file, lines)];
  return {
    json: problems.length === 0 ? compiled.json : undefined,
    problems,
    contentRefs: findContentRefs(lines),
  };
}

function compile(file: string, source: string): Omit<InkFile, "contentRefs"> {
  const compiler = new Compiler(source);
  try {
    const json = compiler.Compile().ToJson() ?? undefined;
    const problems = compiler.warnings.map((m) => compilerProblem(file, m));
    return { json, problems };
  } catch (error) {
    // Compile() throws "Compilation failed." once it has collected the errors.
    const messages = [...compiler.errors, ...compiler.warnings];
    const problems =
      messages.length === 0
        ? [{ file, message: String(error) }]
        : messages.map((m) => compilerProblem(file, m));
    return { json: undefined, problems };
  }
}

/** Turns "ERROR: line 2: Divert target not found" into a problem at line 2. */
function compilerProblem(file: string, text: string): ContentProblem {
  const match = /^([A-Z ]+): (?:'[^']*' )?line (\d+): (.*)$/s.exec(text);
  if (!match?.[1] || !match[2] || match[3] === undefined) return { file, message: text };
  return { file, line: Number(match[2]), message: `${match[1].toLowerCase()}: ${match[3]}` };
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

/** A `#delay:` the engine cannot read would silently send the message at once. */
function badDelays(file: string, lines: string[]): ContentProblem[] {
  return lines.flatMap((text, i) =>
    splitLine(text)
      .tags.map((tag) => /^\s*delay\s*:(.*)$/i.exec(tag)?.[1]?.trim())
      .filter((value) => value !== undefined && !value.includes("{") && !parseDuration(value))
      .map((value) => ({
        file,
        line: i + 1,
        message: `#delay: ${value}: write a duration like 30s, 10m or 2h`,
      })),
  );
}

/**
 * The media a script names with `#content`. The compiled story keeps no line numbers, so the
 * source is scanned: the text before the first tag on a line that carries a `#content` tag.
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
