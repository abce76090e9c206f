import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestSchema } from "../../test/support/postgres";
import { postgresRaw, sqliteRaw } from "../../test/support/raw-sql";
import type { Raw } from "../../test/support/raw-sql";
import type { DatabaseConfig } from "../config";
import type { ErasedRows } from "./game-erasure";
import { openStore } from "./store";
import type { Store } from "./store";

const AT = "'2026-11-29T10:00:00.000Z'";

type Fresh = {
  config: DatabaseConfig;
  raw: () => Promise<Raw>;
  /** SQL that lists the tables with a game_id column as `name`. */
  gameTables: string;
  drop(): Promise<void>;
};

const databases: [string, () => Promise<Fresh>][] = [
  [
    "SQLite",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "wegmarke-erasure-"));
      const file = join(dir, "db.sqlite");
      return {
        config: { kind: "sqlite", file },
        raw: () => sqliteRaw(file),
        gameTables: `select m.name as name from sqlite_master m, pragma_table_info(m.name) c
          where m.type = 'table' and c.name = 'game_id'`,
        drop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const schema = await createTestSchema();
      return {
        config: schema.database,
        raw: () => postgresRaw(schema.database.url),
        gameTables: `select table_name as name from information_schema.columns
          where column_name = 'game_id' and table_schema = current_schema()`,
        drop: schema.drop,
      };
    },
  ],
];

/**
 * A row in every table of a game's: a player in a team and one alone, with their devices'
 * rows, three streams with their state and log, a submission, news, a version live and a
 * draft of it, an operator's role and audit. Ids are the game's hundreds.
 */
function rowsOf(game: number): string[] {
  const n = game * 100;
  const [player, alone, team] = [n + 1, n + 2, n + 3];
  const stream = `'player:${player}'`;
  return [
    `insert into teams (id, game_id, created_at, founder_id) values (${team}, ${game}, ${AT}, ${player})`,
    `insert into players (id, game_id, story_id, language, created_at, first_name, phone, team_id)
      values (${player}, ${game}, 'marburg', 'de', ${AT}, 'Name${game}', '+4915100000${game}', ${team}),
        (${alone}, ${game}, 'marburg', 'de', ${AT}, null, null, null)`,
    `insert into sessions (token_hash, player_id, created_at)
      values ('token-${player}', ${player}, ${AT}), ('token-${alone}', ${alone}, ${AT})`,
    `insert into sms_codes (player_id, code_hash, expires_at) values (${alone}, 'code', ${AT})`,
    `insert into password_resets (token_hash, player_id, expires_at)
      values ('reset-${player}', ${player}, ${AT})`,
    `insert into read_marks (player_id, stream, marks) values (${player}, ${stream}, '{}')`,
    `insert into push_subscriptions (endpoint, token_hash, player_id, p256dh, auth, created_at)
      values ('https://push.example.org/${game}', 'token-${player}', ${player}, 'key', 'auth', ${AT})`,
    `insert into team_invitations (code_hash, team_id, expires_at) values ('invite-${team}', ${team}, ${AT})`,
    `insert into streams (stream, game_id, last_seq) values (${stream}, ${game}, 2),
      ('player:${alone}', ${game}, 0), ('team:${team}', ${game}, 1)`,
    `insert into participants (stream, current_station, updated_at) values (${stream}, 1, ${AT}),
      ('team:${team}', 0, ${AT})`,
    `insert into station_runs (stream, station_id, status, ink_state, awaiting, language, updated_at)
      values (${stream}, 1, 'running', '{}', '{}', 'de', ${AT})`,
    `insert into event_log (stream, seq, type, station_id, payload, created_at)
      values (${stream}, 1, 'webtext', 1, '{}', ${AT}), (${stream}, 2, 'webtext', 1, '{}', ${AT}),
        ('team:${team}', 1, 'webtext', 1, '{}', ${AT})`,
    `insert into story_states (stream, story_id, done_at) values (${stream}, 1, ${AT})`,
    `insert into media_progress (stream, station_id, content_ref, max_ratio, seen_ratio, updated_at)
      values (${stream}, 1, 'film.mp4', 0.2, 0.5, ${AT})`,
    `insert into scheduled_messages (stream, station_id, kind, due_at) values (${stream}, 1, 'reminder', ${AT})`,
    `insert into submissions (game_id, stream, player_id, station_id, kind, task, points, type, size,
        files, state, created_at)
      values (${game}, ${stream}, ${player}, 1, 'photo', 'Der Drache', 3, 'image/jpeg', 100,
        'submissions/${game}/', 'waiting', ${AT})`,
    `insert into organiser_messages (id, game_id, stream, player_id, operator, text, created_at)
      values (${n + 1}, ${game}, 'team:${team}', ${player}, null, 'Hilfe', ${AT}),
        (${n + 2}, ${game}, 'team:${team}', null, 'anna', 'Gleich', ${AT})`,
    `insert into organiser_photos (message_id, photo, thumb) values (${n + 1}, '\\xffd8', '\\xffd8')`,
    `insert into organiser_conversations (stream, game_id, last_id, last_at, open, unread)
      values ('team:${team}', ${game}, ${n + 2}, ${AT}, 0, 0)`,
    `insert into organiser_reads (player_id, stream, read_id) values (${player}, 'team:${team}', ${n + 2})`,
    `insert into point_awards (id, game_id, stream, points, reason, operator, created_at)
      values (${n + 1}, ${game}, ${stream}, 3, 'Beste Verkleidung', 'anna', ${AT})`,
    `insert into news (id, game_id, created_at, text) values (${n + 1}, ${game}, ${AT}, '{"de":"Nachricht ${game}"}')`,
    `insert into pack_versions (id, game_id, digest, files, source, created_at)
      values (${n + 1}, ${game}, 'digest', '[{"path":"game.yaml","hash":"shared","size":1}]', 'folder', ${AT})`,
    `insert into pack_releases (id, game_id, version_id, released_at) values (${n + 1}, ${game}, ${n + 1}, ${AT})`,
    `insert into pack_drafts (id, game_id, base_version_id) values (${game}, ${game}, ${n + 1})`,
    `insert into pack_draft_files (path, game_id, hash, updated_at) values ('game.yaml', ${game}, 'shared', ${AT})`,
    `insert into operator_roles (operator_id, game_id, roles) values (1, ${game}, 'author')`,
    `insert into operator_audit (id, game_id, at, via, action) values (${n + 1}, ${game}, ${AT}, 'cli', 'news.send')`,
  ];
}

