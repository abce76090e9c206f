import { describe, expect, it } from "vitest";
import { rawDatabases } from "../../test/support/raw-sql";
import type { Raw } from "../../test/support/raw-sql";
import type { Store } from "./store";

const at = (hour: number) => `2026-11-0${hour}T10:00:00.000Z`;

/** A game played for a while under 021: a team of two, a player alone, news, a photo, a push. */
const PLAYED = [
  `insert into teams (created_at, founder_id) values ('${at(1)}', 1)`,
  `insert into players (story_id, language, created_at, first_name, phone, password_hash,
     verified_at, team_id, password_chosen_at, last_seen_at)
   values ('marburg', 'de', '${at(1)}', 'Anna', '+4915112345678', '$argon2id$a', '${at(1)}', 1,
     '${at(1)}', '${at(2)}')`,
  `insert into players (story_id, language, created_at, first_name, team_id)
   values ('marburg', 'en', '${at(1)}', 'Ben', 1)`,
  `insert into players (story_id, language, created_at) values ('marburg', 'de', '${at(2)}')`,
  `insert into players (story_id, language, created_at) values ('marburg', 'de', '${at(3)}')`,
  `insert into sessions (token_hash, player_id, created_at) values ('anna', 1, '${at(1)}'),
     ('ben', 2, '${at(1)}'), ('solo', 3, '${at(2)}')`,
  `insert into password_resets (token_hash, player_id, expires_at) values ('reset', 1, '${at(4)}')`,
  `insert into team_invitations (code_hash, team_id, expires_at) values ('invite', 1, '${at(4)}')`,
  `insert into streams (stream, last_seq) values ('team:1', 2), ('player:3', 1)`,
  `insert into participants (stream, current_station, current_story, updated_at)
   values ('team:1', 8, 0, '${at(2)}'), ('player:3', 0, 2, '${at(2)}')`,
  `insert into station_runs (stream, station_id, status, ink_state, awaiting, points, language,
     started_at, updated_at)
   values ('team:1', 8, 'active', '{}', '{"answer":true,"buttons":[]}', 0, 'de', '${at(2)}',
     '${at(2)}')`,
  `insert into event_log (stream, seq, type, station_id, payload, created_at, retracted)
   values ('team:1', 1, 'webtext', 8, '{"Text":"Quak!"}', '${at(2)}', 0),
     ('team:1', 2, 'answer-expected', 8, '{}', '${at(2)}', 0),
     ('player:3', 1, 'playerstatus', null, '{}', '${at(2)}', 0)`,
  `insert into story_states (stream, story_id, done_at) values ('player:3', 2, '${at(2)}')`,
  `insert into scheduled_messages (stream, station_id, kind, due_at, payload)
   values ('team:1', 8, 'reminder', '${at(3)}', null)`,
  `insert into read_marks (player_id, stream, marks) values (1, 'team:1', '{}')`,
  `insert into news (created_at, text, station_id, operator, urgent)
   values ('${at(2)}', '{"de":"Regen ab drei"}', 8, 'lena', 1)`,
  `insert into submissions (stream, player_id, team_id, sender, station_id, kind, task, points,
     type, size, files, state, created_at)
   values ('team:1', 1, 1, 'Anna', 8, 'photo', 'Der Frosch', 2, 'image/jpeg', 1200, '[]',
     'waiting', '${at(2)}')`,
  `insert into push_subscriptions (endpoint, token_hash, player_id, p256dh, auth, news,
     created_at) values ('https://push.example/anna', 'anna', 1, 'key', 'auth', 1, '${at(2)}')`,
  `insert into pack_blobs (hash, size, chunks) values ('yaml', 12, 0)`,
  `insert into pack_versions (digest, files, source, author, created_at)
   values ('first', '[]', 'folder', null, '${at(1)}'), ('second', '[]', 'studio', 'lena', '${at(2)}')`,
  `insert into pack_releases (version_id, released_at, released_by) values (1, '${at(1)}', null),
     (2, '${at(2)}', 'lena')`,
  `insert into pack_drafts (id, base_version_id) values (1, 2)`,
  `insert into pack_draft_files (path, hash, updated_at, updated_by)
   values ('game.yaml', 'yaml', '${at(3)}', 'lena')`,
  `insert into operator_audit (at, via, operator, action, detail)
   values ('${at(2)}', 'session', 'lena', 'news', 'Regen ab drei')`,
  // The last sign-up is gone: its id is never given again.
  `delete from players where id = 4`,
];

