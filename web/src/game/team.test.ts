import { describe, expect, it } from "vitest";
import { playerStatus } from "../test/fixtures";
import { joinedTeam, teamGate } from "./team";

const solo = playerStatus({ HasTeam: false });
const member = playerStatus({ HasTeam: true });

describe("team guard", () => {
  it("lets everybody into game views when the game has no teams", () => {
    expect(teamGate("off", solo, true)).toBe("pass");
    expect(teamGate("off", null, false)).toBe("pass");
  });

  it("lets everybody into game views when teams are optional", () => {
    expect(teamGate("optional", solo, true)).toBe("pass");
    expect(teamGate("optional", null, false)).toBe("pass");
  });

  it("sends a player without team to the team view where teams are required", () => {
    expect(teamGate("required", solo, true)).toBe("team");
  });

  it("lets team members in, also on their cached status", () => {
    expect(teamGate("required", member, true)).toBe("pass");
    expect(teamGate("required", member, false)).toBe("pass");
  });

  it("waits for the stream's status before sending anybody away", () => {
    expect(teamGate("required", null, false)).toBe("wait");
    expect(teamGate("required", solo, false)).toBe("wait");
  });
});

describe("joinedTeam", () => {
  it("is true only when a status without team is followed by one with", () => {
    expect(joinedTeam(solo, member)).toBe(true);
    expect(joinedTeam(member, member)).toBe(false);
    expect(joinedTeam(null, member)).toBe(false);
    expect(joinedTeam(solo, solo)).toBe(false);
    expect(joinedTeam(member, solo)).toBe(false);
  });
});
