import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { testConfig } from "../test/render-app";
import { routeTitleKey } from "./route-handle";
import { routes } from "./router";

/** The handles of the routes matched at `path`, from the base route down. */
function matchedAt(path: string) {
  return (matchRoutes(routes, path) ?? []).map(({ route }) => ({ handle: route.handle }));
}

describe("route titles", () => {
  it("the base route /webapp is titled webapp, and a route below it without a title shows that", () => {
    const base = matchedAt("/");
    expect(routeTitleKey(base.slice(0, 1), testConfig)).toBe("route.webapp");
    expect(routeTitleKey([...base.slice(0, 1), { handle: undefined }], testConfig)).toBe(
      "route.webapp",
    );
    expect(routeTitleKey(base, testConfig)).toBe("route.home");
    expect(routeTitleKey(matchedAt("/story/9"), testConfig)).toBe("route.storyView");
  });

  it("a route the pack does not enable is titled as the 404 page", () => {
    expect(routeTitleKey(matchedAt("/debug"), testConfig)).toBe("route.notFound");
    expect(routeTitleKey(matchedAt("/debug"), { ...testConfig, debug: true })).toBe("route.debug");
  });
});
