import { describe, expect, it, vi } from "vitest";
import { isAccountDeleted, loginPath, loginTarget } from "./paths";

describe("route guard paths", () => {
  it("unauthenticated players go to login with the current path as target", () => {
    expect(loginPath("/station/2", "")).toBe("/login?target=%2Fwebapp%2Fstation%2F2");
    expect(loginPath("/", "")).toBe("/login?target=%2Fwebapp%2F");
  });

  it("after login they go to the target", () => {
    expect(loginTarget("/webapp/station/2")).toBe("/station/2");
    expect(loginTarget("/webapp/station?x=1")).toBe("/station?x=1");
  });

  it("without a usable target they go to /webapp/", () => {
    expect(loginTarget(null)).toBe("/");
    expect(loginTarget("/webapp")).toBe("/");
    expect(loginTarget("https://evil.example/webapp/")).toBe("/");
    expect(loginTarget("/webapp//evil.example")).toBe("/");
    expect(loginTarget("/webappx/station")).toBe("/");
    expect(loginTarget("/webapp/login?target=/webapp/")).toBe("/");
  });
});

describe("account deleted", () => {
  it("leaves for the root of the game's address: the site's, or another game's prefix", async () => {
    const at = async (url: string) => {
      window.history.replaceState(null, "", url);
      vi.resetModules();
      return (await import("./paths")).accountDeletedUrl;
    };
    try {
      expect(await at("/webapp/end")).toBe("/?account-deleted=1");
      expect(await at("/g/hafen/webapp/end")).toBe("/g/hafen/?account-deleted=1");
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("is told by the query or by the login target's query", () => {
    expect(isAccountDeleted(new URLSearchParams("account-deleted=1"))).toBe(true);
    const viaLogin = new URLSearchParams(loginPath("/", "?account-deleted=1").split("?")[1]);
    expect(isAccountDeleted(viaLogin)).toBe(true);
    expect(isAccountDeleted(new URLSearchParams("target=%2Fwebapp%2Fstation"))).toBe(false);
    expect(isAccountDeleted(new URLSearchParams(""))).toBe(false);
  });
});
