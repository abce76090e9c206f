import { createContext, useContext } from "react";
import type { WebAppConfig } from "@wegmarke/protocol";
import type { en } from "../i18n/en";

/** Each route names its title (spec 2: every route has a title), one of the `route` texts. */
export type RouteHandle = {
  titleKey: `route.${keyof typeof en.route}`;
  /** The pack setting the route needs; without it the route is the 404 page, title included. */
  enabledBy?: "debug" | "allowTeams";
};

/**
 * A route's handle: its title, the setting that enables it, and the screen to start loading as
 * soon as the route matches (the chunks of a nested route's screens load side by side).
 */
export type ScreenHandle = Partial<RouteHandle> & { screen?: Preloadable };

type Preloadable = { preload(): Promise<unknown> };

export const screenHandle = (
  titleKey: RouteHandle["titleKey"] | undefined,
  screen: Preloadable | undefined,
  enabledBy?: RouteHandle["enabledBy"],
): ScreenHandle => ({
  ...(titleKey === undefined ? {} : { titleKey }),
  ...(screen === undefined ? {} : { screen }),
  ...(enabledBy === undefined ? {} : { enabledBy }),
});

/** A matched route, as far as its title is concerned. */
export type RouteMatchHandle = { handle?: unknown };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && "titleKey" in handle;
}

/**
 * The title key of the deepest matched route that has one: a route without a title of its own
 * shows its parent's, up to the base route's "webapp".
 */
export function routeTitleKey(
  matches: readonly RouteMatchHandle[],
  config: WebAppConfig,
): RouteHandle["titleKey"] {
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  if (handle?.enabledBy !== undefined && !config[handle.enabledBy]) return "route.notFound";
  return handle?.titleKey ?? "route.webapp";
}

/** The routes matched at the current location, from the base route down (app/router.tsx). */
export const RouteMatchesContext = createContext<readonly RouteMatchHandle[]>([]);

/** The current route's title key. */
export function useRouteTitleKey(config: WebAppConfig): RouteHandle["titleKey"] {
  return routeTitleKey(useContext(RouteMatchesContext), config);
}
