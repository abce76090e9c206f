import type { StationRun } from "../../src/store/station-run-columns";

/**
 * A station run with a value in every column of station_runs (store/station-run-columns.ts);
 * a test sets what it is about. A new column gets its value here.
 */
export function stationRun(overrides: Partial<StationRun> = {}): StationRun {
  return {
    stream: "player:1",
    stationId: 1,
    status: "active",
    inkState: '{"flow":"start"}',
    awaiting: { answer: true, buttons: [{ target: "0.c-1", text: "Weiter" }] },
    points: 1,
    language: "en",
    scriptVersion: "v1",
    updatedAt: "2026-05-01T10:00:00.000Z",
    startedAt: "2026-05-01T10:00:00.000Z",
    doneAt: null,
    wrongAnswers: 2,
    hintsUsed: 1,
    cancelledAt: null,
    ...overrides,
  };
}
