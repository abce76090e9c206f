import { sql } from "kysely";
import type { DialectMigration } from "../migration-dialect";

// Operators per game (decisions/054): an operator's roles are those of a game
// (`operator_roles`; a row without roles makes a viewer, no row: the game is not theirs), and
// `admin` is the installation's role, which creates and archives games and manages the
// operators. An operator of before keeps their roles in game 1; one with every role managed
// the others and is the installation's admin.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable("operator_roles")
      .addColumn("operator_id", "integer", (c) =>
        c.notNull().references("operators.id").onDelete("cascade"),
      )
      .addColumn("game_id", "integer", (c) =>
        c.notNull().references("games.id").onDelete("cascade"),
      )
      .addColumn("roles", "text", (c) => c.notNull().defaultTo(""))
      .addPrimaryKeyConstraint("operator_roles_key", ["operator_id", "game_id"])
      .execute();
    await db.schema
      .createIndex("operator_roles_game")
      .on("operator_roles")
      .column("game_id")
      .execute();
    await sql`insert into operator_roles (operator_id, game_id, roles)
      select id, 1, roles from operators`.execute(db);
    await db.schema
      .alterTable("operators")
      .addColumn("admin", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update operators set admin = 1
      where roles like '%author%' and roles like '%host%'`.execute(db);
    await db.schema.alterTable("operators").dropColumn("roles").execute();
  },
});
