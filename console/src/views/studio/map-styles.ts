/**
 * Map styles an author picks by name for the game's map tiles, each with the attribution its
 * provider asks for; an expert may type any other tile address instead. All are free to use
 * for a game's modest traffic under their providers' terms.
 */
export type MapStyle = { id: string; name: string; url: string; attribution: string };

export const MAP_STYLES: MapStyle[] = [
  {
    id: "osm",
    name: "OpenStreetMap",
    url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    attribution: "© OpenStreetMap contributors",
  },
  {
    id: "carto-voyager",
    name: "CARTO Voyager",
    url: "https://{s}.basemaps.cartocdn.com/rastertiles/voyager/{z}/{x}/{y}.png",
    attribution: "© OpenStreetMap contributors © CARTO",
  },
  {
    id: "carto-positron",
    name: "CARTO Positron",
    url: "https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}.png",
    attribution: "© OpenStreetMap contributors © CARTO",
  },
  {
    id: "opentopomap",
    name: "OpenTopoMap",
    url: "https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png",
    attribution: "© OpenStreetMap contributors, SRTM · © OpenTopoMap (CC-BY-SA)",
  },
  {
    id: "osm-hot",
    name: "Humanitarian OpenStreetMap",
    url: "https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png",
    attribution: "© OpenStreetMap contributors · Humanitarian OpenStreetMap Team, OSM France",
  },
];

/** The style a tile address is, or undefined for an address of the author's own. */
export const styleOf = (url: string | undefined): MapStyle | undefined =>
  MAP_STYLES.find((style) => style.url === url);
