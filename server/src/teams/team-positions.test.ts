import { describe, expect, it } from "vitest";
import { serverEventSchemas } from "@wegmarke/protocol";
import type { TeammatePosition } from "@wegmarke/protocol";
import { ManualTime } from "../../test/support/manual-time";
import { createInProcessBus } from "../events/bus";
import { serverEvent } from "../events/sse";
import { MIN_SHARE_INTERVAL_MS, TeamPositions } from "./team-positions";

const TEAM = "team:1";
const OTHER_TEAM = "team:2";
const ANNA = 11;
const BEN = 12;
const CARLA = 13;
const here = (name: string, latitude = 50.81, longitude = 8.77) => ({
  name,
  latitude,
  longitude,
});

/** The team's open connections on this instance: Anna's, Ben's and, in another team, Carla's. */
function setUp() {
  const time = new ManualTime("2026-05-01T10:00:00Z");
  const bus = createInProcessBus();
  const owners: Record<string, number[]> = { [TEAM]: [ANNA, BEN], [OTHER_TEAM]: [CARLA] };
  const received: Record<number, TeammatePosition[][]> = { [ANNA]: [], [BEN]: [], [CARLA]: [] };
  const positions = new TeamPositions({
    bus,
    clock: time.clock,
    timer: time.timer,
    secret: Buffer.from("team-positions-test"),
    streams: {
      sendTo: (stream, event, payloadFor) => {
        for (const playerId of owners[stream] ?? []) {
          const payload = payloadFor({ playerId, session: `${playerId}` });
          if (payload !== null) received[playerId]?.push(parse(serverEvent(event, payload)));
        }
      },
    },
  });
  positions.subscribeSignals(bus);
  /** The player plays as another participant now, as the bus tells every instance. */
  const moved = (playerId: number) => bus.broadcast("moved", { playerId });
  return { time, positions, received, moved };
}

/** The members of one `teampositions` event block, checked with the protocol's schema. */
function parse(chunk: string): TeammatePosition[] {
  expect(chunk).toMatch(/^event: teampositions\ndata: .*\n\n$/);
  expect(chunk).not.toMatch(/^id:/m);
  const data = /^data: (.*)$/m.exec(chunk)?.[1] ?? "";
  return serverEventSchemas.teampositions.parse(JSON.parse(data)).Members;
}

describe("team positions", () => {
  it("reach the other members of the team, never the sharer's own list or another team", () => {
    const { positions, received } = setUp();
    expect(positions.share(TEAM, ANNA, { ...here("Anna"), accuracy: 12 })).toBe(true);
    expect(received[BEN]).toEqual([
      [
        {
          Member: expect.stringMatching(/^[\w-]{12}$/) as unknown,
          Name: "Anna",
          Latitude: 50.81,
          Longitude: 8.77,
          Accuracy: 12,
          Age: 0,
        },
      ],
    ]);
    // Anna's own phone gets the list without herself: nobody else shares yet.
    expect(received[ANNA]).toEqual([[]]);
    expect(received[CARLA]).toEqual([]);
    // The member's key is the same with each update and does not show the account's id.
    const key = received[BEN]?.[0]?.[0]?.Member;
    expect(key).not.toContain(String(ANNA));
  });

  it("moves, stops and tells an opening stream what is shared now", () => {
    const { time, positions, received } = setUp();
    positions.share(TEAM, ANNA, here("Anna"));
    positions.share(TEAM, BEN, here("Ben", 50.8, 8.76));
    time.advance(MIN_SHARE_INTERVAL_MS);
    positions.share(TEAM, ANNA, here("Anna", 50.82, 8.78));
    expect(received[BEN]?.at(-1)).toMatchObject([{ Name: "Anna", Latitude: 50.82 }]);
    expect(received[ANNA]?.at(-1)).toMatchObject([{ Name: "Ben", Latitude: 50.8 }]);
    expect(positions.openingEvent(TEAM, BEN)).toContain('"Name":"Anna"');
    expect(positions.openingEvent(OTHER_TEAM, CARLA)).toBe("");

    positions.share(TEAM, ANNA, undefined);
    expect(received[BEN]?.at(-1)).toEqual([]);
    expect(positions.openingEvent(TEAM, BEN)).toBe("");
    expect(positions.openingEvent(TEAM, ANNA)).toContain('"Name":"Ben"');
  });

  it("refuses a device that sends faster than once a second, but not a stop", () => {
    const { time, positions } = setUp();
    expect(positions.share(TEAM, ANNA, here("Anna"))).toBe(true);
    time.advance(MIN_SHARE_INTERVAL_MS - 1);
    expect(positions.share(TEAM, ANNA, here("Anna"))).toBe(false);
    expect(positions.share(TEAM, ANNA, undefined)).toBe(true);
    expect(positions.share(TEAM, ANNA, here("Anna"))).toBe(true);
  });

  it("forgets a position two minutes after its last update and tells the team", () => {
    const { time, positions, received } = setUp();
    positions.share(TEAM, ANNA, here("Anna"));
    time.advance(60_000);
    positions.share(TEAM, BEN, here("Ben"));
    time.advance(59_000);
    expect(positions.openingEvent(TEAM, BEN)).toContain('"Age":119');
    const before = received[BEN]?.length ?? 0;
    time.advance(1_000);
    // Anna's position went at 2 minutes; Ben's stays a minute longer.
    expect(received[BEN]?.length).toBe(before + 1);
    expect(received[BEN]?.at(-1)).toEqual([]);
    expect(received[ANNA]?.at(-1)).toMatchObject([{ Name: "Ben" }]);
    expect(time.armed()).toEqual(["2026-05-01T10:03:00.000Z"]);
    time.advance(60_000);
    expect(received[ANNA]?.at(-1)).toEqual([]);
    expect(time.armed()).toEqual([]);
  });

  it("drops the position of a member who left the team", () => {
    const { positions, received, moved } = setUp();
    positions.share(TEAM, ANNA, here("Anna"));
    moved(ANNA);
    expect(received[BEN]?.at(-1)).toEqual([]);
    expect(positions.openingEvent(TEAM, BEN)).toBe("");
    // Nothing of hers is left to send.
    const count = received[BEN]?.length;
    moved(ANNA);
    expect(received[BEN]?.length).toBe(count);
  });
});
