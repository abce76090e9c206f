import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";

const axeScript = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** The rules about contrast and names: every control, link, field and picture says what it is. */
const RULES = new Set([
  "color-contrast",
  "label",
  "button-name",
  "link-name",
  "image-alt",
  "input-button-name",
  "input-image-alt",
  "select-name",
  "svg-img-alt",
  "role-img-alt",
]);

/** aria-command-name, aria-input-field-name, aria-progressbar-name, aria-dialog-name, ... */
const ARIA_NAME = /^aria-[a-z-]+-name$/;

/**
 * Runs axe-core (WCAG 2 A and AA) over the page as it is and returns the violations of contrast
 * and names, each as its rule, what it says and the elements concerned: none is the goal.
 */
export async function contrastAndNameViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP refuses a script tag, as it should.
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.evaluate(await readFile(axeScript, "utf8"));
  }
  const results = await page.evaluate(() => {
    const { axe } = window as unknown as {
      axe: { run(options: object): Promise<AxeResults> };
    };
    return axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
  });
  return results.violations
    .filter((violation) => RULES.has(violation.id) || ARIA_NAME.test(violation.id))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id}: ${node.target.join(" ")}: ${node.failureSummary ?? violation.help}`,
      ),
    );
}
