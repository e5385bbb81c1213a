/**
 * Prisma 7 in the builders suite (builders-prisma-client.ts' clients): the pages written by hand
 * with `findMany` (page 1; the keyset after a row as an `OR` of ranges in `where`, as Prisma's
 * users write it), pagewise/prisma's (`prismaPages`, `prismaCursorPages`, by their handlers as
 * builders-pagewise.ts calls them), and two competitors: Prisma's own cursor (`cursor: { id }`,
 * `skip: 1`, `take`, the order with its tie-breaker) and prisma-extension-pagination 0.7.6's
 * `withCursor` (which runs Prisma's cursor, `take: limit + 1`, and a probe for a previous page).
 * Each reads `FETCHED` rows or, the extension, its own.
 * @packageDocumentation
 */
import { prismaCursorPages, prismaPages } from "pagewise/prisma";
import { pagination } from "prisma-extension-pagination";
import { type Between, type Competitor, type WalkResult, walkAll } from "./builders-competitors.js";
import type { HandPages } from "./builders-kysely.js";
import { type PagewisePages, pagewisePagesOf } from "./builders-pagewise.js";
import type { BenchDelegate, BenchPrisma } from "./builders-prisma-client.js";
import { type ExactRow, FETCHED, ORDERS, type Order, PAGE, SMALL } from "./builders-table.js";

/** A row as Prisma gives it. */
type Row = Record<string, unknown>;

/** `order` as Prisma's `orderBy`. */
export const orderByOf = (order: Order) =>
  ORDERS[order].map(([column, direction]) => ({ [column]: direction }));

/**
 * A sort value as Prisma takes it: a timestamp a `Date` (PostgreSQL's, MariaDB's and the SQLite
 * copy's text cut to the millisecond: Prisma's `DateTime` holds no finer), the key a `bigint`.
 */
function prismaValue(row: ExactRow, column: keyof ExactRow): unknown {
  const text = row[column];
  if (text === null) return null;
  if (column === "id") return BigInt(text);
  // PostgreSQL's text ends `+00` (its fraction cut of trailing zeros), MariaDB's has no zone.
  if (column === "created_at")
    return new Date(`${text.replace(" ", "T").replace(/\+00(:00)?$/, "")}Z`);
  return text;
}

/** The keyset after `row` in `order` as Prisma's users write it: one `OR` of ranges. */
export function keysetWhere(order: Order, row: ExactRow): object {
  const terms = ORDERS[order];
  return {
    OR: terms.map(([past, direction], i) => ({
      ...Object.fromEntries(
        terms.slice(0, i).map(([column]) => [column, prismaValue(row, column)]),
      ),
      [past]: { [direction === "asc" ? "gt" : "lt"]: prismaValue(row, past) },
    })),
  };
}

/** Prisma's pages on the measured model, written by hand. */
export function prismaHand(delegate: BenchDelegate): HandPages {
  return {
    first: (order) => delegate.findMany({ orderBy: orderByOf(order), take: FETCHED }),
    offset: (order, offset) =>
      delegate.findMany({ orderBy: orderByOf(order), skip: offset, take: FETCHED }),
    keyset: (order, row) =>
      delegate.findMany({
        where: keysetWhere(order, row),
        orderBy: orderByOf(order),
        take: FETCHED,
      }),
  };
}

/** pagewise/prisma's pages on the measured model (a countless page list; cursor lists). */
export function prismaPagewise(delegate: BenchDelegate): PagewisePages {
  const query = () => ({});
  const pages = prismaPages(delegate, query, { count: "none" });
  const cursor = prismaCursorPages(delegate, query);
  return pagewisePagesOf({ pages: pages.handle as never, cursor: () => cursor.handle as never });
}

/** Walks rows by `page`, from each page's last row (or the row `cursorRow` picks). */
const walkBy = (
  page: (after: Row | undefined) => Promise<Row[]>,
  between?: Between,
  cursorRow: (rows: Row[]) => Row | undefined = (rows) => rows.at(-1),
): Promise<WalkResult> => {
  const next = (rows: Row[]): [unknown[], Row | undefined] => [
    rows.map((row) => row.id),
    rows.length === PAGE ? cursorRow(rows) : undefined,
  ];
  return walkAll(
    async () => next(await page(undefined)),
    async (last) => next(await page(last)),
    between,
  );
};

