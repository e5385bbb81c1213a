/**
 * typeormPages past the end, on SQLite (better-sqlite3); on a PostgreSQL server (pg) and MariaDB
 * (mysql2) in their suites (TypeORM has no PGlite driver): the statements each page runs.
 */
import { describe } from "vitest";
import { queryCount } from "../../../src/builders/typeorm/count.js";
import { typeormPages } from "../../../src/builders/typeorm/index.js";
import { querySource } from "../../../src/builders/typeorm/source.js";
import { DIALECTS } from "../../../src/sql/dialect.js";
import { databaseRows } from "../../support/databases.js";
import {
  describePastTheEnd,
  type PastTheEndSubject,
  ROWS,
  rowName,
  type Statement,
} from "../past-the-end.js";
import {
  mariadbDatabase,
  postgresDatabase,
  sqliteDatabase,
  type TypeormDatabase,
} from "./typeorm-databases.js";
import { BIG, packages } from "./typeorm-lists.js";

/**
 * A statement as the suite names it: TypeORM writes `LIMIT` and `OFFSET` as numbers in the text,
 * which the suite reads as the statement's last parameters (`rows 10@20`, `count of 13`).
 */
function bound({ sql, params }: { sql: string; params: unknown[] }): Statement {
  const numbers: number[] = [];
  const text = sql.replace(/\b(LIMIT|OFFSET) (\d+)/g, (_, word: string, n: string) => {
    numbers.push(Number(n));
    return `${word} ?`;
  });
  return { sql: text, params: [...params, ...numbers] };
}

/** `typeormPages` over the database's packages, filled with the suite's rows. */
async function typeormSubject(db: TypeormDatabase): Promise<PastTheEndSubject> {
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    id: 1000 + ROWS - i,
    name: rowName(i),
    score: i,
    grp: i % 3,
    micros: i,
    downloads: BIG,
  }));
  await db.fill(rows);
  const query = () => packages(db);
  const dialect = DIALECTS[db.dialect];
  const terms = [{ column: "name" }, { column: "id" }] as never;
  return {
    pages: (count) => typeormPages(db.dataSource, query, { count }) as never,
    all: () => query().orderBy("p.name").addOrderBy("p.id").getMany(),
    estimate: () => queryCount(query(), querySource(query(), terms, {}), "estimate", dialect),
    statements: () => db.statements().map(bound),
    close: () => db.close(),
  };
}

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("typeormPages past the end on %s", (name, open) => {
  // SQLite keeps no row estimate a query can read.
  describePastTheEnd(async () => typeormSubject(await open()), name !== "SQLite");
});
