import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { adminQuery, createTestSchema, testDatabaseUrl } from "../../test/support/postgres";
import type { LogRow } from "../store/event-repository";
import type { EventBus } from "./bus";
import { busChannel, startPostgresBus } from "./postgres-bus";
import type { PostgresBusOptions } from "./postgres-bus";
import { signalNames } from "./signal-map";
import type { Signal } from "./signal-map";

/** NOTIFY over a connection of its own, as the store's pool sends it. */
const send = async (channel: string, payload: string) => {
  await adminQuery("select pg_notify($1, $2)", [channel, payload]);
};

const buses: EventBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

/** A bus whose listener connection carries a name of its own, to find it in pg_stat_activity. */
async function bus(options: Partial<PostgresBusOptions> = {}) {
  const name = `bus-test-${randomBytes(4).toString("hex")}`;
  const url = new URL(options.url ?? testDatabaseUrl);
  url.searchParams.set("application_name", name);
  const errors: unknown[] = [];
  const rejected: string[] = [];
  const started = await startPostgresBus({
    send,
    onError: (error) => errors.push(error),
    onRejected: (reason) => rejected.push(reason),
    ...options,
    url: url.toString(),
  });
  buses.push(started);
  return { bus: started, name, errors, rejected };
}

/** Hands every signal `target` hears, of every name, to `heard`. */
function onEverySignal(target: EventBus, heard: (signal: Signal) => void): void {
  for (const name of signalNames) target.on(name, (payload) => heard({ name, payload }));
}

/** Stream keys no other test file uses: the channel is shared by the whole database. */
const streamKey = () => `test:${randomBytes(4).toString("hex")}`;

/** Counts the wake-ups of `stream` on `bus`. */
function counter(target: EventBus, stream: string): () => number {
  const woken = recorder(target, stream);
  return () => woken.length;
}

/** What each wake-up of `stream` on `bus` carried: the rows, or undefined ("read the log"). */
function recorder(target: EventBus, stream: string): (readonly LogRow[] | undefined)[] {
  const woken: (readonly LogRow[] | undefined)[] = [];
  target.subscribe(stream, (rows) => woken.push(rows));
  return woken;
}

const rows = (...seqs: number[]): LogRow[] =>
  seqs.map((seq) => ({ seq, type: "webtext", payload: `{"Text":"line ${seq}\\nnext"}` }));

async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const listeners = async (name: string) =>
  (
    await adminQuery<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = $1",
      [name],
    )
  )[0]?.n;

