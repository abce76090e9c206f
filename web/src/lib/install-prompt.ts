/**
 * Installing the app (issue 28): Chromium's install prompt (`beforeinstallprompt`), kept for
 * the player's tap; on an iPhone or iPad, where Safari has no prompt, "Add to Home Screen" by
 * hand, which iOS needs for notifications too.
 */

type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

/** `prompt`: the browser offers to install; `ios`: Safari, by its share menu; null: neither. */
export type InstallOffer = "prompt" | "ios" | null;

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** From the first script on: the browser fires its prompt once, early, and not again. */
export function watchInstallPrompt(target: Window = window): void {
  target.addEventListener("beforeinstallprompt", (event) => {
    // The app offers it in its menu rather than the browser's bar over the game.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener("appinstalled", () => {
    deferred = null;
    changed();
  });
}

/** Runs as an installed app (from the home screen), not in a browser tab. */
export function isStandalone(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

/** An iPhone or iPad (an iPad's Safari says it is a Mac, with a touch screen). */
function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function installOffer(): InstallOffer {
  if (isStandalone()) return null;
  if (deferred !== null) return "prompt";
  return isIos() ? "ios" : null;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; true when the player installed. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (event === null) return false;
  // A prompt can be shown once.
  deferred = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === "accepted";
}

const HINT_KEY = "wegmarke.installHint";

/** The player said "not now" to the hint to install (the menu's entry stays). */
export function installHintDeclined(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === "declined";
  } catch {
    return false;
  }
}

export function declineInstallHint(): void {
  try {
    localStorage.setItem(HINT_KEY, "declined");
  } catch {
    // Private mode: the hint comes back next time.
  }
}
