/**
 * Which statements a page list of a query builder runs, by count strategy and `overflow`, for page
 * 1, a middle page, the last page, one past the end and far past it (issue 37): a page the count
 * shows past the end runs no rows query, a bound or an estimate reads its rows once (one row more
 * than the page), and each answer is the one pagewise gives for the same count and rows handed to
 * it whole. Run on each dialect by the Kysely and Drizzle suites (`describePastTheEnd`).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleResource } from "../../src/adapters/index.js";
import { defineResource, type ListResult, list, type ResourceOptions } from "../../src/index.js";
import type { CountValue } from "../../src/page/count-value.js";
import type { PageSlice } from "../../src/page/paginate.js";
import type { CountStrategy } from "../../src/sql/count-strategy.js";

/** A statement a builder ran: its SQL and parameters. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** One builder on one database, its table holding {@link ROWS} rows named apart. */
export interface PastTheEndSubject {
  /** The page list handler over the table (`sort=name`, the tie-breaker `id`), counted by `count`. */
  pages(count: CountStrategy<unknown>): (context: never) => ListResult<unknown>;
  /** Every row in the list's order, as the builder reads them. */
  all(): Promise<readonly unknown[]>;
  /** The integration's estimate of the table's rows. */
  estimate(): Promise<CountValue>;
  /** The statements run since the last call, in the order the builder logged them. */
  statements(): Statement[];
  close(): Promise<void>;
}

/** Rows in the table: page size 10 gives 3 pages, the last of 5. */
export const ROWS = 25;
/** Each row's name: the list's order. */
export const rowName = (i: number) => `n${String(i).padStart(2, "0")}`;

export const SORT = {
  fields: { name: true },
  tieBreaker: { column: "id", type: "bigint" },
  default: "name",
} as const;

/** A statement as the table below names it: `count`, `count of n` (capped), `estimate`, `rows limit@offset`. */
export function statementName({ sql, params }: Statement): string {
  const text = sql.toLowerCase();
  if (text.startsWith("explain")) return "estimate";
  if (text.includes("count("))
    return text.includes(" limit ") ? `count of ${params.at(-1)}` : "count";
  const offset = /offset (\?|\$\d+)\s*$/.test(text);
  const limit = Number(params.at(offset ? -2 : -1));
  return `rows ${limit}@${offset ? Number(params.at(-1)) : 0}`;
}

const PAGES = {
  "page 1": "page=1&page_size=10",
  "a middle page": "page=2&page_size=10",
  "the last page": "page=3&page_size=10",
  "one past the end": "page=4&page_size=10",
  "far past the end": "page=999999&page_size=5",
} as const;
type PageName = keyof typeof PAGES;
const PAST: readonly PageName[] = ["one past the end", "far past the end"];

/** The statements each page runs under `overflow: 'empty'` (sorted), and past the end under `'last'`. */
interface Expected {
  readonly pages: Readonly<Record<PageName, readonly string[]>>;
  readonly last: Readonly<Record<"one past the end" | "far past the end", readonly string[]>>;
  /** Past the end under `'error'` (a 404). */
  readonly error: readonly string[] | "as empty";
}

const FAR = "rows 6@4999990";
const STRATEGIES: readonly [string, CountStrategy<unknown>, Expected][] = [
  [
    "exact",
    "exact",
    {
      pages: {
        "page 1": ["count", "rows 10@0"],
        "a middle page": ["count", "rows 10@10"],
        "the last page": ["count", "rows 5@20"],
        "one past the end": ["count"],
        "far past the end": ["count"],
      },
      last: {
        "one past the end": ["count", "rows 5@20"],
        "far past the end": ["count", "rows 5@20"],
      },
      error: "as empty",
    },
  ],
  [
    "a cap below the count",
    { cap: 12 },
    {
      pages: {
        "page 1": ["count of 13", "rows 11@0"],
        "a middle page": ["count of 13", "rows 11@10"],
        "the last page": ["count of 13", "rows 11@20"],
        "one past the end": ["count of 13", "rows 11@30"],
        "far past the end": ["count of 13", FAR],
      },
      last: {
        "one past the end": ["count of 13", "rows 11@30"],
        "far past the end": ["count of 13", FAR],
      },
      error: "as empty",
    },
  ],
  [
    "a cap above the count",
    { cap: 30 },
    {
      pages: {
        "page 1": ["count of 31", "rows 11@0"],
        "a middle page": ["count of 31", "rows 10@10"],
        "the last page": ["count of 31", "rows 5@20"],
        "one past the end": ["count of 31"],
        "far past the end": ["count of 31"],
      },
      last: {
        "one past the end": ["count of 31", "rows 5@20"],
        "far past the end": ["count of 31", "rows 5@20"],
      },
      error: "as empty",
    },
  ],
  [
    "estimate",
    "estimate",
    {
      pages: {
        "page 1": ["estimate", "rows 11@0"],
        "a middle page": ["estimate", "rows 11@10"],
        "the last page": ["estimate", "rows 11@20"],
        "one past the end": ["estimate", "rows 11@30"],
        "far past the end": ["estimate", FAR],
      },
      last: {
        "one past the end": ["estimate", "rows 11@30"],
        "far past the end": ["estimate", FAR],
      },
      error: "as empty",
    },
  ],
  [
    "whenNeeded",
    { whenNeeded: "exact" },
    {
      pages: {
        "page 1": ["count", "rows 11@0"],
        "a middle page": ["count", "rows 10@10"],
        "the last page": ["count", "rows 5@20"],
        "one past the end": ["count"],
        "far past the end": ["count"],
      },
      last: {
        "one past the end": ["count", "rows 5@20"],
        "far past the end": ["count", "rows 5@20"],
      },
      error: "as empty",
    },
  ],
  [
    "the user's own, a number",
    { of: () => ROWS },
    {
      pages: {
        "page 1": ["rows 10@0"],
        "a middle page": ["rows 10@10"],
        "the last page": ["rows 5@20"],
        "one past the end": [],
        "far past the end": [],
      },
      last: { "one past the end": ["rows 5@20"], "far past the end": ["rows 5@20"] },
      error: "as empty",
    },
  ],
  [
    "the user's own, a promise (a counter table's read)",
    { of: async () => ROWS },
    {
      pages: {
        "page 1": ["rows 10@0"],
        "a middle page": ["rows 10@10"],
        "the last page": ["rows 5@20"],
        "one past the end": [],
        "far past the end": [],
      },
      last: { "one past the end": ["rows 5@20"], "far past the end": ["rows 5@20"] },
      error: "as empty",
    },
  ],
  [
    "none",
    "none",
    {
      pages: {
        "page 1": ["rows 11@0"],
        "a middle page": ["rows 11@10"],
        "the last page": ["rows 11@20"],
        "one past the end": ["rows 11@30"],
        "far past the end": [FAR],
      },
      last: { "one past the end": ["rows 11@30"], "far past the end": [FAR] },
      error: "as empty",
    },
  ],
];

