/** A piece of a chat text: plain, **bold**, *italic*, a link, or a line break. */
type RichNode =
  | { kind: "text" | "bold" | "italic"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "break" };

const inline = /\*\*(.+?)\*\*|\*(.+?)\*|(https?:\/\/[^\s<>"]+)/g;
const trailingPunctuation = /[.,;:!?)\]'"]+$/;

function parseLine(line: string): RichNode[] {
  const nodes: RichNode[] = [];
  let rest = 0;
  for (const match of line.matchAll(inline)) {
    const [whole, bold, italic, url] = match;
    let end = match.index + whole.length;
    if (match.index > rest) nodes.push({ kind: "text", text: line.slice(rest, match.index) });
    if (bold !== undefined) nodes.push({ kind: "bold", text: bold });
    else if (italic !== undefined) nodes.push({ kind: "italic", text: italic });
    else if (url !== undefined) {
      // A sentence's full stop or closing bracket after a link is not part of it.
      const href = url.replace(trailingPunctuation, "");
      end = match.index + href.length;
      nodes.push({ kind: "link", text: href, href });
    }
    rest = end;
  }
  if (rest < line.length) nodes.push({ kind: "text", text: line.slice(rest) });
  return nodes;
}

/** Splits a chat text into nodes that React renders as elements, never as raw HTML. */
export function parseRichText(text: string): RichNode[] {
  return text
    .split(/\r?\n/)
    .flatMap((line, index) =>
      index === 0 ? parseLine(line) : [{ kind: "break" as const }, ...parseLine(line)],
    );
}