/** The rows of every table the two games' rows went into, and the shared ones. */
const TABLES = [
  "players",
  "sessions",
  "sms_codes",
  "password_resets",
  "read_marks",
  "push_subscriptions",
  "teams",
  "team_invitations",
  "streams",
  "participants",
  "station_runs",
  "event_log",
  "story_states",
  "media_progress",
  "scheduled_messages",
  "organiser_messages",
  "organiser_conversations",
  "organiser_reads",
  "organiser_photos",
  "point_awards",
  "submissions",
  "news",
  "pack_versions",
  "pack_releases",
  "pack_drafts",
  "pack_draft_files",
  "operator_roles",
  "operator_audit",
];

/** An archived game's erasure (store/game-erasure.ts), batch by batch, beside a game that plays. */
describe.each(databases)("a game's erasure on %s", (_name, fresh) => {
  let store: Store;
  let raw: Raw;
  let drop: () => Promise<void>;
  let gameTables: string;

  const counts = async () => {
    const counted: Record<string, number> = {};
    for (const table of [...TABLES, "pack_blobs", "operators", "games", "erased_files"]) {
      const [row] = await raw.rows(`select count(*) as n from ${table}`);
      counted[table] = Number(row?.n);
    }
    return counted;
  };

  beforeEach(async () => {
    const database = await fresh();
    drop = database.drop;
    gameTables = database.gameTables;
    store = openStore(database.config);
    await store.migrate();
    raw = await database.raw();
    for (const name of ["harbour", "castle"]) {
      await store.repos.games.create({ name, createdAt: "2026-11-29T09:00:00.000Z" });
    }
    await store.repos.games.archive(2, "2026-11-29T12:00:00.000Z");
    await raw.rows(`insert into pack_blobs (hash, size, chunks) values ('shared', 1, 1)`);
    await raw.rows(
      `insert into operators (id, name, password_hash, created_at) values (1, 'anna', 'x', ${AT})`,
    );
    for (const game of [2, 3]) for (const sql of rowsOf(game)) await raw.rows(sql);
  });

  afterEach(async () => {
    await raw.close();
    await store.close();
    await drop();
  });

  it("has a row of the game in every table with a game_id column", async () => {
    const listed = await raw.rows(gameTables);
    expect(listed.length).toBeGreaterThan(0);
    for (const { name } of listed) {
      // A table that names its game gets a row above, and the erasure takes it.
      expect(TABLES, `a table with game_id: ${String(name)}`).toContain(name);
    }
  });

  it("deletes every row of the archived game, a batch per call, and nothing of another", async () => {
    const before = await counts();
    const steps: ErasedRows[] = [];
    for (;;) {
      const erased = await store.transaction((repos) => repos.games.eraseSome(2, 1));
      if (!erased) break;
      steps.push(erased);
    }
    // Three streams one by one, the submission, two players, then one of each kind.
    expect(steps.map((step) => Object.keys(step).at(-1))).toEqual([
      "streams",
      "streams",
      "streams",
      "submissions",
      "players",
      "players",
      "teams",
      "news",
      "packReleases",
      "packDraftFiles",
      "packVersions",
      "operatorAudit",
      "operatorRoles",
    ]);
    const after = await counts();
    for (const table of TABLES) {
      expect([table, after[table]]).toEqual([table, (before[table] ?? 0) / 2]);
    }
    // The shared content, the operators and the game's row stay; the files wait for the blobs.
    expect(after).toMatchObject({ pack_blobs: 1, operators: 1, games: 3, erased_files: 1 });
    expect(await raw.rows("select prefix from erased_files")).toEqual([
      { prefix: "submissions/2/" },
    ]);
    expect(await raw.rows("select first_name from players where first_name is not null")).toEqual([
      { first_name: "Name3" },
    ]);
    expect(await store.transaction((repos) => repos.games.eraseSome(2, 100))).toBeUndefined();
  });

  it("refuses a game that plays", async () => {
    await expect(store.transaction((repos) => repos.games.eraseSome(3, 100))).rejects.toThrow(
      "game 3 is not archived",
    );
    expect((await counts()).players).toBe(4);
  });
});
