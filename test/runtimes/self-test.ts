/**
 * What runs inside each runtime: pagewise's client walks lists of this same server over HTTP (by
 * links, counted and not, concurrently, a cursor list in a client-chosen order) and a walk is
 * stopped by the caller's signal. The report holds what each walk read, for the test to compare.
 */
import { PaginationError, walkItems, walkPages } from "../../src/client/index.js";
import { API_KEY } from "../adapters/resources.js";

type Row = { readonly id: number; readonly status: string };

/** The walks: a name, the list's path and the walk's options. */
export const SELF_WALKS = [
  ["counted", "/package/o/n350/packages/", { apiKey: API_KEY }],
  ["counted, 4 at once", "/package/o/n350/packages/", { apiKey: API_KEY, concurrency: 4 }],
  ["countless", "/walk/countless/", { pageSize: 7 }],
  ["capped", "/walk/capped/", { pageSize: 30 }],
  ["estimated", "/walk/estimated/", { pageSize: 30 }],
  ["cursor", "/walk/cursor/", { pageSize: 7 }],
  ["cursor sorted by -status", "/sorted/cursor/", { pageSize: 3, sort: "-status" }],
] as const;

/** What {@link selfTest} reports: each walk's ids in the order read, and the stopped walk. */
export interface SelfTestReport {
  readonly walks: Readonly<Record<string, readonly number[]>>;
  readonly stopped: { readonly pages: number; readonly error: string };
}

async function idsOf(url: string, options: object): Promise<number[]> {
  const ids: number[] = [];
  for await (const row of walkItems<Row>(url, options)) ids.push(row.id);
  return ids;
}

/** A walk whose caller aborts it after its second page: how many pages it gave, and how it ended. */
async function stoppedWalk(origin: string): Promise<SelfTestReport["stopped"]> {
  const controller = new AbortController();
  let pages = 0;
  try {
    for await (const _ of walkPages(`${origin}/walk/countless/`, {
      pageSize: 7,
      signal: controller.signal,
    })) {
      pages += 1;
      if (pages === 2) controller.abort();
    }
    return { pages, error: "none" };
  } catch (error) {
    const name = error instanceof PaginationError ? error.code : (error as Error).name;
    return { pages, error: name };
  }
}

/**
 * Runs every walk of {@link SELF_WALKS} against `origin`, all at once, and the stopped walk.
 *
 * @param origin - this server's own origin, as the request reached it
 */
export async function selfTest(origin: string): Promise<SelfTestReport> {
  const ids = await Promise.all(
    SELF_WALKS.map(([, path, options]) => idsOf(origin + path, options)),
  );
  return {
    walks: Object.fromEntries(SELF_WALKS.map(([name], i) => [name, ids[i] ?? []])),
    stopped: await stoppedWalk(origin),
  };
}