describe("the PostgreSQL bus", () => {
  it("hands the rows to its own streams at once and to the other instances' by NOTIFY", async () => {
    const a = await bus();
    const b = await bus();
    const stream = streamKey();
    const onA = recorder(a.bus, stream);
    const onB = recorder(b.bus, stream);
    const other = counter(b.bus, streamKey());
    a.bus.publish(stream, rows(1, 2));
    // Synchronously on the publishing instance, before any notification went out.
    expect(onA).toEqual([rows(1, 2)]);
    await eventually(() => onB.length === 1);
    expect(onB).toEqual([rows(1, 2)]);
    b.bus.publish(stream, rows(3));
    await eventually(() => onA.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Its own notification echoes back, and is not delivered a second time.
    expect(onA).toEqual([rows(1, 2), rows(3)]);
    expect(onB).toEqual([rows(1, 2), rows(3)]);
    expect(other()).toBe(0);
  });

  it("carries what is published while a NOTIFY is under way in the next one, all of it", async () => {
    let notifies = 0;
    const a = await bus({
      send: async (channel, payload) => {
        notifies++;
        await send(channel, payload);
      },
    });
    const b = await bus();
    const streams = Array.from({ length: 50 }, streamKey);
    const heard = streams.map((stream) => recorder(b.bus, stream));
    for (const stream of streams) a.bus.publish(stream, rows(1, 2));
    await eventually(() => heard.every((woken) => woken.length === 1));
    expect(heard.every((woken) => JSON.stringify(woken) === JSON.stringify([rows(1, 2)]))).toBe(
      true,
    );
    expect(notifies).toBeLessThan(10);
  });

  it("wakes the other instances to read the log when the rows do not fit into a notification", async () => {
    const a = await bus();
    const b = await bus();
    const stream = streamKey();
    const onB = recorder(b.bus, stream);
    const big = [{ seq: 1, type: "webtext", payload: JSON.stringify({ Text: "ä".repeat(5000) }) }];
    a.bus.publish(stream, big);
    await eventually(() => onB.length === 1);
    expect(onB).toEqual([undefined]);
  });

  it("carries signals to every instance: its own at once, the others' by NOTIFY, each once", async () => {
    const a = await bus();
    const b = await bus();
    const heard: [string, Signal][] = [];
    onEverySignal(a.bus, (signal) => heard.push(["a", signal]));
    onEverySignal(b.bus, (signal) => heard.push(["b", signal]));
    const moved = { name: "moved", payload: { playerId: 2 ** 40 } } as const;
    a.bus.broadcast(moved.name, moved.payload);
    // Synchronously on the sending instance, before any notification went out.
    expect(heard).toEqual([["a", moved]]);
    await eventually(() => heard.length === 2);
    b.bus.broadcast("due", { at: 1_777_000_000_000 });
    b.bus.broadcast("scored", {});
    await eventually(() => heard.length === 6);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Each NOTIFY goes out on a connection of the pool: their order is not kept.
    const onA = heard.filter(([on]) => on === "a").map(([, signal]) => signal);
    expect(onA).toHaveLength(3);
    expect(onA).toEqual(
      expect.arrayContaining([
        moved,
        { name: "due", payload: { at: 1_777_000_000_000 } },
        { name: "scored", payload: {} },
      ]),
    );
    // Its own notifications come back, and are not acted on a second time.
    expect(heard.filter(([on]) => on === "b")).toHaveLength(3);
  });

  it("carries a game's signals to that game's handlers on every instance, and to no other game's", async () => {
    const a = await bus();
    const b = await bus();
    const heard: string[] = [];
    for (const [instance, target] of [
      ["a", a.bus],
      ["b", b.bus],
    ] as const) {
      target.on("moved", ({ playerId }) => void heard.push(`${instance} main ${playerId}`));
      target.forGame(2).on("moved", ({ playerId }) => {
        heard.push(`${instance} game 2 ${playerId}`);
      });
      target.forGame(3).on("moved", ({ playerId }) => {
        heard.push(`${instance} game 3 ${playerId}`);
      });
    }
    a.bus.forGame(2).broadcast("moved", { playerId: 5 });
    a.bus.broadcast("moved", { playerId: 6 });
    await eventually(() => heard.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.sort()).toEqual(["a game 2 5", "a main 6", "b game 2 5", "b main 6"]);
    // A game's view shares the streams' wake-ups and leaves the bus open when its app closes.
    const stream = streamKey();
    const onB = recorder(b.bus, stream);
    a.bus.forGame(3).publish(stream, rows(1));
    await a.bus.forGame(3).close();
    await eventually(() => onB.length === 1);
  });

  it("acts on its own signals while its listener is away, and on those it could not send", async () => {
    const a = await bus({ retryMs: 60_000, send: () => Promise.reject(new Error("down")) });
    const heard: Signal[] = [];
    onEverySignal(a.bus, (signal) => heard.push(signal));
    await adminQuery(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [a.name],
    );
    await eventually(async () => (await listeners(a.name)) === 0);
    a.bus.broadcast("news", {});
    a.bus.broadcast("moved", { playerId: 3 });
    expect(heard).toEqual([
      { name: "news", payload: {} },
      { name: "moved", payload: { playerId: 3 } },
    ]);
  });

  it("acts on its own signals when its NOTIFY gets through but its listener is away", async () => {
    const a = await bus({ retryMs: 60_000 });
    const heard: Signal[] = [];
    onEverySignal(a.bus, (signal) => heard.push(signal));
    await adminQuery(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [a.name],
    );
    await eventually(async () => (await listeners(a.name)) === 0);
    a.bus.broadcast("news", {});
    expect(heard).toEqual([{ name: "news", payload: {} }]);
    // The NOTIFY brings the listener back; it does not act on the signal a second time.
    await eventually(async () => (await listeners(a.name)) === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([{ name: "news", payload: {} }]);
  });

  it("keeps deployments in schemas of their own apart: each hears only its own signals", async () => {
    const schemas = [await createTestSchema(), await createTestSchema()];
    try {
      const [one, two] = schemas;
      const inOne = [await bus({ url: one?.database.url }), await bus({ url: one?.database.url })];
      const inTwo = await bus({ url: two?.database.url });
      const heard: [string, Signal][] = [];
      inOne.forEach((b, i) => onEverySignal(b.bus, (signal) => heard.push([`one-${i}`, signal])));
      onEverySignal(inTwo.bus, (signal) => heard.push(["two", signal]));
      inOne[0]?.bus.broadcast("news", {});
      await eventually(() => heard.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.map(([on]) => on).sort()).toEqual(["one-0", "one-1"]);
    } finally {
      await Promise.all(buses.splice(0).map((b) => b.close()));
      for (const schema of schemas) await schema.drop();
    }
  });

  it("listens again after losing its connection, then wakes every local stream once and says signals were missed", async () => {
    const a = await bus({ retryMs: 20 });
    const b = await bus();
    const [one, two] = [streamKey(), streamKey()];
    const onOne = counter(a.bus, one);
    const onTwo = counter(a.bus, two);
    let missed = 0;
    const signals: Signal["name"][] = [];
    onEverySignal(a.bus, (signal) => signals.push(signal.name));
    a.bus.onMissed(() => missed++);
    expect(await listeners(a.name)).toBe(1);
    await adminQuery(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [a.name],
    );
    await eventually(() => onOne() === 1 && onTwo() === 1);
    expect(missed).toBe(1);
    expect(signals).toEqual([]);
    expect(a.errors.length).toBeGreaterThan(0);
    expect(await listeners(a.name)).toBe(1);
    // Listening again: another instance's notify arrives.
    b.bus.publish(one, rows(1));
    await eventually(() => onOne() === 2);
    expect(onTwo()).toBe(1);
  });

  it("listens again at once, without waiting out its pause, when a NOTIFY of its own gets through", async () => {
    const a = await bus({ retryMs: 60_000 });
    let missed = 0;
    a.bus.onMissed(() => missed++);
    await adminQuery(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [a.name],
    );
    await eventually(async () => (await listeners(a.name)) === 0);
    a.bus.publish(streamKey(), rows(1));
    await eventually(() => missed === 1);
    expect(await listeners(a.name)).toBe(1);
  });

  it("still hands the rows to its own streams when a NOTIFY cannot be sent", async () => {
    const a = await bus({ send: () => Promise.reject(new Error("database down")) });
    const stream = streamKey();
    const woken = recorder(a.bus, stream);
    a.bus.publish(stream, rows(1));
    expect(woken).toEqual([rows(1)]);
    await eventually(() => a.errors.length === 1);
    expect(a.errors).toEqual([new Error("database down")]);
  });

  it("refuses a notification off the map with its reason, and goes on hearing the next", async () => {
    const schema = await createTestSchema();
    try {
      const a = await bus({ url: schema.database.url });
      const heard: Signal[] = [];
      onEverySignal(a.bus, (signal) => heard.push(signal));
      const channel = busChannel(schema.name);
      for (const payload of [
        '@other !moved {"playerId":"x"}',
        "@other !reload:b1",
        '@other !teleport {"to":"moon"}',
        '@other !moved {"playerId":5}',
      ]) {
        await send(channel, payload);
      }
      await eventually(() => heard.length === 1);
      expect(heard).toEqual([{ name: "moved", payload: { playerId: 5 } }]);
      expect(a.rejected).toEqual([
        "moved: playerId: Invalid input: expected number, received string",
        "not a signal",
        'unknown signal "teleport"',
      ]);
      expect(a.errors).toEqual([]);
    } finally {
      await Promise.all(buses.splice(0).map((b) => b.close()));
      await schema.drop();
    }
  });

  it("runs every handler of a signal in the order they registered, and every missed handler", async () => {
    const schema = await createTestSchema();
    const a = await bus({ retryMs: 20, url: schema.database.url });
    const b = await bus({ url: schema.database.url });
    const order: string[] = [];
    a.bus.on("account", ({ playerId }) => order.push(`first ${playerId}`));
    a.bus.on("account", ({ playerId }) => order.push(`second ${playerId}`));
    a.bus.onMissed(() => {
      order.push("missed one");
      throw new Error("one fails");
    });
    a.bus.onMissed(() => order.push("missed two"));
    b.bus.broadcast("account", { playerId: 4 });
    await eventually(() => order.length === 2);
    expect(order).toEqual(["first 4", "second 4"]);
    await adminQuery(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [a.name],
    );
    await eventually(() => order.length === 4);
    expect(order.slice(2)).toEqual(["missed one", "missed two"]);
    expect(a.errors).toContainEqual(new Error("one fails"));
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    await schema.drop();
  });

  it("lets go of its connection when closed, and stays closed", async () => {
    const a = await bus({ retryMs: 20 });
    expect(await listeners(a.name)).toBe(1);
    await a.bus.close();
    await eventually(async () => (await listeners(a.name)) === 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await listeners(a.name)).toBe(0);
  });
});
