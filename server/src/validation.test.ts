import { opsStationSave, stationRequest } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { formatIssues } from "./validation";

function reasonFor(value: unknown): string {
  const result = stationRequest.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  return formatIssues(result.error);
}

describe("formatIssues", () => {
  it("names each failing field", () => {
    expect(reasonFor({ StationID: "x", Hash: 1 })).toBe(
      "StationID: expected number, received string; Hash: expected string, received number",
    );
  });

  it("says required for a missing field and body for the whole value", () => {
    expect(reasonFor({ StationID: 1 })).toBe("Hash: required");
    expect(reasonFor("text")).toBe("body: expected object, received string");
  });

  it("counts the issues beyond a reason a person reads", () => {
    const result = opsStationSave.safeParse({ folder: "stations/1-a", form: {}, replaces: "" });
    if (result.success) throw new Error("expected a failure");
    const reason = formatIssues(result.error);
    expect(reason).toMatch(/^form\.name: required; form\.character: required; .*; and \d+ more$/);
    expect(reason.length).toBeLessThan(500);
  });
});
