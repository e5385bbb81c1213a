/**
 * A write run again when InnoDB rolled it back as a deadlock's victim (or after a lock wait timed
 * out): the counter table's row triggers lock counter rows row by row, so two bulk creates of mixed
 * statuses can each hold a row the other needs. The database finds it and rolls one back, which
 * is then run again, as MariaDB's manual says an application must.
 */

/** MariaDB's codes for a transaction rolled back by a deadlock or a lock wait timeout. */
const RETRYABLE = new Set(["ER_LOCK_DEADLOCK", "ER_LOCK_WAIT_TIMEOUT"]);

/** Runs a transaction at most this many times. */
export const DEADLOCK_ATTEMPTS = 20;

/**
 * Runs `transaction`, again while it fails as a deadlock's victim (at most
 * {@link DEADLOCK_ATTEMPTS} times, a few random milliseconds apart); any other error at once.
 *
 * @param transaction - a whole transaction: it starts over each time
 * @example
 * ```ts
 * await afterDeadlocks(() => db.transaction().execute((trx) => create(trx)));
 * ```
 */
export async function afterDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= DEADLOCK_ATTEMPTS || !RETRYABLE.has(code as string)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
