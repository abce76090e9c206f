// No imports: the screens' error boundaries and the push switch use these in the first load.

/** Joins a base ("/api/game/") and a path ("station/activate"). */
export function endpoint(base: string, path: string): string {
  return `${base.endsWith("/") ? base : `${base}/`}${path}`;
}

/** A base beside the game's, by its name (`/api/game/` → `/api/push/`). */
export function besideGame(gameBase: string, name: string): string {
  return gameBase.replace(/game\/?$/, `${name}/`);
}
