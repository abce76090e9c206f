import { sql } from "kysely";
import type { DialectMigration } from "../migration-dialect";

// Numbers were stored as `00` + country code + number (`00491711234567`); now in E.164
// (`+491711234567`, accounts/phone.ts). Only the prefix differs, so no two rows meet.
// Rate-limit keys are HMACs of the old form: their counts start anew within a day.
export const migration: DialectMigration = () => ({
  async up(db) {
    await sql`update players set phone = '+' || substr(phone, 3)
      where phone like '00%'`.execute(db);
  },
  async down(db) {
    await sql`update players set phone = '00' || substr(phone, 2)
      where phone like '+%'`.execute(db);
  },
});
