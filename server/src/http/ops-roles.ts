import type { OpsRole } from "@wegmarke/protocol";

/**
 * The calls that need a role besides being an operator (docs/security.md#operators): making
 * the game is the authors', running it the hosts' (the export holds the players' data).
 */
export const roleOfCall = new Map<string, OpsRole>([
  ["POST /api/ops/content/reload", "author"],
  ["POST /api/ops/pack/import", "author"],
  ["POST /api/ops/pack/versions/:id/release", "author"],
  ["GET /api/ops/pack/draft", "author"],
  ["DELETE /api/ops/pack/draft", "author"],
  ["GET /api/ops/pack/draft/file", "author"],
  ["PUT /api/ops/pack/draft/file", "author"],
  ["DELETE /api/ops/pack/draft/file", "author"],
  ["GET /api/ops/pack/draft/station", "author"],
  ["PUT /api/ops/pack/draft/station", "author"],
  ["POST /api/ops/pack/draft/stations", "author"],
  ["GET /api/ops/pack/draft/story", "author"],
  ["PUT /api/ops/pack/draft/story", "author"],
  ["GET /api/ops/pack/draft/game", "author"],
  ["PUT /api/ops/pack/draft/game", "author"],
  ["GET /api/ops/pack/draft/texts", "author"],
  ["GET /api/ops/pack/draft/map", "author"],
  ["PUT /api/ops/pack/draft/map", "author"],
  ["GET /api/ops/pack/draft/media", "author"],
  ["GET /api/ops/pack/draft/places", "author"],
  ["PUT /api/ops/pack/draft/texts", "author"],
  ["POST /api/ops/pack/draft/compile", "author"],
  ["PUT /api/ops/pack/draft/media", "author"],
  ["POST /api/ops/pack/draft/check", "author"],
  ["POST /api/ops/pack/draft/publish", "author"],
  ["POST /api/ops/pack/draft/preview", "author"],
  ["POST /api/ops/news", "host"],
  ["DELETE /api/ops/news/:id", "host"],
  ["POST /api/ops/players/:playerId/stations/:stationId/cancel", "host"],
  ["GET /api/ops/export.csv", "host"],
  ["GET /api/ops/submissions", "host"],
  ["GET /api/ops/submissions/export.zip", "host"],
  ["POST /api/ops/submissions/:id/verdict", "host"],
]);
