import { DEFAULT_QUEUE_BOUNDS, type QueueBounds } from "./stores/statement-queue.js";

/** The most matches a search counts exactly, unless `COUNT_CAP` says otherwise. */
export const DEFAULT_COUNT_CAP = 10_000;

/** The milliseconds a request of the API has, unless `DEADLINE_MS` says otherwise. */
export const DEFAULT_DEADLINE_MS = 8_000;

/** Which store serves the packages. */
export type StoreConfig =
  | { readonly kind: "memory" }
  | {
      readonly kind: "pglite";
      readonly dataDir?: string | undefined;
      /** The bounds of the wait in front of it; default {@link DEFAULT_QUEUE_BOUNDS}. */
      readonly queue?: QueueBounds | undefined;
    }
  | { readonly kind: "postgres"; readonly url: string }
  | { readonly kind: "sqlite"; readonly file?: string | undefined }
  | { readonly kind: "mysql"; readonly url: string };

/** The example server's settings, read from the environment. */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly apiKey: string;
  readonly apiKeyIsDefault: boolean;
  readonly seed: number;
  readonly publicUrl?: string | undefined;
  /** Signs the cursors of `/v2/` lists; `undefined`: a random secret per process (docs/cursors.md). */
  readonly cursorSecret?: string | undefined;
  /**
   * The most matches a search counts exactly (`COUNT_CAP`); above it the list gives the bound,
   * `X-Pagination-CountAtLeast`. 0 counts exactly always. Default 10,000.
   */
  readonly countCap?: number | undefined;
  /**
   * The milliseconds a request of the API has (`DEADLINE_MS`): past them, the 503 problem with
   * `Retry-After` on a GET (pagewise's `deadline`). 0: none. Default 8,000.
   */
  readonly deadlineMs?: number | undefined;
  /** Default `{ kind: "memory" }`. */
  readonly store?: StoreConfig;
}

/**
 * Reads `HOST` (default 127.0.0.1), `PORT` (3000; 0 picks a free port), `API_KEY` (`dev-key`),
 * `SEED` (120 demo packages in demo/tools; 0 starts empty), `PUBLIC_URL` (optional),
 * `CURSOR_SECRET` (optional, at least 32 characters), `COUNT_CAP` (10,000; 0 counts searches
 * exactly), `DEADLINE_MS` (8,000; 0 for none) and the store:
 * `STORE=memory` (default), `STORE=pglite` (embedded PostgreSQL, in memory unless
 * `PGLITE_DATA_DIR` names a folder; `PGLITE_MAX_QUEUE`, 64, and `PGLITE_MAX_WAIT_MS`, 2,000, bound
 * the wait for it), `STORE=postgres` with `DATABASE_URL`, `STORE=sqlite` (in
 * memory unless `SQLITE_FILE` names a file) or `STORE=mysql` (MySQL or MariaDB) with `DATABASE_URL`.
 *
 * @throws {Error} for a PORT, SEED or COUNT_CAP that is not a whole number in range, a CURSOR_SECRET shorter
 *   than 32 characters, an unknown STORE, or STORE=postgres or STORE=mysql without DATABASE_URL
 */
export function readConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Config {
  return {
    host: env.HOST || "127.0.0.1",
    port: wholeNumber("PORT", env.PORT, 3000, 65535),
    apiKey: env.API_KEY || "dev-key",
    apiKeyIsDefault: !env.API_KEY,
    seed: wholeNumber("SEED", env.SEED, 120, 1_000_000),
    publicUrl: env.PUBLIC_URL || undefined,
    cursorSecret: cursorSecret(env.CURSOR_SECRET),
    countCap: wholeNumber("COUNT_CAP", env.COUNT_CAP, DEFAULT_COUNT_CAP, 1_000_000_000),
    deadlineMs: wholeNumber("DEADLINE_MS", env.DEADLINE_MS, DEFAULT_DEADLINE_MS, 600_000),
    store: storeConfig(env),
  };
}

function cursorSecret(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) {
    throw new Error(
      `CURSOR_SECRET must be at least 32 characters (e.g. openssl rand -hex 32), got ${value.length}`,
    );
  }
  return value;
}

/** What `DATABASE_URL` looks like for each server store. */
const EXAMPLE_URLS = {
  postgres: "postgres://user@127.0.0.1:5432/packages",
  mysql: "mysql://user:password@127.0.0.1:3306/packages",
} as const;

function storeConfig(env: Readonly<Record<string, string | undefined>>): StoreConfig {
  const kind = env.STORE || "memory";
  if (kind === "memory") return { kind };
  if (kind === "pglite")
    return { kind, dataDir: env.PGLITE_DATA_DIR || undefined, queue: queue(env) };
  if (kind === "sqlite") return { kind, file: env.SQLITE_FILE || undefined };
  if (kind === "postgres" || kind === "mysql") {
    if (!env.DATABASE_URL) {
      throw new Error(`STORE=${kind} needs DATABASE_URL, e.g. ${EXAMPLE_URLS[kind]}`);
    }
    return { kind, url: env.DATABASE_URL };
  }
  throw new Error(
    `STORE must be memory, pglite, postgres, sqlite or mysql, got ${JSON.stringify(kind)}`,
  );
}

/** The wait in front of PGlite: `PGLITE_MAX_QUEUE` statements, `PGLITE_MAX_WAIT_MS` each. */
function queue(env: Readonly<Record<string, string | undefined>>): QueueBounds {
  const { maxQueued, maxWaitMs } = DEFAULT_QUEUE_BOUNDS;
  return {
    maxQueued: wholeNumber("PGLITE_MAX_QUEUE", env.PGLITE_MAX_QUEUE, maxQueued, 100_000),
    maxWaitMs: wholeNumber("PGLITE_MAX_WAIT_MS", env.PGLITE_MAX_WAIT_MS, maxWaitMs, 600_000),
  };
}

function wholeNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  max: number,
): number {
  if (value === undefined || value === "") return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) > max) {
    throw new Error(
      `${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return Number(value);
}
