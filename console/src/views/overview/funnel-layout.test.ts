import { describe, expect, it } from "vitest";
import { station } from "../../test/fixtures";
import { COUNT_ROOM, funnelLayout, ROW_HEIGHT } from "./funnel-layout";

describe("the funnel chart's geometry", () => {
  it("gives the station started most the whole bar, the others their share", () => {
    const { rows, barWidth, height } = funnelLayout(
      [
        station({ id: 1, activated: 10, done: 5, running: 3, cancelled: 2 }),
        station({ id: 2, activated: 5, done: 1, running: 4 }),
      ],
      348,
    );
    expect(barWidth).toBe(348 - COUNT_ROOM);
    expect(height).toBe(2 * ROW_HEIGHT);
    const [first, second] = rows;
    expect(first?.segments).toEqual([
      { kind: "done", x: 0, width: 150 },
      { kind: "running", x: 150, width: 90 },
      { kind: "cancelled", x: 240, width: 60 },
    ]);
    expect(second?.y).toBe(ROW_HEIGHT);
    // Half as many started: half the bar; nobody cancelled: no segment of nothing.
    expect(second?.segments).toEqual([
      { kind: "done", x: 0, width: 30 },
      { kind: "running", x: 30, width: 120 },
    ]);
  });

  it("draws empty rows before anyone started, and fits a sum above the started count", () => {
    expect(funnelLayout([station()], 300).rows[0]?.segments).toEqual([]);
    const odd = funnelLayout([station({ activated: 2, done: 2, running: 2 })], 248).rows[0];
    expect(odd?.segments.at(-1)).toEqual({ kind: "running", x: 100, width: 100 });
  });

  it("draws the idle apart, and as cancelled only those who did not start again", () => {
    // 10 started: 4 done, 2 running, 1 idle; 5 ever cancelled, of whom 2 started again.
    const [row] = funnelLayout(
      [station({ activated: 10, done: 4, running: 2, idle: 1, cancelled: 5 })],
      148,
    ).rows;
    expect(row?.segments).toEqual([
      { kind: "done", x: 0, width: 40 },
      { kind: "running", x: 40, width: 20 },
      { kind: "idle", x: 60, width: 10 },
      { kind: "cancelled", x: 70, width: 30 },
    ]);
  });

  it("has no room to draw in at a width below the counts' room", () => {
    const { barWidth, rows } = funnelLayout([station({ activated: 3, done: 3 })], 20);
    expect(barWidth).toBe(0);
    expect(rows[0]?.segments).toEqual([]);
  });
});
