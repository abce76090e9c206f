import { useSession } from "../session/session";
import { GameSession } from "./game-session";
import { AppLayout, PlainLayout } from "./layout";

/** For screens open to everybody: the game's layout when signed in, else the plain one. */
export function SessionLayout() {
  const { token } = useSession();
  if (token === null) return <PlainLayout />;
  return (
    <GameSession>
      <AppLayout />
    </GameSession>
  );
}
