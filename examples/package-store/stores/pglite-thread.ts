/**
 * PGlite on a thread of its own (`pglite-worker.mjs`), as the server's thread reaches it: each
 * statement a message, each answer a promise. PGlite holds the thread a statement runs on; on the
 * server's own thread that stopped its event loop for as long, and Node accepts one new connection
 * per turn of the loop (libuv stopped accepting in a loop in 2022: libuv/libuv#3696): 64 clients
 * connecting at once under the load suite's mix waited up to 10 s for their connection to be
 * taken (measured: `npm run bench -- load`, docs/performance.md).
 * Values and rows cross the thread by structured clone: plain data (primitives, `Date`, bytes,
 * arrays and plain objects of them) crosses as it is; a function or symbol rejects its statement.
 */
import { Worker } from "node:worker_threads";

/** What the worker answers: a statement's result or error, or its start's outcome. */
interface Answer {
  readonly id?: number;
  readonly result?: unknown;
  readonly error?: Record<string, unknown>;
  /** What the worker caught when it was no object (a string thrown), as it was. */
  readonly thrown?: unknown;
  readonly ready?: true;
  readonly failed?: Record<string, unknown>;
}

/** PGlite's statements, run on its thread. */
export interface PgliteThread {
  /** Runs `op` (`query` with bound values, `exec` of a script, `close`); its result. */
  run(op: "query" | "exec" | "close", text?: string, values?: readonly unknown[]): Promise<unknown>;
  /** Ends the thread (after `close`). */
  terminate(): Promise<void>;
}

/**
 * The error of a thread that has ended: a database connection lost, as `databaseFault` reads its
 * code (`57P01`, PostgreSQL's own when its server shuts down), so the API answers it with a 503.
 */
const threadEnded = (why: string) =>
  Object.assign(new Error(`PGlite's thread ended (${why})`), { code: "57P01" });

/** An error of the worker's, rebuilt with its fields (`code` for the database's faults). */
const rebuilt = (data: Record<string, unknown> = {}) =>
  Object.assign(new Error(String(data.message)), data);

/**
 * Starts PGlite (with pg_trgm) on a worker thread: in memory, or in `dataDir` to persist.
 *
 * @param dataDir - where the database is kept; in memory when not given
 * @throws what PGlite threw starting, or the worker's own failure
 * @example
 * ```ts
 * const thread = await pgliteThread();
 * await thread.run("query", "SELECT $1::int AS n", [1]); // [{ n: 1 }]
 * ```
 */
export async function pgliteThread(dataDir?: string): Promise<PgliteThread> {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir },
    // Plain JavaScript: none of the parent's loaders (tsx) need start with it.
    execArgv: [],
  });
  const pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  let lastId = 0;
  // Set once the thread has failed or ended: every statement then rejects with it, at once.
  let ended: unknown;
  const failAll = (error: unknown) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (answer: Answer) => {
      if (answer.ready) return resolve();
      if (answer.failed) return reject(rebuilt(answer.failed));
      const waiter = pending.get(answer.id as number);
      pending.delete(answer.id as number);
      if (answer.error) waiter?.reject(rebuilt(answer.error));
      else if ("thrown" in answer) waiter?.reject(answer.thrown);
      else waiter?.resolve(answer.result);
    });
    // An answer that cannot be read (never with plain rows): no statement may wait for it.
    worker.on("messageerror", (error) => failAll(error));
    worker.on("error", (error) => {
      reject(error);
      failAll(error);
    });
    worker.on("exit", (code) => {
      const error = threadEnded(`exit code ${code}`);
      reject(error);
      failAll(error);
    });
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    run: (op, text, values) =>
      new Promise((resolve, reject) => {
        if (ended !== undefined) return reject(ended);
        lastId += 1;
        // Posted first: a value that cannot be cloned throws here, and nothing is left waiting.
        worker.postMessage({ id: lastId, op, text, values });
        pending.set(lastId, { resolve, reject });
      }),
    terminate: async () => void (await worker.terminate()),
  };
}
