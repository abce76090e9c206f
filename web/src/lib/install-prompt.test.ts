import { afterEach, describe, expect, it, vi } from "vitest";
import {
  installOffer,
  promptInstall,
  subscribeInstallOffer,
  watchInstallPrompt,
} from "./install-prompt";

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Chromium's install prompt, as a page receives it. */
function installPrompt(outcome: "accepted" | "dismissed") {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  return Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
}

describe("installing the app", () => {
  it("offers nothing in a browser that has no prompt and is no iPhone's", () => {
    expect(installOffer()).toBeNull();
  });

  it("keeps the browser's prompt for the player's tap, shows it once and says the outcome", async () => {
    const target = new EventTarget() as Window;
    watchInstallPrompt(target);
    const heard = vi.fn();
    const stop = subscribeInstallOffer(heard);
    const event = installPrompt("accepted");
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installOffer()).toBe("prompt");
    expect(heard).toHaveBeenCalledTimes(1);

    expect(await promptInstall()).toBe(true);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(installOffer()).toBeNull();
    expect(await promptInstall()).toBe(false);
    stop();
  });

  it("forgets the prompt once the app is installed", () => {
    const target = new EventTarget() as Window;
    watchInstallPrompt(target);
    target.dispatchEvent(installPrompt("dismissed"));
    expect(installOffer()).toBe("prompt");
    target.dispatchEvent(new Event("appinstalled"));
    expect(installOffer()).toBeNull();
  });

  it("shows an iPhone the way to its home screen, unless the game runs from there", () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(iPhone);
    expect(installOffer()).toBe("ios");
    Object.defineProperty(navigator, "standalone", { configurable: true, value: true });
    expect(installOffer()).toBeNull();
    Reflect.deleteProperty(navigator, "standalone");
  });
});
