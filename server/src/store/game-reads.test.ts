// Two games in one database (decisions/054): every query over many players, teams or streams
// sees its Store's game only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestSchema } from "../../test/support/postgres";
import { stationRun } from "../../test/support/station-runs";
import { tempDir } from "../../test/support/test-app";
import type { DatabaseConfig } from "../config";
import { openStore } from "./store";
import type { Store } from "./store";

const EARLIER = "2026-05-01T09:00:00.000Z";
const AT = "2026-05-01T10:00:00.000Z";
const LATER = "2026-05-01T11:00:00.000Z";
const LATEST = "2026-05-01T12:00:00.000Z";

/**
 * A fresh, empty database of each dialect, and what removes it. SQLite in a file: the figures
 * then run on the reader's thread (sqlite-reader.ts), as on a server.
 */
const databases: [string, () => Promise<{ config: DatabaseConfig; drop(): Promise<void> }>][] = [
  [
    "SQLite",
    async () => {
      const dir = await tempDir();
      return { config: { kind: "sqlite", file: `${dir.dir}/db.sqlite` }, drop: dir.remove };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const schema = await createTestSchema();
      return { config: schema.database, drop: schema.drop };
    },
  ],
];

/** What one game's rows differ in. */
type Plan = { name: string; language: "de" | "en"; points: number; dueAt: string };

/** What `play` wrote: the ids and streams of one game. */
type Played = { founder: number; member: number; team: number; solo: string; together: string };

/**
 * A game played a while: a registered founder playing alone (a station done, a story opened,
 * an answer echoed, a message planned, a signed-in device with a push subscription, an expired
 * reset link) and an anonymous member of the founder's team (a station running, an expired SMS
 * code); the team has an expired invitation.
 */
async function play(store: Store, plan: Plan): Promise<Played> {
  const { repos } = store;
  const base = { storyId: "marburg", language: plan.language, createdAt: EARLIER };
  const founder = await repos.players.create({
    ...base,
    firstName: plan.name,
    phone: "+491711234567",
    verifiedAt: EARLIER,
  });
  const member = await repos.players.create(base);
  const team = await repos.teams.create(EARLIER, founder);
  await repos.players.update(member, { teamId: team });
  const solo = `player:${founder}`;
  const together = `team:${team}`;
  for (const stream of [solo, together]) {
    await repos.streams.create(stream);
    await repos.participants.create(stream, EARLIER);
    await repos.participants.setCurrentStation(stream, 1, AT);
  }
  const run = { stationId: 1, inkState: "{}", language: plan.language, scriptVersion: null };
  await repos.stationRuns.save(
    stationRun({ ...run, stream: solo, status: "done", points: plan.points, doneAt: AT }),
  );
  await repos.stationRuns.save(stationRun({ ...run, stream: together, points: 0 }));
  await repos.storyStates.markDone(solo, 7, AT);
  const echo = JSON.stringify({ StationID: 1, Originator: "user", Text: plan.name });
  const logged = { stream: solo, seq: 1, stationId: 1, createdAt: AT, retracted: 0 };
  await repos.events.insert([{ ...logged, type: "webtext", payload: echo }]);
  await repos.scheduled.insert({
    stream: solo,
    stationId: 1,
    kind: "reminder",
    dueAt: plan.dueAt,
    payload: null,
  });
  const token = `${plan.name}-token`;
  await repos.sessions.create(token, founder, EARLIER);
  await repos.push.save({
    endpoint: `https://push.example/${plan.name}`,
    tokenHash: token,
    playerId: founder,
    p256dh: "key",
    auth: "auth",
    news: 1,
    createdAt: AT,
  });
  await repos.smsCodes.replace({
    playerId: member,
    codeHash: plan.name,
    expiresAt: AT,
    failedTries: 0,
  });
  await repos.passwordResets.create({ tokenHash: plan.name, playerId: founder, expiresAt: AT });
  await repos.teamInvitations.create({ codeHash: plan.name, teamId: team, expiresAt: AT });
  return { founder, member, team, solo, together };
}

