import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stationRun } from "../../../test/support/station-runs";
import { createInProcessBus } from "../../events/bus";
import type { Store } from "../../store/store";
import type { StationRun } from "../../store/station-run-columns";
import type { EventDraft } from "../../events/event-log";
import { Turns } from "./turns";
import type { GameOutcome, StepTurn } from "./turns";
import { storeDatabases } from "../../../test/support/store-databases";
import type { FreshStore } from "../../../test/support/store-databases";

const AT = new Date("2026-05-01T10:00:00.000Z");
const STREAM = "player:1";

/** A character's line. */
function webtext(stationId: number, text: string, at: string): EventDraft {
  return {
    type: "webtext",
    data: { StationID: stationId, Originator: "Lena", Text: text, Timestamp: at },
  };
}

/** A station started as activation does: its run, the stream at it, one line. */
function started(run: StationRun): GameOutcome {
  const line = webtext(run.stationId, "Hallo", AT.toISOString());
  return { runs: [run], currentStation: run.stationId, events: [line], agenda: [] };
}

/** An answer's turn at station 1 on what the answer path reads: one line more. */
async function answered(at: string, state: StepTurn["state"]): Promise<StepTurn> {
  const run = state.run ?? stationRun();
  const next = { ...run, wrongAnswers: run.wrongAnswers + 1, updatedAt: at };
  const line = webtext(1, "Falsch", at);
  return { state, outcome: { runs: [next], events: [line], agenda: [] } };
}

describe.each(storeDatabases)("turns on %s", (_name, fresh) => {
  let opened: FreshStore;
  let store: Store;
  let turns: Turns;
  let reads: number;

  beforeEach(async () => {
    opened = await fresh();
    store = opened.store;
    await store.transaction(async (repos) => {
      await repos.streams.create(STREAM);
      await repos.participants.create(STREAM, AT.toISOString());
    });
    // Counts the answer path's reads of the database.
    reads = 0;
    const load = store.runs.load.bind(store.runs);
    store.runs.load = (stream, stationId) => {
      reads++;
      return load(stream, stationId);
    };
    turns = new Turns({
      store,
      clock: { now: () => AT },
      bus: createInProcessBus(),
      onScheduled: () => undefined,
      onScored: () => undefined,
    });
  });

  afterEach(() => opened.done());

  const answer = () =>
    turns.step(STREAM, async (at, runs) =>
      answered(at, (await runs.load(STREAM, 1)) ?? { version: -1, lastSeq: 0, currentStation: 0 }),
    );

  it("answers the first time after a station started without reading the run", async () => {
    await turns.write(STREAM, () => Promise.resolve(started(stationRun({ wrongAnswers: 0 }))));
    await answer();
    await answer();
    expect(reads).toBe(0);
    const run = await store.repos.stationRuns.find(STREAM, 1);
    expect(run?.wrongAnswers).toBe(2);
    const log = await store.repos.events.listAfter(STREAM, 0);
    expect(log.map(({ seq }) => seq)).toEqual([1, 2, 3]);
  });

  it("reads the run after a turn that leaves the stream elsewhere", async () => {
    await turns.write(STREAM, () => Promise.resolve(started(stationRun({ wrongAnswers: 0 }))));
    // A host's turn: a line, and the station stays as it was.
    await turns.run(STREAM, (turn) => {
      turn.events.push(webtext(1, "Von der Spielleitung", turn.at));
      return Promise.resolve();
    });
    await answer();
    expect(reads).toBe(1);
    const log = await store.repos.events.listAfter(STREAM, 0);
    expect(log.map(({ seq }) => seq)).toEqual([1, 2, 3]);
  });
});
