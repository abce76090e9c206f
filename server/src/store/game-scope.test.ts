import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIRST_GAME } from "./store";
import type { Store } from "./store";
import { storeDatabases } from "../../test/support/store-databases";
import type { FreshStore } from "../../test/support/store-databases";

const AT = "2026-11-29T10:00:00.000Z";
const LATER = "2026-11-29T11:00:00.000Z";

/** Two games on one database: each Store sees its own game's rows and nothing of the other's. */
describe.each(storeDatabases)("two games on %s", (_name, fresh) => {
  let one: Store;
  let two: Store;
  let opened: FreshStore;

  beforeEach(async () => {
    opened = await fresh();
    one = opened.store;
    const id = await one.repos.games.create({ name: "harbour", createdAt: AT });
    two = one.forGame(id ?? 0);
  });

  afterEach(() => opened.done());

  it("lists the games, the upgrade's first", async () => {
    expect(one.game).toBe(FIRST_GAME);
    expect(two.game).toBe(2);
    const games = await two.repos.games.list();
    expect(games.map((game) => [game.id, game.name])).toEqual([
      [1, "default"],
      [2, "harbour"],
    ]);
    expect(await one.repos.games.create({ name: "harbour", createdAt: AT })).toBeUndefined();
  });

  it("keeps players apart: a phone number once per game, a token only in its game", async () => {
    const phone = "+4915112345678";
    const player = { storyId: "marburg", language: "de" as const, createdAt: AT, phone };
    const anna = await one.repos.players.createForPhone({ ...player, firstName: "Anna" });
    const hers = await two.repos.players.createForPhone({ ...player, firstName: "Anne" });
    expect(anna).toBeTypeOf("number");
    expect(hers).toBeTypeOf("number");
    expect(await one.repos.players.createForPhone(player)).toBeUndefined();
    expect(await one.repos.players.findByPhone(phone)).toMatchObject({ id: anna });
    expect(await two.repos.players.findByPhone(phone)).toMatchObject({ id: hers });
    expect(await two.repos.players.find(anna ?? 0)).toBeUndefined();

    await one.repos.sessions.create("token-anna", anna ?? 0, AT);
    expect(await one.repos.players.findByTokenHash("token-anna")).toMatchObject({ id: anna });
    expect(await two.repos.players.findByTokenHash("token-anna")).toBeUndefined();

    // Nothing of game 1's player changes through game 2.
    await two.repos.players.update(anna ?? 0, { firstName: "Mallory" });
    await two.repos.players.seen(anna ?? 0, LATER);
    await two.repos.players.delete(anna ?? 0);
    expect(await one.repos.players.find(anna ?? 0)).toMatchObject({
      firstName: "Anna",
      lastSeenAt: null,
    });
    expect(await two.repos.players.firstNames([anna ?? 0, hers ?? 0])).toEqual(
      new Map([[hers, "Anne"]]),
    );
  });

  it("keeps teams and streams apart", async () => {
    const team = await one.repos.teams.create(AT, 1);
    await one.repos.streams.create(`team:${team}`);
    await two.repos.streams.create("player:99");
    expect(await one.repos.streams.lastSeq(`team:${team}`)).toBe(0);
    expect(await two.repos.streams.lastSeq(`team:${team}`)).toBeUndefined();
    expect(await two.repos.streams.claim(`team:${team}`)).toBeUndefined();
    expect(await two.repos.streams.lock([`team:${team}`, "player:99"])).toEqual(["player:99"]);
    await two.repos.streams.delete(`team:${team}`);
    await two.repos.teams.delete(team);
    expect(await one.repos.streams.claim(`team:${team}`)).toBe(1);
    expect(await one.repos.streams.advance(`team:${team}`, 2)).toBe(2);
    await expect(two.repos.streams.advance(`team:${team}`, 1)).rejects.toThrow("does not exist");
  });

  it("keeps news, submissions and the audit apart", async () => {
    const news = { createdAt: AT, stationId: null, operator: "lena", withdrawnAt: null };
    const rain = await one.repos.news.insert({ ...news, text: '{"de":"Regen"}', urgent: 0 });
    await two.repos.news.insert({ ...news, text: '{"de":"Sonne"}', urgent: 1 });
    expect((await one.repos.news.list()).map((item) => item.text)).toEqual(['{"de":"Regen"}']);
    expect((await two.repos.news.current(20)).map((item) => item.text)).toEqual(['{"de":"Sonne"}']);
    expect(await two.repos.news.withdraw(rain.id, LATER)).toBeUndefined();
    expect(await one.repos.news.current(20)).toHaveLength(1);

    const submission = {
      stream: "player:1",
      playerId: 1,
      teamId: null,
      sender: null,
      stationId: 8,
      kind: "photo" as const,
      task: "Der Frosch",
      points: 2,
      type: "image/jpeg",
      size: 1200,
      seconds: null,
      files: "[]",
      state: "waiting" as const,
      createdAt: AT,
    };
    const photo = await one.repos.submissions.insert(submission);
    await two.repos.submissions.insert({ ...submission, stream: "player:2", playerId: 2 });
    expect(await two.repos.submissions.byId(photo.id)).toBeUndefined();
    const verdict = { state: "approved" as const, points: 2, line: null, judgedAt: LATER };
    expect(await two.repos.submissions.judge(photo.id, { ...verdict, judgedBy: "eve" })).toBe(
      false,
    );
    expect(await one.repos.submissions.waitingSummary()).toEqual({ count: 1, oldestAt: AT });
    expect((await two.repos.submissions.waiting(10)).map((row) => row.stream)).toEqual([
      "player:2",
    ]);
    expect(await two.repos.submissions.all()).toHaveLength(1);
    expect(await two.repos.submissions.eraseOlderThan(LATER)).toBe(1);
    expect(await one.repos.submissions.all()).toHaveLength(1);

    const entry = { at: AT, via: "session", operator: "lena", detail: null };
    await one.repos.operators.audit({ ...entry, action: "news" });
    await two.repos.operators.audit({ ...entry, action: "release" });
    expect((await one.repos.operators.auditPage(10)).map((row) => row.action)).toEqual(["news"]);
    expect((await two.repos.operators.auditPage(10)).map((row) => row.action)).toEqual(["release"]);
  });
});
