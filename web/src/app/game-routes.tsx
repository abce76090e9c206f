import type { RouteObject } from "react-router";
import type { StationView } from "@wegmarke/protocol";
import { lazyComponent } from "../lib/lazy-component";
import type { RouteHandle } from "./route-handle";
import { screenHandle } from "./route-handle";

const HomeScreen = lazyComponent(() =>
  import("../screens/home/home-screen").then((module) => module.HomeScreen),
);
const StationsScreen = lazyComponent(() =>
  import("../screens/stations/stations-screen").then((module) => module.StationsScreen),
);
const StationScreen = lazyComponent(() =>
  import("../screens/station/station-screen").then((module) => module.StationScreen),
);
const ScoreboardScreen = lazyComponent(() =>
  import("../screens/scoreboard/scoreboard-screen").then((module) => module.ScoreboardScreen),
);
const GalleryScreen = lazyComponent(() =>
  import("../screens/gallery/gallery-screen").then((module) => module.GalleryScreen),
);
const PointsScreen = lazyComponent(() =>
  import("../screens/points/points-screen").then((module) => module.PointsScreen),
);
const StoriesScreen = lazyComponent(() =>
  import("../screens/stories/stories-screen").then((module) => module.StoriesScreen),
);
const StoryScreen = lazyComponent(() =>
  import("../screens/stories/story-screen").then((module) => module.StoryScreen),
);
const OrganisersScreen = lazyComponent(() =>
  import("../screens/organisers/organisers-screen").then((module) => module.OrganisersScreen),
);
// The map and its library (Leaflet) load only here (decisions/022-map-library.md).
const NewsScreen = lazyComponent(() =>
  import("../screens/news/news-screen").then((module) => module.NewsScreen),
);
const MapScreen = lazyComponent(() =>
  import("../screens/map/map-screen").then((module) => module.MapScreen),
);

const StationCodeScreen = lazyComponent(() =>
  import("../screens/station-code/station-code-screen").then((module) => module.StationCodeScreen),
);

/**
 * Each view's slug is its route: the list at /{slug}, a station at /{slug}/{id} (spec 2). The
 * story view is "Story stations": "Stories" is the title of /stories, the footer's tab.
 */
const viewTitles: Record<StationView, [RouteHandle["titleKey"], RouteHandle["titleKey"]]> = {
  station: ["route.stations", "route.station"],
  main: ["route.main", "route.main"],
  story: ["route.storyView", "route.storyView"],
  archive: ["route.archive", "route.archive"],
  custom: ["route.custom", "route.custom"],
  email: ["route.email", "route.email"],
};

function viewRoutes(view: StationView): RouteObject[] {
  const [list, detail] = viewTitles[view];
  return [
    {
      path: view,
      element: <StationsScreen view={view} />,
      handle: screenHandle(list, StationsScreen),
    },
    {
      path: `${view}/:id`,
      element: <StationScreen view={view} />,
      handle: screenHandle(detail, StationScreen),
    },
  ];
}

/** Game views (spec 2: noTeam false): home, the views' lists and details, points, stories. */
export const gameViewRoutes: RouteObject[] = [
  { index: true, element: <HomeScreen />, handle: screenHandle("route.home", HomeScreen) },
  ...(Object.keys(viewTitles) as StationView[]).flatMap(viewRoutes),
  // The scoreboard's rows have no page of their own: /scoreboard/{id} shows the ranking too.
  {
    path: "scoreboard/:id?",
    element: <ScoreboardScreen />,
    handle: screenHandle("route.scoreboard", ScoreboardScreen),
  },
  { path: "points", element: <PointsScreen />, handle: screenHandle("route.points", PointsScreen) },
  {
    path: "gallery",
    element: <GalleryScreen />,
    handle: screenHandle("route.gallery", GalleryScreen),
  },
  {
    path: "stories",
    element: <StoriesScreen />,
    handle: screenHandle("route.stories", StoriesScreen),
  },
  {
    path: "stories/:id",
    element: <StoryScreen />,
    handle: screenHandle("route.stories", StoryScreen),
  },
  { path: "map", element: <MapScreen />, handle: screenHandle("route.map", MapScreen) },
  { path: "news", element: <NewsScreen />, handle: screenHandle("route.news", NewsScreen) },
  // The conversation with the organisers; a push of their answer opens it.
  {
    path: "organisers",
    element: <OrganisersScreen />,
    handle: screenHandle("route.organisers", OrganisersScreen),
  },
  // A station's QR link (decisions/023-station-codes.md): opens the station, then shows it.
  {
    path: "s/:code",
    element: <StationCodeScreen />,
    handle: screenHandle("route.station", StationCodeScreen),
  },
];
