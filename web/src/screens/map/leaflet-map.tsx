import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapContent } from "@wegmarke/protocol";
import type { MapStation } from "../../game/map-stations";
import { stationBounds } from "../../game/map-stations";
import { assetUrl } from "../../lib/asset-url";
import type { Position } from "../../lib/distance";
import type { Teammate } from "../../session/teammates";

/*
 * Leaflet and its CSS are imported here only: this module is part of the map screen's chunk,
 * never of the initial load (decisions/022-map-library.md).
 */

type LeafletMapProps = {
  map: MapContent;
  assetsBase: string;
  stations: readonly MapStation[];
  /** Team members who share their position (never the player). */
  teammates: readonly Teammate[];
  position: Position | null;
  selected: number | null;
  /** The accessible name of a station's marker. */
  labelOf(station: MapStation): string;
  labels: {
    map: string;
    you: string;
    accuracy(metres: number): string;
    teammate(teammate: Teammate): string;
  };
  /** The letter on a teammate's marker. */
  initialOf(name: string): string;
  onSelect(id: number): void;
  /** Called with a function that centres the map on the player, once the map exists. */
  onCentre?(centre: () => void): void;
};

const markerSymbols: Record<MapStation["state"], string> = { new: "", running: "▶", done: "✓" };

/** The base map (image over tiles), a marker per station and the player's position. */
export function LeafletMap({
  map: base,
  assetsBase,
  stations,
  teammates,
  position,
  selected,
  labelOf,
  labels,
  initialOf,
  onSelect,
  onCentre,
}: LeafletMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const you = useRef<L.LayerGroup | null>(null);
  const mates = useRef<L.LayerGroup | null>(null);
  const positionRef = useRef(position);
  useEffect(() => {
    positionRef.current = position;
  }, [position]);
  // The first stations and position frame the map when the pack gives no image bounds.
  const firstFrame = useRef(stationBounds(stations, position));

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { zoomSnap: 0, zoomDelta: 0.5, attributionControl: true });
    map.attributionControl.setPrefix(false);
    if (base.tiles) {
      L.tileLayer(base.tiles.url, {
        attribution: base.tiles.attribution,
        maxZoom: base.tiles.maxZoom ?? 19,
      }).addTo(map);
    }
    const image = base.image;
    if (image) {
      L.imageOverlay(assetUrl(assetsBase, image.path), image.bounds, { alt: "" }).addTo(map);
    }
    const stationsFrame = firstFrame.current;
    /** Frames the map to the container's size: the first time, and as the screen resizes. */
    let framed = false;
    const frame = () => {
      map.invalidateSize(false);
      const { x, y } = map.getSize();
      if (x === 0 || y === 0) return;
      if (image) {
        // The picture fills the screen (a tall phone sees all of its height) and is the whole
        // map: the player cannot scroll off it, nor zoom out beyond it without tiles below.
        const bounds = L.latLngBounds(image.bounds);
        const cover = map.getBoundsZoom(bounds, true);
        if (!base.tiles) map.setMinZoom(cover);
        if (!framed) {
          const centre = stationsFrame
            ? L.latLngBounds(stationsFrame).getCenter()
            : bounds.getCenter();
          map.setView(centre, cover, { animate: false });
        }
      } else if (!framed) {
        if (stationsFrame) map.fitBounds(stationsFrame, { padding: [40, 40], maxZoom: 18 });
        else map.setView([0, 0], 2);
      }
      framed = true;
    };
    if (image) {
      map.setMaxBounds(L.latLngBounds(image.bounds));
      map.options.maxBoundsViscosity = 1;
    }
    const resized = new ResizeObserver(frame);
    resized.observe(element.current);
    frame();
    map.getContainer().setAttribute("aria-label", labels.map);
    mates.current = L.layerGroup().addTo(map);
    markers.current = L.layerGroup().addTo(map);
    you.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    onCentre?.(() => {
      const here = positionRef.current;
      if (here) map.panTo([here.latitude, here.longitude]);
    });
    return () => {
      resized.disconnect();
      map.remove();
      mapRef.current = null;
    };
    // The base map is made once per pack map; labels change with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base, assetsBase]);

  useEffect(() => {
    const group = markers.current;
    if (!group) return;
    group.clearLayers();
    for (const item of stations) {
      const { station, state, id } = item;
      const label = labelOf(item);
      const marker = L.marker([station.Latitude, station.Longitude], {
        icon: L.divIcon({
          className: `map-marker map-marker--${state}${id === selected ? " map-marker--selected" : ""}`,
          html: `<span class="map-marker__dot" aria-hidden="true">${markerSymbols[state]}</span>`,
          iconSize: [36, 36],
          iconAnchor: [18, 18],
        }),
        keyboard: true,
        title: label,
        alt: label,
        riseOnHover: true,
        zIndexOffset: id === selected ? 1000 : state === "running" ? 500 : 0,
      });
      marker.on("click", () => onSelect(id));
      marker.addTo(group);
      const icon = marker.getElement();
      icon?.setAttribute("aria-label", label);
      icon?.setAttribute("data-testid", `map-marker-${id}`);
      icon?.setAttribute("data-state", state);
    }
  }, [stations, selected, labelOf, onSelect]);

  useEffect(() => {
    const group = you.current;
    if (!group) return;
    group.clearLayers();
    if (!position) return;
    const here: L.LatLngExpression = [position.latitude, position.longitude];
    if (position.accuracy !== undefined && position.accuracy > 0) {
      L.circle(here, {
        radius: position.accuracy,
        className: "map-you__accuracy",
        interactive: false,
      }).addTo(group);
    }
    const dot = L.marker(here, {
      icon: L.divIcon({ className: "map-you", iconSize: [16, 16], iconAnchor: [8, 8] }),
      keyboard: false,
      interactive: false,
      zIndexOffset: 2000,
    }).addTo(group);
    const text =
      position.accuracy === undefined
        ? labels.you
        : `${labels.you}, ${labels.accuracy(Math.round(position.accuracy))}`;
    dot.getElement()?.setAttribute("aria-label", text);
    dot.getElement()?.setAttribute("role", "img");
    dot.getElement()?.setAttribute("data-testid", "map-you");
  }, [position, labels]);

  useEffect(() => {
    const group = mates.current;
    if (!group) return;
    group.clearLayers();
    for (const teammate of teammates) {
      const label = labels.teammate(teammate);
      const marker = L.marker([teammate.latitude, teammate.longitude], {
        icon: L.divIcon({
          className: "map-mate",
          html: `<span class="map-mate__dot" aria-hidden="true"></span>`,
          iconSize: [30, 30],
          iconAnchor: [15, 15],
        }),
        keyboard: false,
        interactive: false,
        zIndexOffset: 1500,
      }).addTo(group);
      const icon = marker.getElement();
      // Set as text, never as HTML: the name is the teammate's own.
      const dot = icon?.querySelector(".map-mate__dot");
      if (dot) dot.textContent = initialOf(teammate.name);
      icon?.setAttribute("role", "img");
      icon?.setAttribute("aria-label", label);
      icon?.setAttribute("title", label);
      icon?.setAttribute("data-testid", `map-mate-${teammate.member}`);
      icon?.setAttribute("data-latitude", String(teammate.latitude));
      icon?.setAttribute("data-longitude", String(teammate.longitude));
    }
  }, [teammates, labels, initialOf]);

  return <div ref={element} className="leaflet-host" />;
}
