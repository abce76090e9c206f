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
