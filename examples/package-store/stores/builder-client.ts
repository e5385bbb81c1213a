/** What the builder store runs on: a Kysely instance over the package tables, and its dialect. */
import type { Kysely } from "kysely";
import type { BuilderDialect, PackageTables } from "./builder-schema.js";

/** A database as the builder store sees it. */
export interface BuilderClient {
  /** What the start-up line names. */
  readonly kind: "sqlite" | "mysql";
  readonly dialect: BuilderDialect;
  /** Its faults reject with the 503 problem (`guardedDialect`). */
  readonly db: Kysely<PackageTables>;
  /** A stored `created_at` as the API answers it: ISO 8601 in UTC with milliseconds. */
  isoTime(stored: string): string;
}
