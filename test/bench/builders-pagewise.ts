/**
 * Where pagewise's own pages go in the builders suite: `pagewise/kysely` and `pagewise/drizzle`
 * (issue 22) are not on this branch yet, so the table is empty and the suite says so. Filling an
 * entry is the whole of plugging an integration in: a function of the driver handle giving the
 * three pages the hand-written ones give (page 1, the OFFSET page, the cursor page after a row),
 * through pagewise's pipeline (`handleResource` over `list({ sort, handler: kyselyPages(…) })`
 * and `cursorList({ sort, secret, handler: kyselyCursorPages(…) })`, or their Drizzle twins).
 * The suite then measures them beside the hand-written pages and prints the goals.
 * @packageDocumentation
 */
import type { Handle } from "./builders-databases.js";
import type { HandPages } from "./builders-kysely.js";
import type { DialectName } from "./builders-table.js";

/** The builders pagewise integrates. */
export type Builder = "Kysely" | "Drizzle";

/** pagewise's pages by builder and dialect; an entry missing is an integration not measured. */
export const PAGEWISE: Readonly<
  Record<Builder, Partial<Record<DialectName, (handle: Handle) => HandPages>>>
> = {
  Kysely: {},
  Drizzle: {},
};
