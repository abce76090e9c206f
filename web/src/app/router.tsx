import { createBrowserRouter } from "react-router";
import type { RouteObject } from "react-router";
import { HomeScreen } from "../screens/home/home-screen";
import { LoginScreen } from "../screens/login/login-screen";
import { NotFoundScreen } from "../screens/not-found/not-found-screen";
import { StationScreen } from "../screens/station/station-screen";
import { StationsScreen } from "../screens/stations/stations-screen";
import { GameSession } from "./game-session";
import { AppLayout, PlainLayout } from "./layout";
import { basename } from "./paths";
import { RequireAuth } from "./require-auth";
import type { RouteHandle } from "./route-handle";

const handle = (titleKey: RouteHandle["titleKey"]): RouteHandle => ({ titleKey });

/** The app's routes below /webapp; any other path renders the 404 screen. */
export const routes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <GameSession>
          <AppLayout />
        </GameSession>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomeScreen />, handle: handle("route.home") },
      { path: "station", element: <StationsScreen />, handle: handle("route.stations") },
      { path: "station/:id", element: <StationScreen />, handle: handle("route.station") },
    ],
  },
  {
    element: <PlainLayout />,
    children: [
      { path: "login", element: <LoginScreen />, handle: handle("route.welcome") },
      { path: "*", element: <NotFoundScreen />, handle: handle("route.notFound") },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
