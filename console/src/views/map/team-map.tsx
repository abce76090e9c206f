import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./team-map.css";
import type { OpsMap } from "@wegmarke/protocol";
import { gameMap } from "../../components/base-map";

/*
 * Leaflet and its CSS are imported by the map chunks only (this one, components/base-map.ts
 * and a station's form): loaded when an operator opens the map, never with the rest of the
 * console.
 */

/** A team member on the map. */
export type MemberMarker = {
  key: string;
  teamId: number;
  /** The letter on the marker: the team's initial. */
  initial: string;
  latitude: number;
  longitude: number;
  /** The marker's accessible name: member, team, age. */
  label: string;
};

type Props = {
  base: OpsMap;
  members: readonly MemberMarker[];
  labels: { map: string; station(title: string): string };
};

/** Teams get one of these colours by their id (`team-marker--c0` … `--c5`). */
const TEAM_COLOURS = 6;

/** The pack's base map (picture over tiles), its stations as small dots, the members on top. */
export default function TeamMap({ base, members, labels }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const { stations } = base;
    const map = gameMap(element.current, base);
    const image = base.map?.image;
    const points = stations.map((s): L.LatLngTuple => [s.latitude, s.longitude]);
    const frame = image ? L.latLngBounds(image.bounds) : L.latLngBounds(points);
    const fit = () => {
      map.invalidateSize(false);
      if (frame.isValid()) map.fitBounds(frame, { padding: [8, 8], animate: false });
      else map.setView([0, 0], 2);
    };
    fit();
    const resized = new ResizeObserver(fit);
    resized.observe(element.current);
    for (const station of stations) {
      const label = labels.station(station.title);
      const marker = L.marker([station.latitude, station.longitude], {
        icon: L.divIcon({ className: "ops-map-station", iconSize: [12, 12], iconAnchor: [6, 6] }),
        keyboard: false,
        interactive: false,
      }).addTo(map);
      marker.getElement()?.setAttribute("role", "img");
      marker.getElement()?.setAttribute("aria-label", label);
      marker.getElement()?.setAttribute("title", label);
    }
    map.getContainer().setAttribute("aria-label", labels.map);
    layer.current = L.layerGroup().addTo(map);
    return () => {
      resized.disconnect();
      map.remove();
      layer.current = null;
    };
    // The base map is made once per map answer; labels change with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const member of members) {
      const marker = L.marker([member.latitude, member.longitude], {
        icon: L.divIcon({
          className: `team-marker team-marker--c${member.teamId % TEAM_COLOURS}`,
          html: '<span class="team-marker__dot" aria-hidden="true"></span>',
          iconSize: [28, 28],
          iconAnchor: [14, 14],
        }),
        keyboard: false,
        interactive: false,
        zIndexOffset: 1000,
      }).addTo(group);
      const icon = marker.getElement();
      // Set as text, never as HTML: names are the players' own.
      const dot = icon?.querySelector(".team-marker__dot");
      if (dot) dot.textContent = member.initial;
      icon?.setAttribute("role", "img");
      icon?.setAttribute("aria-label", member.label);
      icon?.setAttribute("title", member.label);
      icon?.setAttribute("data-testid", "ops-map-member");
      icon?.setAttribute("data-latitude", String(member.latitude));
      icon?.setAttribute("data-longitude", String(member.longitude));
    }
  }, [members, base]);

  return <div ref={element} className="ops-map" />;
}
