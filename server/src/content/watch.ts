import { watch } from "node:fs";

/** How long the folder must stay quiet after a change: an editor saves in several writes. */
const QUIET_MS = 300;

/**
 * Calls `changed` once the files below `dir` changed and then stayed untouched for a moment
 * (for `npm run dev`, where a saved script reloads the pack). Stops with the process.
 */
export function watchContent(dir: string, changed: () => void): void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(changed, QUIET_MS);
  });
  watcher.unref();
}
