/** The most matches a search counts exactly, unless `COUNT_CAP` says otherwise. */
export const DEFAULT_COUNT_CAP = 10_000;

/** Which store serves the packages. */
export type StoreConfig =
  | { readonly kind: "memory" }
  | { readonly kind: "pglite"; readonly dataDir?: string | undefined }
  | { readonly kind: "postgres"; readonly url: string };

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
  /** Default `{ kind: "memory" }`. */
  readonly store?: StoreConfig;
}

/**
 * Reads `HOST` (default 127.0.0.1), `PORT` (3000; 0 picks a free port), `API_KEY` (`dev-key`),
 * `SEED` (120 demo packages in demo/tools; 0 starts empty), `PUBLIC_URL` (optional),
 * `CURSOR_SECRET` (optional, at least 32 characters), `COUNT_CAP` (10,000; 0 counts searches
 * exactly) and the store:
 * `STORE=memory` (default), `STORE=pglite` (embedded PostgreSQL, in memory unless
 * `PGLITE_DATA_DIR` names a folder) or `STORE=postgres` with `DATABASE_URL`.
 *
 * @throws {Error} for a PORT, SEED or COUNT_CAP that is not a whole number in range, a CURSOR_SECRET shorter
 *   than 32 characters, an unknown STORE, or STORE=postgres without DATABASE_URL
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

function storeConfig(env: Readonly<Record<string, string | undefined>>): StoreConfig {
  const kind = env.STORE || "memory";
  if (kind === "memory") return { kind };
  if (kind === "pglite") return { kind, dataDir: env.PGLITE_DATA_DIR || undefined };
  if (kind === "postgres") {
    if (!env.DATABASE_URL) {
      throw new Error(
        "STORE=postgres needs DATABASE_URL, e.g. postgres://user@127.0.0.1:5432/packages",
      );
    }
    return { kind, url: env.DATABASE_URL };
  }
  throw new Error(`STORE must be memory, pglite or postgres, got ${JSON.stringify(kind)}`);
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
