import type { WebAppConfig } from "@wegmarke/protocol";

/**
 * The browser's bar in the game's colour, and the game's icon for an iPhone's home screen
 * (Safari reads `apple-touch-icon` from the page when "Add to Home Screen" is tapped; the web
 * manifest, /webapp/manifest.webmanifest, names both for the other browsers).
 */
export function applyGameLook(config: WebAppConfig, doc: Document = document): void {
  if (config.themeColor !== undefined) {
    doc.querySelector('meta[name="theme-color"]')?.setAttribute("content", config.themeColor);
  }
  if (config.appleTouchIcon !== undefined) {
    doc.querySelector('link[rel="apple-touch-icon"]')?.setAttribute("href", config.appleTouchIcon);
  }
}
