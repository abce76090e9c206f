import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

/** The sizes of small phones the app must be usable on (CSS pixels). */
export const smallPhones = [
  { width: 360, height: 640 },
  { width: 320, height: 568 },
] as const;

/**
 * Expects a control to be usable where it is: scrolled to, wholly inside the viewport, not
 * covered by anything at its middle (of its first line, when it wraps), and clickable
 * (Playwright's checks, without the click).
 */
export async function expectReachable(control: Locator): Promise<void> {
  const page = control.page();
  const name = (await control.innerText()).trim();
  // A page that still scrolls (a chat moving to its end) may carry the control away once:
  // the check is made again, a few times, until the control stays put where it was scrolled.
  let seen = { inside: false, where: "", onTop: "" };
  for (let attempt = 0; attempt < 10; attempt++) {
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    const viewport = page.viewportSize();
    const inside =
      box !== null &&
      viewport !== null &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= viewport.width + 0.5 &&
      box.y + box.height <= viewport.height + 0.5;
    const onTop = await control.evaluate((element) => {
      // A link that wraps is hit on its first line.
      const { x, y, width, height } =
        element.getClientRects()[0] ?? element.getBoundingClientRect();
      const hit = document.elementFromPoint(x + width / 2, y + height / 2);
      return hit === null
        ? "nothing"
        : element.contains(hit)
          ? "itself"
          : hit.outerHTML.slice(0, 80);
    });
    seen = { inside, where: `${JSON.stringify(box)} in ${JSON.stringify(viewport)}`, onTop };
    if (inside && onTop === "itself") break;
    await page.waitForTimeout(200);
  }
  expect(seen.inside, `"${name}" at ${seen.where}`).toBe(true);
  expect(seen.onTop, `what lies over "${name}"`).toBe("itself");
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

/**
 * The controls a screen shows: in its header, main area and footer, visible and enabled (a map's
 * own controls too, not its markers, nor what only a screen reader reads).
 */
async function shownControls(page: Page): Promise<Locator[]> {
  const controls = page.locator(
    ":is(.app-header, .app-main, .footer-nav) :is(a[href], button, summary, input:not([type=hidden]), select, textarea)",
  );
  const shown: Locator[] = [];
  for (const control of await controls.all()) {
    const usable = await control.evaluate((element) => {
      const { width, height } = element.getBoundingClientRect();
      const disabled = element.matches(":disabled, [aria-disabled='true']");
      // A map's markers come into view by moving the map; a screen reader's own links never do.
      if (element.closest(".leaflet-pane, .visually-hidden") !== null) return false;
      return (
        element.checkVisibility({ visibilityProperty: true }) &&
        width > 2 &&
        height > 2 &&
        !disabled
      );
    });
    if (usable) shown.push(control);
  }
  return shown;
}

/**
 * Where the header or the footer lies over the main area's content: at the page's top and at
 * its end, the first and last of the main area's parts stay clear of them.
 */
function barsOverContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const page = document.scrollingElement ?? document.documentElement;
    const header = document.querySelector(".app-header")?.getBoundingClientRect();
    const parts = Array.from(document.querySelector(".app-main")?.children ?? []).filter(
      (part) => part.getBoundingClientRect().height > 0,
    );
    page.scrollTo({ top: 0, behavior: "instant" });
    const first = parts[0]?.getBoundingClientRect();
    if (header && first && first.top < header.bottom - 0.5) {
      problems.push(`the header (to ${header.bottom}) over the content (from ${first.top})`);
    }
    page.scrollTo({ top: page.scrollHeight, behavior: "instant" });
    const footer = document.querySelector(".footer-nav")?.getBoundingClientRect();
    const last = parts.at(-1)?.getBoundingClientRect();
    if (footer && last && last.bottom > footer.top + 0.5) {
      problems.push(`the footer (from ${footer.top}) over the content (to ${last.bottom})`);
    }
    page.scrollTo({ top: 0, behavior: "instant" });
    return problems;
  });
}

/**
 * Expects the open screen to be usable at the viewport's size: nothing wider than the screen,
 * each of its controls reachable, and the header and footer clear of the content.
 */
export async function expectScreenFits(page: Page): Promise<void> {
  const where = new URL(page.url()).pathname;
  const { width, viewport } = await page.evaluate(() => ({
    width: (document.scrollingElement ?? document.documentElement).scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(width, `the width of ${where}`).toBeLessThanOrEqual(viewport);
  const controls = await shownControls(page);
  expect(controls.length, `controls of ${where}`).toBeGreaterThan(0);
  for (const control of controls) await expectReachable(control);
  expect(await barsOverContent(page), where).toEqual([]);
}
