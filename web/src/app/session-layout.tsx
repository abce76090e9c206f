import { useSession } from "../session/session";
import { PlainLayout } from "./plain-layout";
import { GameShell } from "./signed-in";

/** For screens open to everybody: the game's layout when signed in, else the plain one. */
export function SessionLayout() {
  const { token } = useSession();
  if (token === null) return <PlainLayout />;
  return <GameShell />;
}
