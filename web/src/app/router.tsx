import { Suspense, useEffect, useMemo } from "react";
import { matchRoutes, useLocation, useRoutes } from "react-router";
import type { RouteObject } from "react-router";
import { gameViewRoutes } from "./game-routes";
import { lazyComponent } from "../lib/lazy-component";
import { PlainLayout } from "./plain-layout";
import { RequireAuth } from "./require-auth";
import { basename } from "../lib/paths";
import type { RouteMatchHandle, ScreenHandle } from "./route-handle";
import { RouteMatchesContext, screenHandle } from "./route-handle";
import { Loading } from "../components/loading";
import { SessionLayout } from "./session-layout";
import { GameShell, RequireTeam } from "./signed-in";

// Every screen is a chunk of its own, loaded when its route is shown (docs/performance.md).
const IntroScreen = lazyComponent(() =>
  import("../screens/intro/intro-screen").then((module) => module.IntroScreen),
);
const TeamScreen = lazyComponent(() =>
  import("../screens/team/team-screen").then((module) => module.TeamScreen),
);
const EndScreen = lazyComponent(() =>
  import("../screens/end/end-screen").then((module) => module.EndScreen),
);
const PasswordScreen = lazyComponent(() =>
  import("../screens/password/password-screen").then((module) => module.PasswordScreen),
);
const DebugScreen = lazyComponent(() =>
  import("../screens/debug/debug-screen").then((module) => module.DebugScreen),
);
const HelpScreen = lazyComponent(() =>
  import("../screens/help/help-screen").then((module) => module.HelpScreen),
);
const PrivacyScreen = lazyComponent(() =>
  import("../screens/privacy/privacy-screen").then((module) => module.PrivacyScreen),
);
const LoginScreen = lazyComponent(() =>
  import("../screens/login/login-screen").then((module) => module.LoginScreen),
);
const RegisterScreen = lazyComponent(() =>
  import("../screens/register/register-screen").then((module) => module.RegisterScreen),
);
const LogoutScreen = lazyComponent(() =>
  import("../screens/login/logout-screen").then((module) => module.LogoutScreen),
);
const NotFoundScreen = lazyComponent(() =>
  import("../screens/not-found/not-found-screen").then((module) => module.NotFoundScreen),
);

/**
 * The app's routes: the base route /webapp, titled "webapp" (spec 2) for whatever below it has
 * no title of its own, and below it the screens; any other path renders the 404 screen.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    handle: screenHandle("route.webapp", undefined),
    children: [
      {
        // The signed-in game: its session, layout and team guard are one chunk (signed-in.tsx).
        element: (
          <RequireAuth>
            <GameShell />
          </RequireAuth>
        ),
        handle: screenHandle(undefined, GameShell),
        children: [
          {
            // Game views (spec 2: noTeam false): where teams are allowed, for team members only.
            element: <RequireTeam />,
            children: gameViewRoutes,
          },
          // Info views (noTeam true).
          {
            path: "intro",
            element: <IntroScreen />,
            handle: screenHandle("route.intro", IntroScreen),
          },
          {
            path: "team",
            element: <TeamScreen />,
            handle: screenHandle("route.team", TeamScreen, "allowTeams"),
          },
          { path: "end", element: <EndScreen />, handle: screenHandle("route.end", EndScreen) },
        ],
      },
      {
        // Signed in or not: a reset link works signed out, debug can set a token.
        element: <SessionLayout />,
        children: [
          {
            path: "password",
            element: <PasswordScreen />,
            handle: screenHandle("route.password", PasswordScreen),
          },
          {
            path: "debug",
            element: <DebugScreen />,
            handle: screenHandle("route.debug", DebugScreen, "debug"),
          },
          // Spec 6: help and privacy are open to anonymous visitors too.
          { path: "help", element: <HelpScreen />, handle: screenHandle("route.help", HelpScreen) },
          {
            path: "privacy",
            element: <PrivacyScreen />,
            handle: screenHandle("route.privacy", PrivacyScreen),
          },
        ],
      },
      {
        element: <PlainLayout />,
        children: [
          {
            path: "login",
            element: <LoginScreen />,
            handle: screenHandle("route.welcome", LoginScreen),
          },
          {
            path: "register",
            element: <RegisterScreen />,
            handle: screenHandle("route.register", RegisterScreen),
          },
          {
            path: "logout",
            element: <LogoutScreen />,
            handle: screenHandle("route.logout", LogoutScreen),
          },
          {
            path: "*",
            element: <NotFoundScreen />,
            handle: screenHandle("route.notFound", NotFoundScreen),
          },
        ],
      },
    ],
  },
];

/** Starts loading the screens of the routes at `location` (app path, below the basename). */
function preloadScreens(matches: readonly RouteMatchHandle[]): void {
  for (const { handle } of matches) void (handle as ScreenHandle | undefined)?.screen?.preload();
}

/**
 * At start, before config.json and the texts are there: the screens of the page's path load
 * side by side with them rather than after them.
 */
export function preloadRoute(pathname: string): void {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  preloadScreens(matches.map(({ route }) => ({ handle: route.handle })));
}

/**
 * The route of the current location, with the matched routes for the titles; the code of the
 * matched screens starts loading together, before the first of them renders.
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  const handles = useMemo(() => matches.map(({ route }) => ({ handle: route.handle })), [matches]);
  useEffect(() => preloadScreens(handles), [handles]);
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext value={handles}>
      <Suspense fallback={<Loading />}>{element}</Suspense>
    </RouteMatchesContext>
  );
}
