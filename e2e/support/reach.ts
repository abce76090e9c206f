import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

/** The sizes of small phones the app must be usable on (CSS pixels). */
export const smallPhones = [
  { width: 360, height: 640 },
  { width: 320, height: 568 },
] as const;

/**
 * Expects a control to be usable where it is: scrolled to, wholly inside the viewport, not
 * covered by anything at its middle, and clickable (Playwright's checks, without the click).
 */
export async function expectReachable(control: Locator): Promise<void> {
  const page = control.page();
  await control.scrollIntoViewIfNeeded();
  const name = (await control.innerText()).trim();
  const box = await control.boundingBox();
  const viewport = page.viewportSize();
  const inside =
    box !== null &&
    viewport !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width + 0.5 &&
    box.y + box.height <= viewport.height + 0.5;
  expect(inside, `"${name}" at ${JSON.stringify(box)} in ${JSON.stringify(viewport)}`).toBe(true);
  const onTop = await control.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    return hit === null ? "nothing" : element.contains(hit) ? "itself" : hit.outerHTML.slice(0, 80);
  });
  expect(onTop, `what lies over "${name}"`).toBe("itself");
  await control.click({ trial: true, timeout: 5_000 });
}

/** Expects every button of the open dialog to be reachable, at each small phone's size. */
export async function expectDialogUsable(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  for (const size of smallPhones) {
    await page.setViewportSize(size);
    const buttons = await dialog.getByRole("button").all();
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) await expectReachable(button);
  }
}