/** The row at `position` of `order` on `delegate`, as Prisma gives it. */
const rowAt = async (delegate: BenchDelegate, order: Order, position: number): Promise<Row> => {
  const [row] = await delegate.findMany({ orderBy: orderByOf(order), skip: position, take: 1 });
  if (row === undefined) throw new Error(`no row at ${position} in ${order}`);
  return row;
};

/**
 * `order` as Prisma's users write it for its cursor: with the tie-breaker, or (`tied`) without it,
 * as prisma/prisma #16991 orders by `createdAt` alone (Prisma then reads with no `LIMIT`, #15710).
 */
const cursorOrderBy = (order: Order, tied: boolean) => {
  const orderBy = orderByOf(order);
  return tied ? orderBy : orderBy.slice(0, -1);
};

/**
 * Prisma's own cursor: `cursor: { id }`, `skip: 1`, `take`, ordered with the tie-breaker, or
 * (`tied`) without it.
 */
export function prismaCursor(prisma: BenchPrisma, tied = true): Competitor {
  const page = (delegate: BenchDelegate, order: Order, after: Row | undefined, take: number) =>
    delegate.findMany({
      orderBy: cursorOrderBy(order, tied),
      take,
      ...(after === undefined ? {} : { cursor: { id: after.id }, skip: 1 }),
    });
  return {
    name: tied ? "Prisma 7.10's cursor" : "Prisma 7.10's cursor, no tie-breaker",
    cursorAfter: async (order, position) => {
      const row = await rowAt(prisma.benchPackage, order, position);
      return () => page(prisma.benchPackage, order, row, FETCHED);
    },
    walk: (order, between) =>
      walkBy((after) => page(prisma.smallPackage, order, after, PAGE), between),
    // Backward: `take` negative, the page before the cursor's row, each page's first row next.
    walkBack: async (order) => {
      const last = await rowAt(prisma.smallPackage, order, SMALL - 1);
      return walkBy(
        (before) => page(prisma.smallPackage, order, before ?? last, -PAGE),
        undefined,
        (rows) => rows[0],
      );
    },
  };
}

/** The extension's `withCursor` on a model (its paginator's types are its own). */
interface Paginated {
  paginate(args: object): {
    withCursor(options: object): Promise<[Row[], { hasNextPage: boolean; endCursor: string }]>;
  };
}

/** prisma-extension-pagination 0.7.6's cursor pages, the key as the cursor (its default). */
export function extensionCursor(prisma: BenchPrisma): Competitor {
  const extended = prisma.$extends(pagination()) as unknown as Record<
    "benchPackage" | "smallPackage",
    Paginated
  >;
  const options = (after: string | undefined, side: "after" | "before" = "after") => ({
    limit: PAGE,
    ...(after === undefined ? {} : { [side]: after }),
    getCursor: (row: Row) => String(row.id),
    parseCursor: (cursor: string) => ({ id: BigInt(cursor) }),
  });
  return {
    name: "prisma-extension-pagination 0.7.6",
    cursorAfter: async (order, position) => {
      const row = await rowAt(prisma.benchPackage, order, position);
      const model = extended.benchPackage;
      return () =>
        model.paginate({ orderBy: orderByOf(order) }).withCursor(options(String(row.id)));
    },
    walk: (order, between) =>
      walkBy(async (after) => {
        const [rows] = await extended.smallPackage
          .paginate({ orderBy: orderByOf(order) })
          .withCursor(options(after === undefined ? undefined : String(after.id)));
        return rows;
      }, between),
    walkBack: async (order) => {
      const last = await rowAt(prisma.smallPackage, order, SMALL - 1);
      return walkBy(
        async (before) => {
          const [rows] = await extended.smallPackage
            .paginate({ orderBy: orderByOf(order) })
            .withCursor(options(String((before ?? last).id), "before"));
          return rows;
        },
        undefined,
        (rows) => rows[0],
      );
    },
  };
}
