/**
 * What the example's servers need of a store: the packages of a repository, created in bulk,
 * counted and paged in creation order (by page or by cursor), searched, and deleted by status. The
 * in-memory store, the SQL store (PGlite or a PostgreSQL server, raw SQL) and the builder store
 * (SQLite or MariaDB through `pagewise/kysely`) answer alike on every route.
 */

import type { CursorQuery, ListResult, SortOrder } from "pagewise";

/** Package statuses, in the order the UI lists them. */
export const STATUSES = [
  "awaiting_sync",
  "sync_in_progress",
  "completed",
  "failed",
  "quarantined",
] as const;
export type Status = (typeof STATUSES)[number];

/** A stored package. */
export interface Package {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly status: Status;
  /** ISO 8601 in UTC with milliseconds: `2026-11-23T12:00:00.000Z`. */
  readonly created_at: string;
}

/** What creating a package takes. */
export interface NewPackage {
  readonly name: string;
  readonly version: string;
  readonly status?: Status | undefined;
}

/** A search of a repository's packages: names containing `query`, of one status or all. */
export interface SearchFilter {
  readonly status?: Status | undefined;
  readonly query: string;
}

/**
 * Text as a search compares it: ASCII letters in lower case, every other character as it is. The
 * same on every store, whatever a database's locale (PostgreSQL's ILIKE folds other letters or
 * not by the database's ctype: PGlite's C.UTF-8 does, a C cluster does not).
 */
export function searchFold(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The orders a client may ask of a package list (`sort=-created_at,name`): by name, version,
 * status or creation time, ties broken by id; oldest first by default, as the spec's examples
 * list them. Each store serves every order (the SQL stores from an index: docs/example.md).
 */
export const PACKAGE_SORT = {
  fields: { name: true, version: true, status: true, created_at: true },
  tieBreaker: "id",
  default: "created_at",
} as const;

/** A list's order as the API gives it; `undefined`: creation order (by id). */
export type PackageOrder = SortOrder<keyof typeof PACKAGE_SORT.fields | "id"> | undefined;

/** A value now (the memory store) or later (a database). */
export type Answer<T> = T | Promise<T>;

/**
 * A package store. A database's faults reject with the 503 problem (`serviceUnavailable`). The
 * methods a request calls take its `signal` (the handler's): once it is aborted, a database store
 * starts no statement for it and cancels a running one where it can, rejecting with the
 * signal's reason; the memory store, which answers at once, ignores it.
 */
export interface PackageStore {
  /** What the start-up line names: `memory`, `pglite`, `postgres`, `sqlite` or `mysql`. */
  readonly kind: "memory" | "pglite" | "postgres" | "sqlite" | "mysql";
  /** Creates packages in the repository, all or none; returns them with ids and times, in order. */
  create(
    owner: string,
    repo: string,
    inputs: readonly NewPackage[],
    signal?: AbortSignal,
  ): Answer<Package[]>;
  /** How many packages the repository holds, of one status or all: exact, and O(1). */
  count(owner: string, repo: string, status?: Status): Answer<number>;
  /** `limit` packages from `offset`, in creation order, of one status or all. */
  page(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
  ): Answer<Package[]>;
  /**
   * A page in the order given and the count it belongs to, read together (one snapshot of a
   * database): the count always agrees with the rows, whatever runs meanwhile.
   */
  list(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
    order?: PackageOrder,
    signal?: AbortSignal,
  ): Answer<{ count: number; rows: Package[] }>;
  /**
   * The packages of a cursor page (`cursor.limit` at most, nearest the cursor first, in the
   * order given) and the count, read together as {@link PackageStore.list} reads them. The
   * cursor holds the order's values of the row it stands at. A store that reads each row's sort
   * values apart from the row as presented (pagewise/kysely's) gives them as `values`.
   */
  keyset(
    owner: string,
    repo: string,
    status: Status | undefined,
    cursor: CursorQuery,
    order?: PackageOrder,
    signal?: AbortSignal,
  ): Answer<{ count: number; rows: Package[]; values?: readonly (readonly unknown[])[] }>;
  /**
   * A search's page for pagewise's list: the packages whose name contains the filter's text (ASCII
   * letters in either case, see {@link searchFold}; `%`, `_` and `\` as themselves), in the order
   * given, counted only when the page does not tell the total, exactly up to `cap` matches
   * (`{ atLeast: cap + 1 }` beyond), all with a cap of 0.
   */
  searchPage(
    owner: string,
    repo: string,
    filter: SearchFilter,
    order: PackageOrder,
    cap: number,
    signal?: AbortSignal,
  ): ListResult<Package>;
  /** Deletes every package of the status in the repository, at once; returns how many. */
  deleteByStatus(owner: string, repo: string, status: Status, signal?: AbortSignal): Answer<number>;
  /**
   * Creates the packages unless this repository was seeded before: once per store, whichever of
   * several processes on one database starts first. Returns how many it created.
   */
  seed(owner: string, repo: string, inputs: readonly NewPackage[]): Answer<number>;
  /** Packages in the whole store. */
  size(): Answer<number>;
  /** Releases the store's connections. */
  close(): Promise<void>;
}

/** `count` demo packages (`pkg-001` …), their statuses cycling through {@link STATUSES}. */
export function demoPackages(count: number): NewPackage[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `pkg-${String(i + 1).padStart(3, "0")}`,
    version: `1.${Math.floor(i / 10)}.${i % 10}`,
    status: STATUSES[i % STATUSES.length],
  }));
}
