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

  it("otherwise offers a reload that leads to the login when the token is unknown", () => {
    expect(streamRecovery(invalidHash401, false)).toBe("reload-signed-out");
    expect(streamRecovery({ code: "401", reason: "" }, false)).toBe("reload-signed-out");
    expect(streamRecovery(invalidHash406, false)).toBe("reload-signed-out");
  });

  it("offers a reload from the stream's beginning when its last event id is unknown", () => {
    expect(streamRecovery(invalidLastId, false)).toBe("reload-from-start");
  });

  it("offers a reload of the page for other refusals", () => {
    expect(streamRecovery(down, false)).toBe("reload");
    expect(streamRecovery(down, true)).toBe("reload");
  });
});
