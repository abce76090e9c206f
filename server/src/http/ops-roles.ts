import { OpsReason } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import { ServiceError } from "../errors";
import type { OpsCaller } from "../operator-accounts/operator-service";

const AUTHOR: readonly OpsRole[] = ["author"];
const HOST: readonly OpsRole[] = ["host"];
const EITHER: readonly OpsRole[] = ["host", "author"];

/**
 * The calls that need a role besides being an operator, each with the roles that open it (one
 * of them suffices; docs/security.md#operators). Making the game is the authors': the drafts
 * and the versions' sources (their zips and changes hold the scripts with their answers and
 * what was never released). Running it is the hosts': news, cancelling, judging, and the
 * players' personal data (the player list with phone numbers, the CSV export, the
 * submissions). Either role reads the audit log and prints the QR posters (a code opens its
 * station without the walk). A viewer (neither role, a sponsor or a teacher watching) sees the
 * overview, the live map and activity, the news and the versions' list.
 */
const roleOfCall = new Map<string, readonly OpsRole[]>([
  ["POST /api/ops/content/reload", AUTHOR],
  ["POST /api/ops/pack/import", AUTHOR],
  ["POST /api/ops/pack/versions/:id/release", AUTHOR],
  ["GET /api/ops/pack/versions/:id/zip", AUTHOR],
  ["GET /api/ops/pack/versions/:id/changes", AUTHOR],
  ["GET /api/ops/pack/draft", AUTHOR],
  ["DELETE /api/ops/pack/draft", AUTHOR],
  ["GET /api/ops/pack/draft/file", AUTHOR],
  ["PUT /api/ops/pack/draft/file", AUTHOR],
  ["DELETE /api/ops/pack/draft/file", AUTHOR],
  ["GET /api/ops/pack/draft/station", AUTHOR],
  ["PUT /api/ops/pack/draft/station", AUTHOR],
  ["POST /api/ops/pack/draft/stations", AUTHOR],
  ["GET /api/ops/pack/draft/story", AUTHOR],
  ["PUT /api/ops/pack/draft/story", AUTHOR],
  ["GET /api/ops/pack/draft/game", AUTHOR],
  ["PUT /api/ops/pack/draft/game", AUTHOR],
  ["GET /api/ops/pack/draft/texts", AUTHOR],
  ["GET /api/ops/pack/draft/map", AUTHOR],
  ["PUT /api/ops/pack/draft/map", AUTHOR],
  ["GET /api/ops/pack/draft/media", AUTHOR],
  ["GET /api/ops/pack/draft/places", AUTHOR],
  ["PUT /api/ops/pack/draft/texts", AUTHOR],
  ["POST /api/ops/pack/draft/compile", AUTHOR],
  ["PUT /api/ops/pack/draft/media", AUTHOR],
  ["POST /api/ops/pack/draft/check", AUTHOR],
  ["POST /api/ops/pack/draft/publish", AUTHOR],
  ["POST /api/ops/pack/draft/preview", AUTHOR],
  ["POST /api/ops/news", HOST],
  ["DELETE /api/ops/news/:id", HOST],
  ["GET /api/ops/players", HOST],
  ["POST /api/ops/players/:playerId/stations/:stationId/cancel", HOST],
  ["GET /api/ops/export.csv", HOST],
  ["GET /api/ops/submissions", HOST],
  ["GET /api/ops/submissions/export.zip", HOST],
  ["POST /api/ops/submissions/:id/verdict", HOST],
  ["GET /api/ops/audit", EITHER],
  ["GET /api/ops/stations/posters.pdf", EITHER],
]);

/**
 * 403 when `call` (`METHOD /route`) needs a role and the caller has none of those that open it;
 * the token has every role. A HEAD runs its GET's handler, and needs the same.
 */
export function assertCallRole(caller: OpsCaller, call: string): void {
  const roles = roleOfCall.get(call.replace(/^HEAD /, "GET "));
  if (roles === undefined || caller.via === "token") return;
  if (roles.some((role) => caller.roles.includes(role))) return;
  const [only, ...more] = roles;
  const reason =
    more.length > 0
      ? OpsReason.roleRequired
      : only === "author"
        ? OpsReason.authorRequired
        : OpsReason.hostRequired;
  throw new ServiceError(403, reason);
}
