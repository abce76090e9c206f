import type { RouteObject } from "react-router";
import type { StationView } from "@wegmarke/protocol";
import { HomeScreen } from "../screens/home/home-screen";
import { PointsScreen } from "../screens/points/points-screen";
import { ScoreboardScreen } from "../screens/scoreboard/scoreboard-screen";
import { StationScreen } from "../screens/station/station-screen";
import { StationsScreen } from "../screens/stations/stations-screen";
import { StoriesScreen } from "../screens/stories/stories-screen";
import { StoryScreen } from "../screens/stories/story-screen";
import type { RouteHandle } from "./route-handle";

const handle = (titleKey: RouteHandle["titleKey"]): RouteHandle => ({ titleKey });

/** Each view's slug is its route: the list at /{slug}, a station at /{slug}/{id} (spec 2). */
const viewTitles: Record<StationView, [RouteHandle["titleKey"], RouteHandle["titleKey"]]> = {
  station: ["route.stations", "route.station"],
  main: ["route.main", "route.main"],
  story: ["route.stories", "route.stories"],
  archive: ["route.archive", "route.archive"],
  custom: ["route.custom", "route.custom"],
  email: ["route.email", "route.email"],
};

function viewRoutes(view: StationView): RouteObject[] {
  const [list, detail] = viewTitles[view];
  return [
    { path: view, element: <StationsScreen view={view} />, handle: handle(list) },
    { path: `${view}/:id`, element: <StationScreen view={view} />, handle: handle(detail) },
  ];
}

/** Game views (spec 2: noTeam false): home, the views' lists and details, points, stories. */
export const gameViewRoutes: RouteObject[] = [
  { index: true, element: <HomeScreen />, handle: handle("route.home") },
  ...(Object.keys(viewTitles) as StationView[]).flatMap(viewRoutes),
  // The scoreboard's rows have no page of their own: /scoreboard/{id} shows the ranking too.
  { path: "scoreboard/:id?", element: <ScoreboardScreen />, handle: handle("route.scoreboard") },
  { path: "points", element: <PointsScreen />, handle: handle("route.points") },
  { path: "stories", element: <StoriesScreen />, handle: handle("route.stories") },
  { path: "stories/:id", element: <StoryScreen />, handle: handle("route.stories") },
];
