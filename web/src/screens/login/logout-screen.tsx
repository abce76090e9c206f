import { useEffect } from "react";
import { Navigate } from "react-router";
import { useSession } from "../../session/session";

/**
 * /webapp/logout (spec 2): signs out and shows the login. Registration-less mode has no
 * logout (the player could never come back to the game), so there it only goes home.
 */
export function LogoutScreen() {
  const { config, token, signOut } = useSession();
  const signsOut = token !== null && !config.registrationLess;

  useEffect(() => {
    if (signsOut) signOut();
  }, [signsOut, signOut]);

  if (signsOut) return null;
  return <Navigate replace to={config.registrationLess ? "/" : "/login"} />;
}
