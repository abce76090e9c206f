/**
 * The app icon's badge (spec 2): the count of unread messages, cleared at 0. Where the Badging
 * API is missing nothing happens; a failure is only logged (spec 8).
 */
export async function setAppBadge(count: number, nav: Navigator = navigator): Promise<void> {
  try {
    if (!("setAppBadge" in nav)) return;
    if (count > 0) await nav.setAppBadge(count);
    else await nav.clearAppBadge();
  } catch (error) {
    console.warn("could not set the app badge", error);
  }
}
