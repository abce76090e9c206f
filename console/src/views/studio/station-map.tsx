import { useEffect, useEffectEvent, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapContent, OpsStationPlace, Point } from "@wegmarke/protocol";
import { gameMap } from "../../components/base-map";

/*
 * Leaflet is imported here, in the team map and components/base-map.ts only: lazy chunks, loaded when an
 * author opens a station's form or an operator the map.
 */

type Props = {
  /** The draft's map (game.yaml `map:`), its picture loaded from `pictureUrl`. */
  base: MapContent | null;
  pictureUrl: (path: string) => string;
  place: Point;
  others: OpsStationPlace[];
  label: string;
  markerLabel: string;
  onMove: (latitude: number, longitude: number) => void;
};

const round = (value: number) => Number(value.toFixed(6));

/** The game's map with the other stations as dots and this one's marker to drag. */
export default function StationMap(props: Props) {
  const { base, pictureUrl, place, others, label, markerLabel, onMove } = props;
  const element = useRef<HTMLDivElement>(null);
  const marker = useRef<L.Marker | null>(null);
  const shown = useRef<L.Map | null>(null);
  const moved = useEffectEvent((latitude: number, longitude: number) =>
    onMove(latitude, longitude),
  );

  useEffect(() => {
    if (!element.current) return;
    const map = gameMap(element.current, { map: base, assetsBase: "", stations: [] }, pictureUrl);
    const image = base?.image;
    for (const other of others) {
      const dot = L.marker([other.latitude, other.longitude], {
        icon: L.divIcon({ className: "ops-map-station", iconSize: [12, 12], iconAnchor: [6, 6] }),
        keyboard: false,
        interactive: false,
      }).addTo(map);
      dot.getElement()?.setAttribute("title", other.title);
    }
    const points = others.map((o): L.LatLngTuple => [o.latitude, o.longitude]);
    const frame = image ? L.latLngBounds(image.bounds) : L.latLngBounds(points);
    if (frame.isValid()) map.fitBounds(frame, { padding: [8, 8], animate: false });
    else map.setView([place.latitude, place.longitude], 15);
    const own = L.marker([place.latitude, place.longitude], {
      draggable: true,
      autoPan: true,
      title: markerLabel,
      alt: markerLabel,
      icon: L.divIcon({ className: "station-marker", iconSize: [28, 28], iconAnchor: [14, 28] }),
    }).addTo(map);
    own.on("dragend", () => {
      const { lat, lng } = own.getLatLng();
      moved(round(lat), round(lng));
    });
    // A click on the map puts the station there, for those who cannot drag.
    map.on("click", (event: L.LeafletMouseEvent) => {
      own.setLatLng(event.latlng);
      moved(round(event.latlng.lat), round(event.latlng.lng));
    });
    marker.current = own;
    shown.current = map;
    map.getContainer().setAttribute("aria-label", label);
    const resized = new ResizeObserver(() => map.invalidateSize(false));
    resized.observe(element.current);
    return () => {
      resized.disconnect();
      map.remove();
      marker.current = null;
      shown.current = null;
    };
    // The map is made once; the marker follows the fields below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);

  useEffect(() => {
    const own = marker.current;
    if (!own || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) return;
    const at = own.getLatLng();
    if (at.lat !== place.latitude || at.lng !== place.longitude) {
      own.setLatLng([place.latitude, place.longitude]);
      // A place typed or found elsewhere comes into view.
      const map = shown.current;
      if (map && !map.getBounds().contains(own.getLatLng())) {
        map.setView(own.getLatLng(), Math.max(map.getZoom(), 16), { animate: false });
      }
    }
  }, [place.latitude, place.longitude]);

  return <div ref={element} className="station-map" role="region" aria-label={label} />;
}
