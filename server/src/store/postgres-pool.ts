import { Pool } from "pg";

/**
 * Connections per instance (pg's own default): a turn holds one for its transaction, stream
 * reads and the scheduler borrow one briefly. The event bus listens on one more of its own.
 */
const POOL_SIZE = 10;

/**
 * Every commit waits for the disk (decisions/026): a server configured to let commits return
 * earlier would lose, in a crash of its processes, replies players have seen. This raises
 * `synchronous_commit` from `off` to `on` for each connection; a stricter setting (such as
 * remote_apply, for a standby) stays.
 */
const DURABLE_COMMITS = `select set_config('synchronous_commit', 'on', false)
  where current_setting('synchronous_commit') = 'off'`;

/** The store's connections to PostgreSQL at `url` (passed on as it is, never printed). */
export function openPool(url: string): Pool {
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    // pg-pool waits for the hook's promise before it hands the connection out (and fails the
    // call when it rejects); @types/pg types the hook's result as void.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: async (client) => {
      // A connection that breaks while in use between two queries (a transaction awaiting the
      // engine) fails its next query instead, and the pool drops it on release. Unhandled, the
      // error would end the process.
      client.on("error", () => undefined);
      await client.query(DURABLE_COMMITS);
    },
  });
  // An idle connection that breaks (a database restart) leaves the pool, which connects anew
  // when asked; the event bus reports the loss.
  pool.on("error", () => undefined);
  return pool;
}
