import { useEffect, useEffectEvent, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "../../components/base-map.css";
import type { OpsMapForm, OpsStationPlace } from "@wegmarke/protocol";

/*
 * Leaflet is imported here, in the station map and the team map only: each is a chunk of its
 * own, loaded when it is shown.
 */

type Bounds = NonNullable<OpsMapForm["image"]>["bounds"];

type Props = {
  /** The picture's address (the draft's medium), or null for none. */
  picture: string | null;
  bounds: Bounds;
  tiles: OpsMapForm["tiles"];
  stations: OpsStationPlace[];
  label: string;
  cornerLabels: { southWest: string; northEast: string };
  onCorners: (bounds: Bounds) => void;
};

const round = (value: number) => Number(value.toFixed(6));

/**
 * The map's picture laid where its corners say, the stations as dots over it, and the two
 * corners to drag until the drawn places lie under their stations.
 */
export default function MapCorners(props: Props) {
  const { picture, bounds, tiles, stations, label, cornerLabels } = props;
  const element = useRef<HTMLDivElement>(null);
  const parts = useRef<{ overlay?: L.ImageOverlay; corners: L.Marker[] } | null>(null);
  const moved = useEffectEvent((next: Bounds) => props.onCorners(next));

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { zoomSnap: 0, zoomDelta: 0.5, maxZoom: 20 });
    map.attributionControl.setPrefix(false);
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    const overlay = picture
      ? L.imageOverlay(picture, bounds, { alt: "", opacity: 0.85 })
      : undefined;
    overlay?.addTo(map);
    for (const station of stations) {
      const dot = L.marker([station.latitude, station.longitude], {
        icon: L.divIcon({ className: "ops-map-station", iconSize: [12, 12], iconAnchor: [6, 6] }),
        keyboard: false,
        interactive: false,
      }).addTo(map);
      dot.getElement()?.setAttribute("title", station.title);
    }
    const corner = (at: L.LatLngTuple, title: string) =>
      L.marker(at, {
        draggable: true,
        title,
        alt: title,
        icon: L.divIcon({ className: "map-corner", iconSize: [18, 18], iconAnchor: [9, 9] }),
      }).addTo(map);
    const southWest = corner(bounds[0], cornerLabels.southWest);
    const northEast = corner(bounds[1], cornerLabels.northEast);
    const dragged = () => {
      const sw = southWest.getLatLng();
      const ne = northEast.getLatLng();
      moved([
        [round(sw.lat), round(sw.lng)],
        [round(ne.lat), round(ne.lng)],
      ]);
    };
    southWest.on("dragend", dragged);
    northEast.on("dragend", dragged);
    parts.current = { ...(overlay && { overlay }), corners: [southWest, northEast] };
    const frame = L.latLngBounds(bounds);
    for (const station of stations) frame.extend([station.latitude, station.longitude]);
    map.fitBounds(frame, { padding: [16, 16], animate: false });
    map.getContainer().setAttribute("aria-label", label);
    // Browsers without it (and jsdom) keep the size the map started with.
    const resized =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver(() => map.invalidateSize(false));
    resized?.observe(element.current);
    return () => {
      resized?.disconnect();
      map.remove();
      parts.current = null;
    };
    // Made anew for another picture or tiles; the corners follow the fields below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picture, tiles?.url]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    const [[south, west], [north, east]] = bounds;
    if (![south, west, north, east].every(Number.isFinite)) return;
    current.overlay?.setBounds(L.latLngBounds(bounds));
    current.corners[0]?.setLatLng(bounds[0]);
    current.corners[1]?.setLatLng(bounds[1]);
  }, [bounds]);

  return <div ref={element} className="station-map" role="region" aria-label={label} />;
}
