import type { SQL } from "drizzle-orm";

/** The part of a select's configuration (Drizzle's public `query._.config`) pagewise reads. */
export interface SelectConfig {
  fields: Record<string, unknown>;
  where?: SQL;
  joins?: readonly unknown[];
  groupBy?: readonly unknown[];
  having?: unknown;
  distinct?: unknown;
  limit?: unknown;
  offset?: unknown;
  setOperators?: readonly unknown[];
}

/**
 * A select's configuration, where the select is one of Drizzle's builders.
 *
 * @param query - a select
 * @returns its configuration, or `undefined` for a select of another kind
 * @example
 * ```ts
 * configOf(db.select().from(packages))?.fields; // { id: packages.id, … }
 * ```
 */
export function configOf(query: unknown): SelectConfig | undefined {
  const config = (query as { _?: { config?: SelectConfig } } | null)?._?.config;
  return typeof config?.fields === "object" ? config : undefined;
}
