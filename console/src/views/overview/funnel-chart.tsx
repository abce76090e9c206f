import { useId, useRef } from "react";
import type { OpsStationStats } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { useWidth } from "../../lib/use-width";
import { BAR_HEIGHT, BAR_TOP, funnelLayout, segmentKinds, TITLE_BASELINE } from "./funnel-layout";
import type { SegmentKind } from "./funnel-layout";

const legend: Record<SegmentKind, TextKey> = {
  done: "funnel.done",
  running: "funnel.running",
  idle: "funnel.idle",
  cancelled: "funnel.stopped",
};

/** The funnel as bars in plain SVG, drawn at the width it has (text stays at its size). */
export function FunnelChart({ stations }: { stations: OpsStationStats[] }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 600);
  const id = useId();
  const { height, barWidth, rows } = funnelLayout(stations, width);
  const description = [
    t("funnel.chartDescription"),
    ...stations.map(({ title, activated, done, running, idle, cancelled }) =>
      t("funnel.chartRow", { title, activated, done, running, idle, cancelled }),
    ),
  ].join(" ");
  return (
    <figure className="chart">
      <div ref={box} className="chart__box">
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        >
          <title id={`${id}-title`}>{t("funnel.chartTitle")}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {rows.map((row) => (
            <g key={row.station.id} transform={`translate(0 ${row.y})`}>
              <text className="chart__title" x={0} y={TITLE_BASELINE}>
                {row.station.title}
              </text>
              <rect
                className="chart__track"
                x={0}
                y={BAR_TOP}
                width={barWidth}
                height={BAR_HEIGHT}
                rx={3}
              />
              {row.segments.map((segment) => (
                <rect
                  key={segment.kind}
                  className={`chart__bar chart__bar--${segment.kind}`}
                  x={segment.x}
                  y={BAR_TOP}
                  width={segment.width}
                  height={BAR_HEIGHT}
                />
              ))}
              <text className="chart__count" x={barWidth + 8} y={BAR_TOP + BAR_HEIGHT - 3}>
                {row.station.activated}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <figcaption>
        <ul className="legend">
          {segmentKinds.map((kind) => (
            <li key={kind}>
              <span className={`legend__swatch chart__bar--${kind}`} aria-hidden="true" />
              {t(legend[kind])}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
