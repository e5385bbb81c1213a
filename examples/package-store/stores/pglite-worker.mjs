/**
 * PGlite on a thread of its own (a `worker_threads` worker; `pgliteThread` starts it): it answers
 * each message `{ id, op, text, values }` with `{ id, result }` or `{ id, error }`. PostgreSQL in
 * WebAssembly holds the thread it runs on for as long as a statement runs; here that is not the
 * server's thread, whose event loop goes on reading sockets, accepting connections and running
 * timers. Plain JavaScript, so that Node loads it as it is under every runner (tsx, vitest).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * An error as data a message can carry: its name, message, stack and every plain field (`code`,
 * `detail`, …). An error without a message (Emscripten's file system throws
 * `{ name: "ErrnoError", errno: 54 }`) gets one of its name and fields.
 */
const asData = (error) => {
  const fields = Object.entries(error).filter(
    ([, value]) => typeof value === "string" || typeof value === "number",
  );
  const name = String(error.name ?? "Error");
  const own = fields.filter(([key]) => key !== "name" && key !== "message");
  const told = own.length === 0 ? "" : ` (${own.map(([k, v]) => `${k} ${v}`).join(", ")})`;
  const message = error.message || `${name}${told}`;
  return { ...Object.fromEntries(fields), name, message: String(message), stack: error.stack };
};

/** The answer to a statement that threw: an object as data, anything else as it was thrown. */
const failure = (id, error) =>
  typeof error === "object" && error !== null
    ? { id, error: asData(error) }
    : { id, thrown: typeof error === "symbol" ? String(error) : error };

try {
  const { dataDir } = workerData;
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const ops = {
    query: async ({ text, values }) => (await db.query(text, values)).rows,
    exec: async ({ text }) => void (await db.exec(text)),
    close: () => db.close(),
  };
  parentPort.on("message", async (message) => {
    try {
      parentPort.postMessage({ id: message.id, result: await ops[message.op](message) });
    } catch (error) {
      parentPort.postMessage(failure(message.id, error));
    }
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: asData(Object(error)) });
}
