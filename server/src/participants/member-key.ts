import { createHmac } from "node:crypto";

/**
 * A team member's key in the team of `stream`, the same on every instance while the team and
 * the secret last, another in another team: derived from the server's secret, so it names no
 * account. Positions and the echoes of answers carry it.
 */
export function memberKey(secret: Buffer, stream: string, playerId: number): string {
  return createHmac("sha256", secret)
    .update(`team-member\0${stream}\0${playerId}`)
    .digest("base64url")
    .slice(0, 12);
}
