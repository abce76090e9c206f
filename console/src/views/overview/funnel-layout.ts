import type { OpsStationStats } from "@wegmarke/protocol";

/** `cancelled`: those who cancelled and did not start again (the table counts every one). */
export const segmentKinds = ["done", "running", "idle", "cancelled"] as const;
export type SegmentKind = (typeof segmentKinds)[number];

export type Segment = { kind: SegmentKind; x: number; width: number };

export type BarRow = {
  station: OpsStationStats;
  /** Top of the row. */
  y: number;
  segments: Segment[];
};

/** A row: the title's line, then the bar. */
export const ROW_HEIGHT = 48;
export const TITLE_BASELINE = 15;
export const BAR_TOP = 22;
export const BAR_HEIGHT = 16;
/** Room right of the bars for the counts. */
export const COUNT_ROOM = 48;

/** The participants of a segment: a station's stopped ones are those in no other. */
function segmentCount(station: OpsStationStats, kind: SegmentKind): number {
  if (kind !== "cancelled") return station[kind];
  return Math.max(0, station.activated - station.done - station.running - station.idle);
}

/**
 * The funnel chart's geometry at `width` pixels: one row per station, its bar as long as the
 * participants who started it (the station started most fills the width but the counts' room),
 * split into done, running, idle and cancelled (without those who started again). Segments of
 * nothing are left out.
 */
export function funnelLayout(
  stations: OpsStationStats[],
  width: number,
): { height: number; barWidth: number; rows: BarRow[] } {
  const barWidth = Math.max(0, width - COUNT_ROOM);
  const total = (s: OpsStationStats) => Math.max(s.activated, s.done + s.running + s.idle);
  const most = Math.max(1, ...stations.map(total));
  const scale = barWidth / most;
  const rows = stations.map((station, index): BarRow => {
    let x = 0;
    const segments: Segment[] = [];
    for (const kind of segmentKinds) {
      const length = segmentCount(station, kind) * scale;
      if (length > 0) segments.push({ kind, x, width: length });
      x += length;
    }
    return { station, y: index * ROW_HEIGHT, segments };
  });
  return { height: stations.length * ROW_HEIGHT, barWidth, rows };
}