type Overflow = "empty" | "last" | "error";
type Row = readonly [string, PageName, Overflow, CountStrategy<unknown>, readonly string[]];

/** Every row of the table: a strategy, a page, an overflow setting, the statements it runs. */
function cases(): Row[] {
  const rows: Row[] = [];
  for (const [name, count, expected] of STRATEGIES) {
    for (const page of Object.keys(PAGES) as PageName[]) {
      rows.push([name, page, "empty", count, expected.pages[page]]);
    }
    for (const page of PAST) {
      rows.push([name, page, "last", count, expected.last[page as "one past the end"]]);
      const error = expected.error === "as empty" ? expected.pages[page] : expected.error;
      rows.push([name, page, "error", count, error]);
    }
  }
  return rows;
}

/** The count a list of `count` gives for the table, as a value (what the reference answer pages by). */
async function countValue(
  subject: PastTheEndSubject,
  count: CountStrategy<unknown>,
): Promise<CountValue | undefined> {
  if (count === "none") return undefined;
  if (count === "estimate") return subject.estimate();
  if (typeof count === "object" && "cap" in count && count.cap < ROWS) {
    return { atLeast: count.cap + 1 };
  }
  return ROWS;
}

/**
 * The suite on one builder and database.
 *
 * @param open - opens the subject (closed after the suite)
 * @param estimates - whether the dialect keeps a row estimate (the `estimate` rows run only then)
 */
export function describePastTheEnd(
  open: () => Promise<PastTheEndSubject>,
  estimates: boolean,
): void {
  let subject: PastTheEndSubject;
  let all: readonly unknown[];
  beforeAll(async () => {
    subject = await open();
    all = await subject.all();
    subject.statements();
  });
  afterAll(() => subject?.close());

  const answer = (handler: unknown, url: string, options: ResourceOptions) =>
    handleResource(
      defineResource("/items/", { GET: list({ sort: SORT, handler: handler as never }) }, options),
      {
        method: "GET",
        url,
        header: () => undefined,
        native: null,
      },
    );

  it.each(cases().filter(([, , , count]) => estimates || count !== "estimate"))(
    "count %s, %s, overflow %s: the statements it runs, the answer of its count",
    async (_name, page, overflow, count, expected) => {
      const options: ResourceOptions = { overflow };
      const value = await countValue(subject, count);
      subject.statements();
      const url = `/items/?${PAGES[page]}`;
      const served = await answer(subject.pages(count), url, options);
      const ran = subject.statements().map(statementName).sort();
      const items = ({ offset, limit }: PageSlice) => all.slice(offset, offset + limit);
      const reference = await answer(
        (): ListResult<unknown> => (value === undefined ? { items } : { count: value, items }),
        url,
        options,
      );
      expect([ran, served]).toStrictEqual([[...expected].sort(), reference]);
    },
  );
  it.each<[string, CountStrategy<unknown>, readonly string[]]>([
    ["exact", "exact", ["count", "rows 10@20"]],
    ["whenNeeded", { whenNeeded: "exact" }, ["rows 11@20"]],
  ])(
    "count %s, the last page of a list whose total a middle page counted: its rows beside the count, or alone",
    async (_name, count, expected) => {
      const resource = defineResource("/items/", {
        GET: list({ sort: SORT, handler: subject.pages(count) as never }),
      });
      const get = (url: string) =>
        handleResource(resource, { method: "GET", url, header: () => undefined, native: null });
      await get(`/items/?${PAGES["a middle page"]}`);
      subject.statements();
      const served = await get(`/items/?${PAGES["the last page"]}`);
      const ran = subject.statements().map(statementName).sort();
      const items = ({ offset, limit }: PageSlice) => all.slice(offset, offset + limit);
      const url = `/items/?${PAGES["the last page"]}`;
      const reference = await answer((): ListResult<unknown> => ({ count: ROWS, items }), url, {});
      expect([ran, served]).toStrictEqual([[...expected].sort(), reference]);
    },
  );
}
