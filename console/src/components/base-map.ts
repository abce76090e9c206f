import L from "leaflet";
import type { OpsMap } from "@wegmarke/protocol";
import "./base-map.css";

/**
 * A Leaflet map in `element` with the game's base map: its tiles, and its picture laid over
 * them at its corners, loaded from `pictureUrl` (by default below the map's assets base).
 * Imported by the lazy map chunks only (the team map, a station's form).
 */
export function gameMap(
  element: HTMLElement,
  base: OpsMap,
  pictureUrl = (path: string) => `${base.assetsBase.replace(/\/?$/, "/")}${path}`,
): L.Map {
  const content = base.map;
  const maxZoom = content?.tiles?.maxZoom ?? 19;
  const map = L.map(element, { zoomSnap: 0, zoomDelta: 0.5, maxZoom });
  map.attributionControl.setPrefix(false);
  if (content?.tiles) {
    L.tileLayer(content.tiles.url, { attribution: content.tiles.attribution, maxZoom }).addTo(map);
  }
  const image = content?.image;
  if (image) {
    L.imageOverlay(pictureUrl(image.path), image.bounds, { alt: "" }).addTo(map);
  }
  return map;
}
