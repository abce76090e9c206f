/** The address of a local media file below the assets base. */
export function assetUrl(assetsBase: string, path: string): string {
  const base = assetsBase.endsWith("/") ? assetsBase : `${assetsBase}/`;
  return `${base}${path.trim().replace(/^\/+/, "")}`;
}
