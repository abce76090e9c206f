import { parseRichText } from "../lib/rich-text";

/** A chat text with line breaks, **bold**, *italic* and clickable links, as React elements. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseRichText(text).map((node, index) => {
        switch (node.kind) {
          case "break":
            return <br key={index} />;
          case "bold":
            return <strong key={index}>{node.text}</strong>;
          case "italic":
            return <em key={index}>{node.text}</em>;
          case "link":
            return (
              <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
                {node.text}
              </a>
            );
          case "text":
            return <span key={index}>{node.text}</span>;
        }
      })}
    </>
  );
}
