import { describe, expect, it } from "vitest";
import { OptinTokens } from "./optin-tokens";

function clockAt(ms: number) {
  const clock = { ms, now: () => new Date(clock.ms) };
  return clock;
}

describe("OptinTokens", () => {
  it("issues tokens of its realm that work once", () => {
    const tokens = new OptinTokens("marburg", clockAt(0));
    const token = tokens.issue();
    expect(token.realm).toBe("marburg");
    expect(token.id).toMatch(/^[0-9a-f]{32}$/);
    expect(tokens.consume(token)).toBe(true);
    expect(tokens.consume(token)).toBe(false);
  });

  it("refuses unknown ids and other realms", () => {
    const tokens = new OptinTokens("marburg", clockAt(0));
    const { id } = tokens.issue();
    expect(tokens.consume({ realm: "marburg", id: "nope" })).toBe(false);
    expect(tokens.consume({ realm: "berlin", id })).toBe(false);
  });

  it("forgets tokens after ten minutes", () => {
    const clock = clockAt(0);
    const tokens = new OptinTokens("marburg", clock);
    const early = tokens.issue();
    const late = tokens.issue();
    clock.ms = 10 * 60 * 1000 - 1;
    expect(tokens.consume(late)).toBe(true);
    clock.ms = 10 * 60 * 1000;
    expect(tokens.consume(early)).toBe(false);
  });
});
