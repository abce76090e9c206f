import type { Repositories } from "../store/store";
import { hashToken, newToken } from "../security/tokens";

/** Signs a player in on one more device; returns the auth token, which is shown only this once. */
export async function openSession(
  repos: Pick<Repositories, "sessions">,
  playerId: number,
  at: string,
): Promise<string> {
  const token = newToken();
  await repos.sessions.create(hashToken(token), playerId, at);
  return token;
}
