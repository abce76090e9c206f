import { GameSession } from "./game-session";
import { AppLayout } from "./layout";

export { RequireTeam } from "./require-team";

/** The signed-in player's game and its layout: header, menu, the screen, footer. */
export function GameShell() {
  return (
    <GameSession>
      <AppLayout />
    </GameSession>
  );
}
