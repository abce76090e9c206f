import { describe, expect, it } from "vitest";
import { stationRun } from "../../../test/support/station-runs";
import { testPack } from "../../../test/support/test-pack";
import type { Station } from "../../content/model";
import type { StepResult } from "../../engine/types";
import type { EventDraft } from "../../events/event-log";
import { scriptVersion } from "../scripts/script-version";
import { startOutcome } from "./start";
import type { Start } from "./start";

const AT = "2026-05-01T10:00:00.000Z";

const station: Station = {
  id: 4,
  name: "station-4",
  character: { de: "Lena" },
  latitude: 50.8,
  longitude: 8.77,
  points: 3,
  group: "Oberstadt",
  view: "station",
  style: "game-station",
  visible: true,
  live: true,
  texts: { de: { title: "Station 4", desc: "" } },
  scripts: { de: "{}" },
  dir: "/pack/stations/4",
  reminder: { afterMs: 60_000, text: { de: "Noch da?" } },
};

const pack = testPack({ stations: [station] });

const question: StepResult = {
  state: '{"at":"question"}',
  messages: [{ kind: "text", from: "Lena", text: "Wer kräht?" }],
  awaiting: { answer: true, buttons: [] },
  done: false,
  points: 0,
  accepted: true,
};

function start(changes: Partial<Start>): Start {
  return {
    pack,
    stream: "player:1",
    at: AT,
    station,
    language: "de",
    result: question,
    origin: { restart: false },
    state: { currentStation: 0, currentStory: 0, runs: [], doneStories: [], hasTeam: false },
    earlier: undefined,
    before: [],
    ...changes,
  };
}

const types = (events: EventDraft[]) => events.map((event) => event.type);
const statuses = (events: EventDraft[]) =>
  events.flatMap((event) => (event.type === "playerstatus" ? [event.data] : []));

describe("startOutcome", () => {
  it("starts a run that becomes current, keeping the time of an earlier cancellation", () => {
    const earlier = stationRun({ stationId: 4, status: "cancelled", cancelledAt: AT });
    const outcome = startOutcome(start({ earlier }));
    expect(outcome.runs).toEqual([
      {
        stream: "player:1",
        stationId: 4,
        status: "active",
        inkState: '{"at":"question"}',
        awaiting: { answer: true, buttons: [] },
        points: 0,
        language: "de",
        scriptVersion: scriptVersion(station, "de"),
        updatedAt: AT,
        startedAt: AT,
        doneAt: null,
        wrongAnswers: 0,
        hintsUsed: 0,
        cancelledAt: AT,
      },
    ]);
    expect(outcome.currentStation).toBe(4);
    expect(types(outcome.events)).toEqual(["playerstatus", "webtext", "answer-expected"]);
    expect(statuses(outcome.events)[0]).toMatchObject({ CurrentStation: 4, ActiveStations: [4] });
    // The station waits for the player: its reminder is due a minute later.
    expect(outcome.agenda).toEqual([
      { stationId: 4, kind: "reminder", dueAt: "2026-05-01T10:01:00.000Z", payload: null },
    ]);
    expect(outcome.scored).toBeUndefined();
  });

  it("finishes a script that ends at once: done, no longer current, scored", () => {
    const result = { ...question, done: true, points: 2, awaiting: { answer: false, buttons: [] } };
    const outcome = startOutcome(start({ result }));
    expect(outcome.runs[0]).toMatchObject({ status: "done", points: 2, doneAt: AT });
    expect(outcome.currentStation).toBe(0);
    expect(outcome.scored).toBe(true);
    expect(outcome.agenda).toEqual([]);
    expect(statuses(outcome.events).map((s) => [s.CurrentStation, s.TotalPoints])).toEqual([
      [4, 0],
      [0, 2],
    ]);
  });

  it("restarts a run: its start, wrong answers and hints stay, the status and current station too", () => {
    const notice: EventDraft = { type: "answer-expected", data: { StationID: 4 } };
    const outcome = startOutcome(
      start({
        origin: {
          restart: true,
          startedAt: "2026-05-01T09:00:00.000Z",
          wrongAnswers: 2,
          hintsUsed: 3,
        },
        before: [notice],
      }),
    );
    expect(outcome.runs[0]).toMatchObject({
      startedAt: "2026-05-01T09:00:00.000Z",
      wrongAnswers: 2,
      hintsUsed: 3,
      updatedAt: AT,
    });
    expect(outcome.currentStation).toBeUndefined();
    expect(outcome.events[0]).toBe(notice);
    expect(types(outcome.events)).toEqual(["answer-expected", "webtext", "answer-expected"]);
  });
});
