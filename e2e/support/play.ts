import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

/** The texts of the buttons the helpers press, in the player's language. */
export type PlayLabels = { participate: string; start: string; confirmStart: string };

export const germanLabels: PlayLabels = {
  participate: "Kostenlos mitmachen",
  start: "Station starten",
  confirmStart: "Ja, starten",
};

const isPath = (path: string) => (url: URL) =>
  url.pathname.replace(/\/$/, "") === path.replace(/\/$/, "");

/**
 * Opens `path` as a new visitor, who is sent to the login screen, participates for free and
 * comes back to `path`.
 */
export async function joinForFree(page: Page, path: string, labels = germanLabels): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/webapp\/login\?target=/);
  await page.getByRole("button", { name: labels.participate }).click();
  await page.waitForURL(isPath(path));
}

/**
 * Starts the station of the open detail view, confirming the question. A list has start
 * buttons of its own; after a link from it the detail view may render a moment after the URL
 * changed, so this waits until the detail view's button is the only one.
 */
export async function startStation(page: Page, labels = germanLabels): Promise<void> {
  const start = page.getByRole("button", { name: labels.start });
  await start.first().waitFor();
  await expect.poll(() => start.count()).toBe(1);
  await start.click();
  await page.getByRole("dialog").getByRole("button", { name: labels.confirmStart }).click();
}

/** The chat messages of one sender ("user" for the player's own). */
export function messagesFrom(page: Page, originator: string): Locator {
  return page.locator(`[data-testid="message"][data-originator="${originator}"]`);
}

/** Lets entry animations and transitions (at most 0.3 s) finish before a screenshot. */
export function settle(page: Page): Promise<void> {
  return page.waitForTimeout(400);
}
