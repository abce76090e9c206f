import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  PostgresIntrospector,
  sql,
} from "kysely";
import type {
  DatabaseIntrospector,
  DatabaseMetadata,
  DatabaseMetadataOptions,
  Kysely,
  SchemaMetadata,
  TableMetadata,
} from "kysely";

/**
 * PostgreSQL as Kysely speaks it, except that what the migrator asks of the database (does its
 * table exist?) looks at the connection's own schema alone. Kysely's introspection reads every
 * schema and asks for each column's sequence: a schema that another deployment on the same
 * database drops meanwhile (another test file's, in the tests) fails it with "schema does not
 * exist", and the start with it.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

type ColumnRow = {
  schema: string;
  name: string;
  kind: string;
  col: string;
  type: string;
  typeschema: string;
  nullable: string;
  preset: string | null;
  identity: string;
  note: string | null;
};

const kyselyTables = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

/** The tables and views of `current_schema()`, with their columns, from information_schema. */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.#db).getSchemas();
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // One-word aliases: the store's CamelCasePlugin leaves them as they are.
    const { rows } = await sql<ColumnRow>`
      select t.table_schema as schema, t.table_name as name, t.table_type as kind,
        c.column_name as col, c.udt_name as type, c.udt_schema as typeschema,
        c.is_nullable as nullable, c.column_default as preset, c.is_identity as identity,
        col_description(format('%I.%I', t.table_schema, t.table_name)::regclass,
          c.ordinal_position::int) as note
      from information_schema.tables t
      join information_schema.columns c
        on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = current_schema()
      order by t.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && kyselyTables.has(row.name)) continue;
      let table = tables.get(row.name);
      if (table === undefined) {
        table = { name: row.name, schema: row.schema, isView: row.kind === "VIEW", columns: [] };
        tables.set(row.name, table);
      }
      table.columns.push({
        name: row.col,
        dataType: row.type,
        dataTypeSchema: row.typeschema,
        isNullable: row.nullable === "YES",
        hasDefaultValue: row.preset !== null || row.identity === "YES",
        isAutoIncrementing: row.identity === "YES" || /^nextval\(/.test(row.preset ?? ""),
        ...(row.note !== null && { comment: row.note }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
