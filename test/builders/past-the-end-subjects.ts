/**
 * The subjects of the past-the-end suite ({@link describePastTheEnd}): `kyselyPages` over a
 * {@link KyselyEngine}'s `items`, `drizzlePages` over a {@link DrizzleDatabaseUnderTest}'s
 * `packages`, each filled with {@link ROWS} rows named apart, ids in the reverse order of names.
 */
import { asc } from "drizzle-orm";
import { countQuery } from "../../src/builders/drizzle/count.js";
import { drizzlePages } from "../../src/builders/drizzle/index.js";
import { queryCount } from "../../src/builders/kysely/count.js";
import { kyselyPages } from "../../src/builders/kysely/index.js";
import { DIALECTS } from "../../src/sql/dialect.js";
import type { DrizzleDatabaseUnderTest } from "./drizzle/drizzle-databases.js";
import type { KyselyEngine } from "./kysely/kysely-engines.js";
import { type PastTheEndSubject, ROWS, rowName } from "./past-the-end.js";

const id = (i: number) => 1000 + ROWS - i;

/** `kyselyPages` over the engine's `items`, filled with the suite's rows. */
export async function kyselySubject(engine: KyselyEngine): Promise<PastTheEndSubject> {
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    id: String(id(i)),
    name: rowName(i),
    score: i,
    grp: i % 3,
    created_at: engine.timestamp(i),
  }));
  await engine.fill(rows);
  const { db } = engine;
  const query = () => db.selectFrom("items").selectAll();
  const dialect = DIALECTS[engine.dialect];
  return {
    pages: (count) => kyselyPages(db, query, { count }) as never,
    all: () => query().orderBy("name").orderBy("id").execute(),
    estimate: () => queryCount(db, query(), "estimate", dialect),
    statements: () => engine.queriesRun().map((q) => ({ sql: q.sql, params: q.parameters })),
    close: () => engine.close(),
  };
}

/** `drizzlePages` over the database's `packages`, filled with the suite's rows. */
export async function drizzleSubject(t: DrizzleDatabaseUnderTest): Promise<PastTheEndSubject> {
  await t.fill(
    Array.from({ length: ROWS }, (_, i) => ({
      id: BigInt(id(i)),
      name: rowName(i),
      owner: "ada",
      createdAt: `2026-01-01 10:00:00.${String(i).padStart(6, "0")}`,
      score: i,
    })),
  );
  const query = () => t.db.select().from(t.packages);
  const dialect =
    DIALECTS[t.name === "sqlite" ? "sqlite" : t.name === "mariadb" ? "mysql" : "postgres"];
  let read = 0;
  return {
    pages: (count) => drizzlePages(t.db, query, { count }) as never,
    all: () => query().orderBy(asc(t.packages.name), asc(t.packages.id)),
    estimate: () => countQuery(t.db, query(), "estimate", dialect),
    statements: () => {
      const ran = t.log.slice(read).map((l) => ({ sql: l.query, params: l.params }));
      read = t.log.length;
      return ran;
    },
    close: () => t.close(),
  };
}
