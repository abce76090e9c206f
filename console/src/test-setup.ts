import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// On a busy machine (the whole suite at once) an answer can take over a second to render.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// jsdom lays nothing out: CodeMirror (the studio's editor) measures text ranges, which have no
// boxes here.
const noRects = (): DOMRectList => {
  const list: DOMRect[] = [];
  return Object.assign(list, { item: (index: number) => list[index] ?? null });
};
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
