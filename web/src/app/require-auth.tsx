import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { loginPath } from "./paths";
import { useSession } from "./session";

/** Unauthenticated players go to /webapp/login?target=<current path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (token === null)
    return <Navigate replace to={loginPath(location.pathname, location.search)} />;
  return children;
}
