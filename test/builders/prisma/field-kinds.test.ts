/**
 * Sort fields Prisma compares otherwise than by `gt`/`lt`: an enum (declared out of alphabetical
 * order: PostgreSQL and MariaDB order it as declared, SQLite by its text), a Boolean and a
 * Decimal. pagewise/prisma lists an enum's and a Boolean's values beyond the cursor
 * (`{ in: [...] }`) and carries a Decimal as its digits: walks forward and back come in the
 * database's own ORDER BY, each row once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaCursorPages } from "../../../src/builders/prisma/index.js";
import { cursorList, defineResource } from "../../../src/index.js";
import { databaseRows } from "../../support/databases.js";
import { SECRET, walk } from "../kysely/kysely-behaviour.js";
import {
  mariadbEngine,
  type PrismaEngine,
  postgresEngine,
  sqliteEngine,
} from "./prisma-engines.js";

const STATUSES = ["published", "draft", "archived", "review"] as const;
const PRICES = ["12.50", "3.00", "12.50", "100.00", "0.99", "3.00"];
const SORT = {
  fields: { status: true, pinned: true, price: true },
  tieBreaker: "id",
} as const;
const SORTS = ["status", "-status", "pinned,-price", "price", "-status,price", "-pinned,status"];

describe.each(
  databaseRows({
    SQLite: sqliteEngine,
    PostgreSQL: (url) => () => postgresEngine(url),
    MariaDB: (url) => () => mariadbEngine(url),
  }),
)("prismaCursorPages by an enum, a Boolean and a Decimal on %s", (_name, open) => {
  let engine: PrismaEngine;
  beforeAll(async () => {
    engine = await open();
    await engine.prisma.post.createMany({
      data: Array.from({ length: 14 }, (_, i) => ({
        id: i + 1,
        status: STATUSES[i % 4] as (typeof STATUSES)[number],
        pinned: i % 3 === 0,
        price: PRICES[i % 6] as string,
      })),
    });
  });
  afterAll(() => engine.close());

  const cursors = () =>
    defineResource({
      GET: cursorList({
        sort: SORT,
        secret: SECRET,
        handler: prismaCursorPages(engine.prisma.post, () => ({})),
      }),
    });

  it.each(SORTS)("walks sort=%s forward and back in the database's order", async (sort) => {
    const terms = sort
      .split(",")
      .map((f) => `${f.replace(/^-/, "")} ${f.startsWith("-") ? "DESC" : "ASC"}`);
    const direction = (terms.at(-1) as string).endsWith("DESC") ? "DESC" : "ASC";
    const ordered = await engine.raw(
      `SELECT id FROM posts ORDER BY ${terms.join(", ")}, id ${direction}`,
    );
    const expected = ordered.map((r) => String(r.id));
    const forward = await walk(cursors(), `/posts?sort=${sort}&page_size=3`, "next");
    expect(forward.ids).toStrictEqual(expected);
    const back = await walk(cursors(), forward.last, "prev");
    expect(back.ids.reverse()).toStrictEqual(expected);
  });

  it("orders a Decimal by value, not by its text", async () => {
    const { ids } = await walk(cursors(), "/posts?sort=-price&page_size=2", "next");
    // 100.00 first (rows 4 and 10), then the 12.50s: as text "3.00" would lead.
    expect(ids.slice(0, 3)).toStrictEqual(["10", "4", "13"]);
  });
});
