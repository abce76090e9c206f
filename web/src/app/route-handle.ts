import type { UIMatch } from "react-router";
import type { en } from "../i18n/en";

/** Each route names its title (spec 2: every route has a title), one of the `route` texts. */
export type RouteHandle = {
  titleKey: `route.${keyof typeof en.route}`;
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && "titleKey" in handle;
}

/** The title key of the deepest matched route that has one. */
export function routeTitleKey(matches: UIMatch[]): RouteHandle["titleKey"] {
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  return handle?.titleKey ?? "route.webapp";
}
