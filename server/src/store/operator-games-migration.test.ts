import { describe, expect, it } from "vitest";
import { rawDatabases } from "../../test/support/raw-sql";

const AT = "2026-11-01T10:00:00.000Z";

describe.each(rawDatabases)("migration 023 ($name)", ({ open }) => {
  it("keeps every operator's roles in game 1 and makes those with every role the admins", async () => {
    const { store, raw, close } = await open();
    try {
      await store.migrate("022-games");
      await raw.rows(`insert into operators (name, password_hash, created_at, roles)
        values ('lena', '$argon2id$l', '${AT}', 'author,host'), ('jonas', '$argon2id$j', '${AT}',
          'host'), ('pia', '$argon2id$p', '${AT}', '')`);
      await raw.rows(`insert into operator_sessions (token_hash, operator_id, created_at, expires_at)
        values ('jonas-session', 2, '${AT}', '2026-11-02T10:00:00.000Z')`);
      await raw.rows(`insert into games (name, created_at) values ('hafen', '${AT}')`);

      await store.migrate();
      expect(await raw.rows("select name, admin from operators order by id")).toEqual([
        { name: "lena", admin: 1 },
        { name: "jonas", admin: 0 },
        { name: "pia", admin: 0 },
      ]);
      expect(
        await raw.rows("select operator_id, game_id, roles from operator_roles order by 1, 2"),
      ).toEqual([
        { operator_id: 1, game_id: 1, roles: "author,host" },
        { operator_id: 2, game_id: 1, roles: "host" },
        { operator_id: 3, game_id: 1, roles: "" },
      ]);
      // The session holds; the operator's id is the same, so it signs in as before.
      const sessions = await store.repos.operators.findSession("jonas-session", AT);
      expect(sessions).toMatchObject({ name: "jonas", roles: "host", admin: 0 });
      // Another game's roles stand beside; a deleted operator's go with them.
      await raw.rows("insert into operator_roles (operator_id, game_id, roles) values (2, 2, '')");
      expect(await store.forGame(2).repos.operators.rolesHere(2)).toBe("");
      expect(await store.forGame(2).repos.operators.rolesHere(1)).toBeNull();
      await raw.rows("delete from operators where id = 2");
      expect(await raw.rows("select operator_id from operator_roles order by 1")).toEqual([
        { operator_id: 1 },
        { operator_id: 3 },
      ]);
      await expect(
        raw.rows("insert into operator_roles (operator_id, game_id, roles) values (1, 9, '')"),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
