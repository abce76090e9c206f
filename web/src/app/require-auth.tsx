import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { accountDeletedSearch, loginPath } from "../lib/paths";
import { signedOutState } from "../session/login-state";
import { useSession } from "../session/session";
import { lazyComponent } from "../lib/lazy-component";

/** Registration-less packs only: the anonymous sign-in loads with it. */
const AutoRegister = lazyComponent(() =>
  import("./auto-register").then((module) => module.AutoRegister),
);

/**
 * Unauthenticated players go to /webapp/login?target=<current path>; in registration-less
 * mode they are registered anonymously right here instead. Right after the account was
 * deleted, the target is /webapp/?account-deleted=1, which says so (spec 4); after the server
 * ended the session (401), the login says that.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, config, accountDeleted, sessionEnded } = useSession();
  const location = useLocation();
  if (token !== null) return children;
  if (config.registrationLess) return <AutoRegister />;
  const target = accountDeleted
    ? loginPath("/", accountDeletedSearch)
    : loginPath(location.pathname, location.search);
  return <Navigate replace to={target} state={signedOutState(sessionEnded)} />;
}
