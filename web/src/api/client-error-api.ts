import type { ClientErrorReport } from "@wegmarke/protocol";
import { besideGame, endpoint } from "./endpoint";

/** Code of the app that did not arrive (offline, a new release removed the old chunk). */
export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|importing a module script failed|chunkloaderror|failed to fetch/i.test(
    message,
  );
}

/**
 * Tells the server what broke (`POST /api/client/errors`, the app's path only); code that did
 * not load counts as `chunk` whatever broke. Nothing is lost when the report fails too.
 */
export function reportClientError(
  gameBase: string,
  error: unknown,
  kind: Exclude<ClientErrorReport["kind"], "chunk">,
): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const report: ClientErrorReport = {
    kind: isChunkError(error) ? "chunk" : kind,
    message: message.slice(0, 1000),
    path: location.pathname.slice(0, 300),
  };
  void fetch(endpoint(besideGame(gameBase, "client"), "errors"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}
