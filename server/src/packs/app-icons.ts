import { stat } from "node:fs/promises";
import type { AppIconName } from "../content/web-manifest";

/** Icons kept in memory: a few kB each, four of a pack's one icon. */
const KEPT = 32;
/** A maskable icon's picture fills this share of it: launchers cut its edges to their shape. */
const SAFE_ZONE = 0.8;

/**
 * The pack's `app.icon` (game.yaml) as a phone installs it: square PNGs of 192 and 512 pixels,
 * a maskable one with the picture inside the safe zone on the background colour, and Apple's
 * 180-pixel home screen icon on that colour (iOS shows transparency as black). Made with sharp
 * when first asked and kept in memory, by the picture's identity: a new version of the pack
 * with another icon makes new ones.
 */
export class AppIcons {
  private readonly made = new Map<string, Promise<Buffer>>();

  async icon(original: string, name: AppIconName, background: string): Promise<Buffer> {
    const { size, mtimeMs, ino } = await stat(original);
    const key = [original, ino, size, mtimeMs, name, background].join("\0");
    const known = this.made.get(key);
    if (known) return known;
    const making = make(original, name, background);
    if (this.made.size >= KEPT) this.made.clear();
    this.made.set(key, making);
    // A picture sharp cannot read is asked for again next time (the pack may be fixed).
    making.catch(() => this.made.delete(key));
    return making;
  }
}

async function make(original: string, name: AppIconName, background: string): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const square = (pixels: number) =>
    sharp(original).rotate().resize({ width: pixels, height: pixels, fit: "cover" });
  switch (name) {
    case "icon-192.png":
      return square(192).png().toBuffer();
    case "icon-512.png":
      return square(512).png().toBuffer();
    case "apple-touch-icon.png":
      return square(180).flatten({ background }).png().toBuffer();
    case "icon-maskable-512.png": {
      const inner = Math.round(512 * SAFE_ZONE);
      const edge = (512 - inner) / 2;
      const picture = await square(inner).png().toBuffer();
      return sharp(picture)
        .extend({ top: edge, bottom: edge, left: edge, right: edge, background })
        .flatten({ background })
        .png()
        .toBuffer();
    }
  }
}
