import { fullImageWidth, imageWidths, resizedImage } from "@wegmarke/protocol";

/** The address of a local media file below the assets base. */
export function assetUrl(assetsBase: string, path: string): string {
  const base = assetsBase.endsWith("/") ? assetsBase : `${assetsBase}/`;
  return `${base}${path.trim().replace(/^\/+/, "")}`;
}

/** The app's column: a picture is never shown wider (base.css `--max-width`). */
export const PAGE_WIDTH = "(min-width: 480px) 480px, 100vw";

/**
 * An `<img>`'s `src`, and for a photo the smaller widths the server makes (`?w=480`) as
 * `srcSet` with `sizes`, how wide it is shown: the browser loads no more than the screen needs.
 */
export function imageSources(
  assetsBase: string,
  path: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const src = assetUrl(assetsBase, path);
  if (!resizedImage.test(path.trim())) return { src };
  const smaller = imageWidths.map((width) => `${src}?w=${width} ${width}w`);
  return { src, srcSet: [...smaller, `${src} ${fullImageWidth}w`].join(", "), sizes };
}
