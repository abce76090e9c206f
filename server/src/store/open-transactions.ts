/**
 * Transactions under way, or waiting for the connection. SQLite has one connection: a statement
 * run on it directly while none is under way cannot see another caller's uncommitted writes.
 */
export class OpenTransactions {
  private count = 0;

  get none(): boolean {
    return this.count === 0;
  }

  /** How many: the metrics read it. */
  get size(): number {
    return this.count;
  }

  async during<T>(work: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await work();
    } finally {
      this.count--;
    }
  }
}
