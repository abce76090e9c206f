import { createBrowserRouter } from "react-router";
import type { RouteObject } from "react-router";
import { basename } from "../lib/paths";
import { DebugScreen } from "../screens/debug/debug-screen";
import { EndScreen } from "../screens/end/end-screen";
import { HelpScreen } from "../screens/help/help-screen";
import { IntroScreen } from "../screens/intro/intro-screen";
import { LoginScreen } from "../screens/login/login-screen";
import { LogoutScreen } from "../screens/login/logout-screen";
import { NotFoundScreen } from "../screens/not-found/not-found-screen";
import { PasswordScreen } from "../screens/password/password-screen";
import { PrivacyScreen } from "../screens/privacy/privacy-screen";
import { RegisterScreen } from "../screens/register/register-screen";
import { TeamScreen } from "../screens/team/team-screen";
import { gameViewRoutes } from "./game-routes";
import { GameSession } from "./game-session";
import { AppLayout, PlainLayout } from "./layout";
import { RequireAuth } from "./require-auth";
import { RequireTeam } from "./require-team";
import type { RouteHandle } from "./route-handle";
import { SessionLayout } from "./session-layout";

const handle = (
  titleKey: RouteHandle["titleKey"],
  enabledBy?: RouteHandle["enabledBy"],
): RouteHandle => (enabledBy === undefined ? { titleKey } : { titleKey, enabledBy });

/**
 * The app's routes: the base route /webapp, titled "webapp" (spec 2) for whatever below it has
 * no title of its own, and below it the screens; any other path renders the 404 screen.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    handle: handle("route.webapp"),
    children: [
      {
        element: (
          <RequireAuth>
            <GameSession>
              <AppLayout />
            </GameSession>
          </RequireAuth>
        ),
        children: [
          {
            // Game views (spec 2: noTeam false): where teams are allowed, for team members only.
            element: <RequireTeam />,
            children: gameViewRoutes,
          },
          // Info views (noTeam true).
          { path: "intro", element: <IntroScreen />, handle: handle("route.intro") },
          { path: "team", element: <TeamScreen />, handle: handle("route.team", "allowTeams") },
          { path: "end", element: <EndScreen />, handle: handle("route.end") },
        ],
      },
      {
        // Signed in or not: a reset link works signed out, debug can set a token.
        element: <SessionLayout />,
        children: [
          { path: "password", element: <PasswordScreen />, handle: handle("route.password") },
          { path: "debug", element: <DebugScreen />, handle: handle("route.debug", "debug") },
          // Spec 6: help and privacy are open to anonymous visitors too.
          { path: "help", element: <HelpScreen />, handle: handle("route.help") },
          { path: "privacy", element: <PrivacyScreen />, handle: handle("route.privacy") },
        ],
      },
      {
        element: <PlainLayout />,
        children: [
          { path: "login", element: <LoginScreen />, handle: handle("route.welcome") },
          { path: "register", element: <RegisterScreen />, handle: handle("route.register") },
          { path: "logout", element: <LogoutScreen />, handle: handle("route.logout") },
          { path: "*", element: <NotFoundScreen />, handle: handle("route.notFound") },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
