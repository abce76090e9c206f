import { describe, expect, it } from "vitest";
import { streamRecovery } from "./stream-recovery";

const invalidHash401 = { code: "401", reason: "invalid hash" };
const invalidHash406 = { code: "406", reason: "invalid hash" };
const invalidLastId = { code: "406", reason: "invalid lasteventiD parameter" };
const down = { code: "503", reason: "unavailable" };

describe("stream recovery", () => {
  it("registers anew in registration-less mode when the stream session is invalid", () => {
    expect(streamRecovery(invalidHash401, true)).toBe("register-anew");
    expect(streamRecovery(invalidHash406, true)).toBe("register-anew");
    expect(streamRecovery(invalidLastId, true)).toBe("register-anew");
  });

  it("signs out otherwise when the token is unknown", () => {
    expect(streamRecovery(invalidHash401, false)).toBe("sign-out");
  });

  it("starts over from the stream's beginning when its last event id is unknown", () => {
    expect(streamRecovery(invalidLastId, false)).toBe("start-over");
  });

  it("reports other refusals", () => {
    expect(streamRecovery(down, false)).toBe("report");
    expect(streamRecovery(down, true)).toBe("report");
    expect(streamRecovery(invalidHash406, false)).toBe("report");
  });
});
