import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// The whole app renders in jsdom; on a busy machine its first screen can take over a second.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
