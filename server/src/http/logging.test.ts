import { describe, expect, it } from "vitest";
import { redactUrl } from "./logging";

describe("redactUrl", () => {
  it("hides the token of the events query, whatever its case or position", () => {
    expect(redactUrl("/api/game/events?hash=abc&lasteventid=4")).toBe(
      "/api/game/events?hash=[redacted]&lasteventid=4",
    );
    expect(redactUrl("/api/game/events?lasteventid=4&Hash=abc")).toBe(
      "/api/game/events?lasteventid=4&Hash=[redacted]",
    );
    expect(redactUrl("/x?%68ash=abc")).toBe("/x?%68ash=[redacted]");
    expect(redactUrl("/api/game/events?hash[]=abc&hash%5B0%5D=def")).toBe(
      "/api/game/events?hash[]=[redacted]&hash%5B0%5D=[redacted]",
    );
  });

  it("hides invitation codes and reset tokens", () => {
    expect(redactUrl("/api/game/team/join?hash=a&tjr=ABCDEF23")).toBe(
      "/api/game/team/join?hash=[redacted]&tjr=[redacted]",
    );
    expect(redactUrl("/webapp/password?token=abc")).toBe("/webapp/password?token=[redacted]");
  });

  it("leaves other URLs alone", () => {
    expect(redactUrl("/webapp/station/1")).toBe("/webapp/station/1");
    expect(redactUrl("/x?hashtag=1&a=%E0")).toBe("/x?hashtag=1&a=%E0");
  });
});