/** Tables the game played into, with the order that lists their rows alike on both. */
const TABLES: Record<string, string> = {
  teams: "id",
  players: "id",
  sessions: "token_hash",
  password_resets: "token_hash",
  team_invitations: "code_hash",
  streams: "stream",
  participants: "stream",
  station_runs: "stream, station_id",
  event_log: "stream, seq",
  story_states: "stream",
  scheduled_messages: "id",
  read_marks: "player_id",
  news: "id",
  submissions: "id",
  push_subscriptions: "endpoint",
  pack_versions: "id",
  pack_releases: "id",
  pack_drafts: "id",
  pack_draft_files: "path",
  operator_audit: "id",
};

/** The tables whose rows name their game from 022 on. */
const SCOPED = [
  "players",
  "teams",
  "streams",
  "news",
  "submissions",
  "pack_versions",
  "pack_releases",
  "pack_drafts",
  "pack_draft_files",
  "operator_audit",
];

/** Every row of every table, without the game: what must survive the upgrade as it was. */
async function contents(raw: Raw): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    const rows = await raw.rows(`select * from ${table} order by ${order}`);
    all[table] = rows.map(({ game_id: _game, ...rest }) => rest);
  }
  return all;
}

async function upgradeAndCheck(store: Store, raw: Raw): Promise<void> {
  await store.migrate("021-read-marks");
  for (const statement of PLAYED) await raw.rows(statement);
  const before = await contents(raw);
  expect(before.players).toHaveLength(3);

  await store.migrate();
  // Every row as it was; later migrations may add columns with their defaults.
  expect(await contents(raw)).toMatchObject(before);
  expect(await raw.rows("select id, name, title, host, archived_at from games")).toEqual([
    { id: 1, name: "default", title: null, host: null, archived_at: null },
  ]);
  for (const table of SCOPED) {
    const games = await raw.rows(`select distinct game_id from ${table}`);
    expect({ table, games }).toEqual({ table, games: [{ game_id: 1 }] });
  }

  // The references still hold: a deleted player's sessions, reset link, read marks go with it.
  await raw.rows("delete from players where id = 1");
  expect(await raw.rows("select token_hash from sessions order by 1")).toEqual([
    { token_hash: "ben" },
    { token_hash: "solo" },
  ]);
  expect(Number((await raw.rows("select count(*) as n from read_marks"))[0]?.n)).toBe(0);
  expect(Number((await raw.rows("select count(*) as n from password_resets"))[0]?.n)).toBe(0);
  await expect(
    raw.rows("insert into sessions (token_hash, player_id, created_at) values ('x', 99, 'now')"),
  ).rejects.toThrow();

  // Ids go on after the highest ever given, the deleted one's included.
  await raw.rows(
    `insert into players (story_id, language, created_at) values ('marburg', 'de', '${at(4)}')`,
  );
  expect(await raw.rows("select max(id) as id from players")).toEqual([{ id: 5 }]);

  // What was unique in the installation is unique in the game.
  await raw.rows(`insert into games (name, created_at) values ('harbour', '${at(4)}')`);
  const [harbour] = await raw.rows("select id from games where name = 'harbour'");
  expect(harbour).toEqual({ id: 2 });
  await raw.rows("update players set phone = '+4915112345678' where id = 2");
  await raw.rows(`insert into players (story_id, language, created_at, phone, game_id)
    values ('harbour', 'de', '${at(4)}', '+4915112345678', 2)`);
  await expect(
    raw.rows(`insert into players (story_id, language, created_at, phone)
      values ('marburg', 'de', '${at(4)}', '+4915112345678')`),
  ).rejects.toThrow();
  await raw.rows(`insert into pack_versions (digest, files, source, created_at, game_id)
    values ('second', '[]', 'studio', '${at(4)}', 2)`);
  await expect(
    raw.rows(`insert into pack_versions (digest, files, source, created_at)
      values ('second', '[]', 'studio', '${at(4)}')`),
  ).rejects.toThrow();
  await raw.rows(`insert into pack_draft_files (path, hash, updated_at, game_id)
    values ('game.yaml', 'yaml', '${at(4)}', 2)`);
  await expect(
    raw.rows(`insert into pack_draft_files (path, hash, updated_at)
      values ('game.yaml', 'yaml', '${at(4)}')`),
  ).rejects.toThrow();
  await expect(
    raw.rows(`insert into news (created_at, text, game_id) values ('${at(4)}', '{}', 9)`),
  ).rejects.toThrow();
}

describe.each(rawDatabases)("migration 022 ($name)", ({ open }) => {
  it("moves a played game into game 1 with nothing lost", async () => {
    const { store, raw, close } = await open();
    try {
      await upgradeAndCheck(store, raw);
    } finally {
      await close();
    }
  });
});
