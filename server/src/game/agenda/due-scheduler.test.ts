import { describe, expect, it } from "vitest";
import { ManualTime } from "../../../test/support/manual-time";
import { DueScheduler } from "./due-scheduler";

const T0 = "2026-05-01T10:00:00.000Z";
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();

/** Lets the scheduler's promises run (its database is an array here). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A scheduler over an in-memory agenda of due times, recording what it delivered. */
function world(options: { failing?: () => boolean } = {}) {
  const time = new ManualTime(T0);
  const agenda: number[] = [];
  const delivered: { now: string; due: string[] }[] = [];
  const errors: unknown[] = [];
  const scheduler = new DueScheduler({
    clock: time.clock,
    timer: time.timer,
    nextDue: async () => {
      const next = Math.min(...agenda);
      return Number.isFinite(next) ? new Date(next) : undefined;
    },
    deliver: async (now) => {
      if (options.failing?.()) throw new Error("database away");
      const due = agenda.filter((ms) => ms <= now.getTime()).sort((a, b) => a - b);
      for (const ms of due) agenda.splice(agenda.indexOf(ms), 1);
      if (due.length > 0) {
        delivered.push({
          now: now.toISOString(),
          due: due.map((ms) => new Date(ms).toISOString()),
        });
      }
    },
    onError: (error) => errors.push(error),
    retryMs: 5000,
  });
  /** Persists a row due in `seconds` and tells the scheduler, as a turn does after commit. */
  const schedule = (seconds: number) => {
    agenda.push(at(seconds).getTime());
    scheduler.wake(at(seconds));
  };
  return { time, agenda, delivered, errors, scheduler, schedule };
}

describe("DueScheduler", () => {
  it("delivers what is overdue on start and sets one timer for the earliest of the rest", async () => {
    const w = world();
    w.agenda.push(at(-60).getTime(), at(-1).getTime(), at(30).getTime(), at(90).getTime());
    await w.scheduler.start();
    expect(w.delivered).toEqual([{ now: T0, due: [iso(-60), iso(-1)] }]);
    expect(w.time.armed()).toEqual([iso(30)]);
  });

  it("arms nothing when nothing is scheduled", async () => {
    const w = world();
    await w.scheduler.start();
    expect(w.time.armed()).toEqual([]);
    expect(w.delivered).toEqual([]);
  });

  it("keeps one timer, moved earlier by an earlier row and left alone by a later one", async () => {
    const w = world();
    await w.scheduler.start();
    w.schedule(60);
    expect(w.time.armed()).toEqual([iso(60)]);
    w.schedule(120);
    expect(w.time.armed()).toEqual([iso(60)]);
    w.schedule(10);
    expect(w.time.armed()).toEqual([iso(10)]);
  });

  it("delivers at the due time, not before, then waits for the next row", async () => {
    const w = world();
    await w.scheduler.start();
    w.schedule(10);
    w.schedule(10);
    w.schedule(40);
    w.time.advance(9_999);
    await settle();
    expect(w.delivered).toEqual([]);
    w.time.advance(1);
    await settle();
    expect(w.delivered).toEqual([{ now: iso(10), due: [iso(10), iso(10)] }]);
    expect(w.time.armed()).toEqual([iso(40)]);
    w.time.advance(30_000);
    await settle();
    expect(w.delivered.at(-1)).toEqual({ now: iso(40), due: [iso(40)] });
    expect(w.time.armed()).toEqual([]);
  });

  it("remembers a row scheduled while it delivers", async () => {
    const w = world();
    await w.scheduler.start();
    w.schedule(5);
    w.time.advance(5000);
    // The delivery is under way (not settled yet) when the next row arrives.
    w.schedule(20);
    await settle();
    await settle();
    expect(w.time.armed()).toEqual([iso(20)]);
  });

  it("tries again after a pause when delivery fails, instead of spinning", async () => {
    let failing = true;
    const w = world({ failing: () => failing });
    w.agenda.push(at(-1).getTime());
    await w.scheduler.start();
    expect(w.errors).toHaveLength(1);
    expect(w.time.armed()).toEqual([iso(5)]);
    failing = false;
    w.time.advance(5000);
    await settle();
    expect(w.delivered).toEqual([{ now: iso(5), due: [iso(-1)] }]);
  });

  it("waits at most setTimeout's longest delay and then looks again", async () => {
    const longest = 2 ** 31 - 1;
    const afterMs = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
    const w = world();
    await w.scheduler.start();
    w.schedule(60 * 24 * 3600);
    expect(w.time.armed()).toEqual([afterMs(longest)]);
    w.time.advance(longest);
    await settle();
    expect(w.delivered).toEqual([]);
    expect(w.time.armed()).toEqual([afterMs(2 * longest)]);
  });

  it("stops: disarms the timer and ignores later rows", async () => {
    const w = world();
    await w.scheduler.start();
    w.schedule(10);
    await w.scheduler.stop();
    expect(w.time.armed()).toEqual([]);
    w.schedule(5);
    expect(w.time.armed()).toEqual([]);
  });
});
