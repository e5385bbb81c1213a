/**
 * The example server's three frameworks, by name, for suites that run each test on every one
 * (and every store the run covers).
 */
import { startExpress } from "../../examples/package-store/serve-express.js";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import { startFetch } from "../../examples/package-store/serve-fetch.js";
import type { Start } from "../../examples/package-store/started.js";
import { STORE_KINDS, type StoreKind } from "./stores.js";

/** Each framework's start of the example server. */
export const EXAMPLE_SERVERS: Readonly<Record<string, Start>> = {
  fastify: startFastify,
  express: startExpress,
  fetch: startFetch,
};

/**
 * Every framework on every store kind of the run, as `describe.each` rows.
 *
 * @example
 * ```ts
 * describe.each(serverCases())("example server on %s, %s store", (name, kind) => {
 *   // EXAMPLE_SERVERS[name]({ ...config, store: await freshStore(kind) })
 * });
 * ```
 */
export function serverCases(): [string, StoreKind][] {
  return Object.keys(EXAMPLE_SERVERS).flatMap((name) =>
    STORE_KINDS.map((kind): [string, StoreKind] => [name, kind]),
  );
}
