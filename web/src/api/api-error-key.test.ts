import { describe, expect, it } from "vitest";
import { apiErrorKey } from "./api-error-key";

describe("apiErrorKey", () => {
  it("maps catalogue codes to their own text", () => {
    expect(apiErrorKey("430")).toBe("apiError.430");
  });

  it("maps codes without a text of their own to the general error", () => {
    expect(apiErrorKey("500")).toBe("apiError.000");
    expect(apiErrorKey("000", "missing or invalid input: Answer")).toBe("apiError.000");
  });

  it("tells a call that reached no server by its own text", () => {
    expect(apiErrorKey("000", "network unreachable")).toBe("apiError.offline");
  });

  it("says why the game refused a station, a story or an answer", () => {
    expect(apiErrorKey("404", "station unavailable")).toBe("apiError.stationUnavailable");
    expect(apiErrorKey("409", "station done")).toBe("apiError.stationDone");
    expect(apiErrorKey("409", "station closed")).toBe("apiError.stationClosed");
    expect(apiErrorKey("404", "story unavailable")).toBe("apiError.storyUnavailable");
    expect(apiErrorKey("409", "story locked")).toBe("apiError.storyLocked");
    expect(apiErrorKey("409", "no answer expected")).toBe("apiError.notExpected");
    expect(apiErrorKey("409", "unknown button")).toBe("apiError.notExpected");
  });

  it("says that the game has not started yet, or is over, for whatever the clock refused", () => {
    expect(apiErrorKey("409", "game not started")).toBe("apiError.gameNotStarted");
    expect(apiErrorKey("409", "game over")).toBe("apiError.gameOver");
  });

  it("says why a password change was refused, not that a login failed", () => {
    expect(apiErrorKey("400", "current password required")).toBe("apiError.currentPasswordNeeded");
    expect(apiErrorKey("430", "wrong current password")).toBe("apiError.wrongPassword");
    expect(apiErrorKey("400", "password too common")).toBe("apiError.commonPassword");
    expect(apiErrorKey("429", "too many attempts")).toBe("apiError.tooMany");
    expect(apiErrorKey("430", "login failed")).toBe("apiError.430");
  });
});
