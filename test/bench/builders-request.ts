/**
 * The whole request in the builders suite: pagewise's cursor list served by `fetchHandler`
 * beside the hand-written endpoint (`builders-endpoint.ts`) over the same builder, each task a
 * `Request` answered and its body read, as a server reads it. The same tasks on the filtered table
 * (the repository's rows, `owner = ? AND repo = ?` before the keyset), and a page far past the
 * end of a counted page list (`page=999999&page_size=5`), exact and capped.
 * @packageDocumentation
 */
import { cursorList, defineResource, list } from "pagewise";
import { drizzleCursorPages, drizzlePages } from "pagewise/drizzle";
import { type FetchHandler, fetchHandler } from "pagewise/fetch";
import { kyselyCursorPages, kyselyPages } from "pagewise/kysely";
import type { Handle } from "./builders-databases.js";
import { type CursorRows, handEndpoint, signToken } from "./builders-endpoint.js";
import { drizzleCursorRows, drizzleOf, inRepository } from "./builders-endpoint-drizzle.js";
import { type EndpointTable, kyselyCursorRows } from "./builders-endpoint-kysely.js";
import { kyselyOf } from "./builders-kysely.js";
import { type Builder, orderOf, SECRET, SORT, tokenAfter } from "./builders-pagewise.js";
import { type ExactRow, ORDERS, type Order, PAGE, REPOSITORY } from "./builders-table.js";
import type { Task } from "./rounds.js";

const PATH = "/packages/";
const ORIGIN = "http://localhost";
/** The page far past the end, as the issue asked for it. */
export const PAST_END = "page=999999&page_size=5";
/** The capped count's cap. */
const CAP = 10_000;

/** A fetch handler: a `Request` answered. */
export type Serve = (request: Request) => Response | Promise<Response>;

/** One request answered and its body read: what a task times. */
export async function answer(serve: Serve, url: string): Promise<Response & { text: string }> {
  const response = await serve(new Request(url));
  const text = await response.text();
  return Object.assign(response, { text });
}

/** A builder's pagewise cursor handler and hand-written rows over `table`. */
function sourcesOf(handle: Handle, builder: Builder, table: EndpointTable) {
  const filtered = table === "repo_packages";
  if (builder === "Kysely") {
    const db = kyselyOf(handle);
    const query = () => {
      const all = db
        .selectFrom(table as "repo_packages")
        .select(["id", "name", "status", "created_at", "note"]);
      return filtered
        ? all.where("owner", "=", REPOSITORY.owner).where("repo", "=", REPOSITORY.repo)
        : all;
    };
    return {
      cursor: () => kyselyCursorPages(db, query) as never,
      rows: kyselyCursorRows(db, handle.dialect, table),
    };
  }
  const [db, tables] = drizzleOf(handle);
  const columns = tables[table];
  const query = () => {
    const all = db.select().from(columns);
    return filtered ? all.where(inRepository(columns)) : all;
  };
  return {
    cursor: () => drizzleCursorPages(db as never, query as never) as never,
    rows: drizzleCursorRows(handle, table),
  };
}

/** pagewise's cursor list of `order` served by `fetchHandler`. */
export const pagewiseServe = (handler: () => never, order: Order): FetchHandler =>
  fetchHandler(
    defineResource(PATH, {
      GET: cursorList({ order: orderOf(order), secret: SECRET, handler: handler() }),
    }),
  );

/** The two answers' bodies and header names must match: the same request answered alike. */
export function checkSame(
  label: string,
  ours: Response & { text: string },
  hand: Response & { text: string },
) {
  const names = (r: Response) => [...r.headers.keys()].join(",");
  const rels = (r: Response) => (r.headers.get("link") ?? "").match(/rel="\w+"/g)?.join(",");
  if (ours.status !== 200 || hand.status !== 200)
    throw new Error(`${label}: status ${ours.status} (pagewise), ${hand.status} (by hand)`);
  if (ours.text !== hand.text) throw new Error(`${label}: the bodies differ`);
  if (names(ours) !== names(hand) || rels(ours) !== rels(hand))
    throw new Error(
      `${label}: headers ${names(ours)} ${rels(ours)} against ${names(hand)} ${rels(hand)}`,
    );
}

/**
 * The whole-request tasks of `order` over `table`, each builder's pagewise and hand-written
 * endpoint at page 1 and after `row` (the row at depth), named `<builder> <side>: <page>`;
 * each pair checked answering alike first.
 */
export async function requestTasks(
  handle: Handle,
  order: Order,
  table: EndpointTable,
  row: ExactRow,
): Promise<Task[]> {
  const first = `${ORIGIN}${PATH}?page_size=${PAGE}`;
  const ours = `${first}&after=${await tokenAfter(order, row)}`;
  const theirs = `${first}&after=${signToken(ORDERS[order].map(([column]) => row[column]))}`;
  const tasks: Task[] = [];
  for (const builder of ["Kysely", "Drizzle"] as const) {
    const { cursor, rows } = sourcesOf(handle, builder, table);
    const serve = pagewiseServe(cursor, order);
    const hand = handEndpoint(rows as CursorRows, order, PATH);
    checkSame(`${builder} ${order} page 1`, await answer(serve, first), await answer(hand, first));
    checkSame(`${builder} ${order} at 90%`, await answer(serve, ours), await answer(hand, theirs));
    tasks.push(
      [`${builder} pagewise: page 1`, () => answer(serve, first)],
      [`${builder} pagewise: at 90%`, () => answer(serve, ours)],
      [`${builder} by hand: page 1`, () => answer(hand, first)],
      [`${builder} by hand: at 90%`, () => answer(hand, theirs)],
    );
  }
  return tasks;
}

/**
 * The past-the-end tasks: each builder's counted page list (`sort=created_at`), page 1 and
 * `PAST_END`, with the exact count and with a count capped at `CAP`; each answer's status and
 * count headers, as the first call gave them.
 */
export async function pastEndTasks(handle: Handle): Promise<[Task[], Map<string, string>]> {
  const tasks: Task[] = [];
  const answers = new Map<string, string>();
  for (const builder of ["Kysely", "Drizzle"] as const) {
    for (const [count, option] of [
      ["exact", {}],
      [`cap ${CAP.toLocaleString("en-US")}`, { count: { cap: CAP } }],
    ] as const) {
      const serve = fetchHandler(
        defineResource(PATH, {
          GET: list({ sort: SORT, handler: pageHandler(handle, builder, option) }),
        }),
      );
      for (const query of ["page=1&page_size=5", PAST_END]) {
        const url = `${ORIGIN}${PATH}?sort=created_at&${query}`;
        const name = `${builder}, ${count} count: ${query.startsWith("page=1&") ? "page 1" : "past the end"}`;
        const first = await answer(serve, url);
        answers.set(
          name,
          `${first.status} ${[...first.headers]
            .filter(([key]) => key.startsWith("x-pagination"))
            .map(([key, value]) => `${key.slice(13)}=${value}`)
            .join(" ")}`,
        );
        tasks.push([name, () => answer(serve, url)]);
      }
    }
  }
  return [tasks, answers];
}

/** A builder's page list handler over the big table, with `options`' count. */
function pageHandler(handle: Handle, builder: Builder, options: object): never {
  if (builder === "Kysely") {
    const db = kyselyOf(handle);
    return kyselyPages(
      db,
      () => db.selectFrom("packages").select(["id", "name", "status", "created_at", "note"]),
      options,
    ) as never;
  }
  const [db, tables] = drizzleOf(handle);
  return drizzlePages(
    db as never,
    (() => db.select().from(tables.packages)) as never,
    options,
  ) as never;
}