describe.each(databases)("two games' rows on %s", (_name, fresh) => {
  let store: Store;
  let two: Store;
  let drop: () => Promise<void>;
  let first: Played;
  let second: Played;

  beforeEach(async () => {
    const database = await fresh();
    drop = database.drop;
    store = openStore(database.config);
    await store.migrate();
    expect(await store.repos.games.create({ name: "harbour", createdAt: AT })).toBe(2);
    two = store.forGame(2);
    first = await play(store, { name: "Lena", language: "de", points: 3, dueAt: AT });
    second = await play(two, { name: "Ole", language: "en", points: 5, dueAt: EARLIER });
  });

  afterEach(async () => {
    await store.close();
    await drop();
  });

  it("counts the game's players, teams, stations and stories only", async () => {
    for (const [game, points] of [
      [store, 3],
      [two, 5],
    ] as const) {
      const figures = game.repos.figures;
      expect(await figures.counts()).toEqual({ players: 2, registered: 1, teams: 1 });
      expect(await figures.stations(EARLIER)).toEqual([
        {
          stationId: 1,
          runs: 2,
          running: 1,
          idle: 0,
          done: 1,
          cancelled: 0,
          wrongAnswers: 4,
          hintsUsed: 2,
          averageSecondsToDone: 0,
        },
      ]);
      expect(await figures.storiesOpened()).toEqual(new Map([[7, 1]]));
      const played = game === store ? first : second;
      expect(await figures.totals()).toEqual([{ stream: played.solo, points, stations: 1 }]);
    }
  });

  it("lists the game's players, founders, activity, runs, stories and echoes only", async () => {
    for (const [game, played, name, language] of [
      [store, first, "Lena", "de"],
      [two, second, "Ole", "en"],
    ] as const) {
      const figures = game.repos.figures;
      expect((await figures.players()).map((row) => [row.id, row.firstName])).toEqual([
        [played.founder, name],
        [played.member, null],
      ]);
      expect(await figures.founderNames()).toEqual(new Map([[played.team, name]]));
      expect(await figures.playersByLanguage()).toEqual(new Map([[language, 2]]));
      expect(await figures.currentStations()).toEqual(
        new Map([
          [played.solo, 1],
          [played.together, 1],
        ]),
      );
      const activity = await figures.recentActivity(EARLIER, 10);
      expect(new Set(activity.map((row) => row.stream))).toEqual(
        new Set([played.solo, played.together]),
      );
      expect(activity.map((row) => row.kind).sort()).toEqual([
        "activated",
        "activated",
        "done",
        "story",
      ]);
      expect((await figures.doneRuns()).map((row) => row.stream)).toEqual([played.solo]);
      expect((await figures.stationRuns()).map((row) => row.stream).sort()).toEqual(
        [played.solo, played.together].sort(),
      );
      expect(await figures.openedStories()).toEqual(new Map([[played.solo, [7]]]));
      const echoes = await figures.answerEchoes();
      expect(
        echoes.map((row) => [row.stream, (JSON.parse(row.payload) as { Text: string }).Text]),
      ).toEqual([[played.solo, name]]);
    }
  });

  it("ranks the game's participants only", async () => {
    expect(await store.repos.stationRuns.totals()).toEqual([
      { stream: first.solo, points: 3, stations: 1, reachedAt: AT },
    ]);
    expect(await two.repos.stationRuns.totals()).toEqual([
      { stream: second.solo, points: 5, stations: 1, reachedAt: AT },
    ]);
  });

  it("finds what is due on the game's streams only", async () => {
    // Game 2's row is due earlier: game 1's agenda neither waits for it nor delivers it.
    expect(await store.repos.scheduled.nextDue()).toBe(AT);
    expect(await two.repos.scheduled.nextDue()).toBe(EARLIER);
    expect(await store.repos.scheduled.dueStreams(EARLIER, 10)).toEqual([]);
    expect(await two.repos.scheduled.dueStreams(EARLIER, 10)).toEqual([second.solo]);
    expect(await store.repos.scheduled.dueStreams(LATER, 10)).toEqual([first.solo]);
    expect(await two.repos.scheduled.dueStreams(LATER, 10)).toEqual([second.solo]);
    const three = store.forGame(3);
    expect(await three.repos.scheduled.nextDue()).toBeUndefined();
    expect(await three.repos.scheduled.dueStreams(LATER, 10)).toEqual([]);
  });

  it("pushes to the game's devices only", async () => {
    const everyone = [first.founder, first.member, second.founder, second.member];
    for (const [game, played, name] of [
      [store, first, "Lena"],
      [two, second, "Ole"],
    ] as const) {
      const device = {
        endpoint: `https://push.example/${name}`,
        p256dh: "key",
        auth: "auth",
        playerId: played.founder,
        language: name === "Lena" ? "de" : "en",
      };
      expect(await game.repos.push.count()).toBe(1);
      expect(await game.repos.push.page("", 10, false)).toEqual([device]);
      expect(await game.repos.push.page("", 10, true)).toEqual([device]);
      expect(await game.repos.push.ofPlayers(everyone)).toEqual([device]);
    }
  });

  it("sweeps the game's expired codes, links, invitations and idle sessions only", async () => {
    const left = async (game: Store, played: Played, name: string) => ({
      code: (await game.repos.smsCodes.find(played.member)) !== undefined,
      reset: (await game.repos.passwordResets.find(name, EARLIER)) !== undefined,
      invitation: (await game.repos.teamInvitations.findValid(name, EARLIER)) !== undefined,
      session: (await game.repos.players.findByTokenHash(`${name}-token`)) !== undefined,
    });
    const all = { code: true, reset: true, invitation: true, session: true };
    const none = { code: false, reset: false, invitation: false, session: false };
    await two.transaction(async (repos) => {
      await repos.smsCodes.deleteExpired(LATEST);
      await repos.passwordResets.deleteExpired(LATEST);
      await repos.teamInvitations.deleteExpired(LATEST);
      await repos.sessions.deleteUnusedSince(LATEST);
    });
    expect(await left(two, second, "Ole")).toEqual(none);
    expect(await left(store, first, "Lena")).toEqual(all);
    // The session took its push subscription with it (foreign key): game 1's is still there.
    expect(await two.repos.push.count()).toBe(0);
    expect(await store.repos.push.count()).toBe(1);
    await store.transaction(async (repos) => {
      await repos.smsCodes.deleteExpired(LATEST);
      await repos.passwordResets.deleteExpired(LATEST);
      await repos.teamInvitations.deleteExpired(LATEST);
      await repos.sessions.deleteUnusedSince(LATEST);
    });
    expect(await left(store, first, "Lena")).toEqual(none);
  });
});
