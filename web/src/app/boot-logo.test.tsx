import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "@testing-library/react";
import { expect, it } from "vitest";
import { BootLogo } from "./boot-logo";

const file = (path: string) => readFileSync(join(import.meta.dirname, "../..", path), "utf8");

/** The shapes of the first svg in `markup`: each element's name and attributes, sorted. */
function shapes(markup: string, type: DOMParserSupportedType): string[] {
  const svg = new DOMParser().parseFromString(markup, type).querySelector("svg");
  if (svg === null) throw new Error("no svg");
  return [...svg.children].map((shape) =>
    [shape.localName, ...[...shape.attributes].map((a) => `${a.name}=${a.value}`).sort()].join(" "),
  );
}

it("draws the icon of public/icons/icon.svg, as index.html does", () => {
  const icon = shapes(file("public/icons/icon.svg"), "image/svg+xml");
  expect(icon).toHaveLength(4);
  expect(shapes(file("index.html"), "text/html")).toEqual(icon);
  const { container } = render(<BootLogo />);
  expect(shapes(container.innerHTML, "text/html")).toEqual(icon);
});
