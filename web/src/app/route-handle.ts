import type { UIMatch } from "react-router";

/** Each route names its title (spec 2: every route has a title). */
export type RouteHandle = {
  titleKey:
    | "route.webapp"
    | "route.notFound"
    | "route.home"
    | "route.stations"
    | "route.station"
    | "route.welcome";
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && "titleKey" in handle;
}

/** The title key of the deepest matched route that has one. */
export function routeTitleKey(matches: UIMatch[]): RouteHandle["titleKey"] {
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  return handle?.titleKey ?? "route.webapp";
}
