/**
 * What the TypeORM suites share: the lists' order, the suite's table (ties in every field, NULL
 * scores, timestamps a microsecond apart, bigints beyond 2^53), the database's own ORDER BY of
 * it, and resources serving `typeormPages` and `typeormCursorPages` over a query builder.
 */
import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import {
  type TypeormCursorPagesOptions,
  type TypeormPagesOptions,
  typeormCursorPages,
  typeormPages,
} from "../../../src/builders/typeorm/index.js";
import { cursorList, defineResource, list } from "../../../src/index.js";
import type { DialectName } from "../../../src/sql/dialect.js";
import type { PackageRow, TypeormDatabase, VersionRow } from "./typeorm-databases.js";

export const SECRET = "typeorm-secret-typeorm-secret-typeorm";
/** Downloads beyond 2^53, where a double would merge neighbours. */
export const BIG = 2n ** 53n + 1n;

/** The fields the lists offer: text, nullable, few values, timestamp, uuid, bigint; the key last. */
export const SORT = {
  fields: {
    name: true,
    score: { nullable: true },
    grp: true,
    createdAt: { type: "timestamp" },
    uid: true,
    downloads: { type: "bigint" },
    tag: { nullable: true },
  },
  tieBreaker: "id",
} as const;

/** The same fields with `score`'s NULLs last ascending: contrary to MariaDB's and SQLite's place. */
export const SORT_NULLS_LAST = {
  ...SORT,
  fields: { ...SORT.fields, score: { nullable: true, nulls: "last" } },
} as const;

/** Each field's column in SQL of the suite's own. */
const COLUMNS: Readonly<Record<string, string>> = {
  name: "p.name",
  score: "p.score",
  grp: "p.grp",
  createdAt: "p.created_at",
  uid: "p.uid",
  downloads: "p.downloads",
  tag: "v.tag",
  id: "p.id",
};

/**
 * The database's own order of the packages for `sort`, the key last in the last term's direction
 * (NULLs where the database puts them, or `score`'s last ascending with `nullsLast`); with `tag`,
 * over the join to versions, each package where its first joined row lies.
 */
export async function databaseOrder(
  db: TypeormDatabase,
  sort: string,
  nullsLast = false,
): Promise<string[]> {
  const terms = sort.split(",").map((field) => {
    const direction = field.startsWith("-") ? "DESC" : "ASC";
    const column = COLUMNS[field.replace(/^-/, "")] as string;
    if (column !== "p.score" || !nullsLast) return `${column} ${direction}`;
    return `p.score IS NULL ${direction}, p.score ${direction}`;
  });
  const direction = (terms.at(-1) as string).endsWith("DESC") ? "DESC" : "ASC";
  const rows = await db.raw(
    `SELECT p.id AS id FROM packages p LEFT JOIN versions v ON v.package_id = p.id ORDER BY ${terms.join(", ")}, p.id ${direction}`,
  );
  return [...new Set(rows.map((r) => String(r.id)))];
}

const NAMES = ["alpha", "Alpha", "émile", "Zed", "zed", "ånd", "beta", "Émile"];
const SCORES = [3, null, 1, 3, null, 2, 1, null];
/** Two pairs a microsecond apart in one millisecond, ties. */
const MICROS = [5, 5, 6, 1_000_000, 5, 7, 6, 1_000_001];
const DOWNLOADS = [0n, 1n, 1n, 2n, 0n, 2n, 1n, 3n];

/** The suite's packages: ties in every field. */
export const PACKAGES: readonly PackageRow[] = NAMES.map((name, i) => ({
  id: i + 1,
  name,
  score: SCORES[i] as number | null,
  grp: i % 2,
  micros: MICROS[i] as number,
  downloads: BIG + (DOWNLOADS[i] as bigint),
}));

/**
 * Versions of some packages (none for 4 and 8), tags shared between packages: the two least
 * tags are package 2's, three are package 1's.
 */
export const VERSIONS: readonly VersionRow[] = [
  [2, "a"],
  [2, "b"],
  [1, "c"],
  [1, "m"],
  [1, "z"],
  [3, "m"],
  [5, "c"],
  [5, "y"],
  [6, "d"],
  [7, "x"],
].map(([packageId, tag], i) => ({ id: i + 1, packageId: packageId as number, tag: tag as string }));

/** The sorts the suites walk: each kind of field, mixed directions, NULLs. */
export const SORTS = [
  "name",
  "-score",
  "grp,-createdAt",
  "-createdAt",
  "score,name",
  "-grp,score",
  "uid",
  "-downloads",
  "downloads,-grp",
];

/** The packages' query builder, as a list's query gives it. */
export const packages = (db: TypeormDatabase) =>
  db.dataSource.getRepository("Package").createQueryBuilder("p");

/** A page list resource over a query builder. */
export function pagesResource<E extends ObjectLiteral>(
  db: TypeormDatabase,
  query: () => SelectQueryBuilder<E>,
  options: TypeormPagesOptions<unknown> = {},
) {
  return defineResource({
    GET: list({ sort: SORT, handler: typeormPages(db.dataSource, query, options) as never }),
  });
}

/** A cursor list resource over a query builder. */
export function cursorResource<E extends ObjectLiteral>(
  db: TypeormDatabase,
  query: () => SelectQueryBuilder<E>,
  options: TypeormCursorPagesOptions & { nullsLast?: boolean } = {},
) {
  const { nullsLast, ...own } = options;
  return defineResource({
    GET: cursorList({
      sort: nullsLast ? SORT_NULLS_LAST : SORT,
      secret: SECRET,
      handler: typeormCursorPages(db.dataSource, query, own) as never,
    }),
  });
}

/** Whether a dialect reads a bigint as text (pg, mysql2) or as a number (better-sqlite3). */
export const bigintsAsText = (dialect: DialectName) => dialect !== "sqlite";
