import type { UIMatch } from "react-router";
import type { WebAppConfig } from "@wegmarke/protocol";
import type { en } from "../i18n/en";

/** Each route names its title (spec 2: every route has a title), one of the `route` texts. */
export type RouteHandle = {
  titleKey: `route.${keyof typeof en.route}`;
  /** The pack setting the route needs; without it the route is the 404 page, title included. */
  enabledBy?: "debug" | "allowTeams";
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && "titleKey" in handle;
}

/**
 * The title key of the deepest matched route that has one: a route without a title of its own
 * shows its parent's, up to the base route's "webapp".
 */
export function routeTitleKey(
  matches: readonly Pick<UIMatch, "handle">[],
  config: WebAppConfig,
): RouteHandle["titleKey"] {
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  if (handle?.enabledBy !== undefined && !config[handle.enabledBy]) return "route.notFound";
  return handle?.titleKey ?? "route.webapp";
}
