/**
 * Clients that mix bulk creates, lists and deletes against example servers for a bounded time,
 * tallying what they created and deleted, every status answered, and every list whose
 * `X-Pagination-Count` disagrees with its items.
 */
import { STATUSES } from "../../examples/package-store/stores/package-store.js";

export interface Tally {
  created: number;
  deleted: number;
  requests: number;
  statuses: Map<number, number>;
  /** Lists whose items do not match their count and page. */
  inconsistent: string[];
}

/** A new, empty tally. */
export const newTally = (): Tally => ({
  created: 0,
  deleted: 0,
  requests: 0,
  statuses: new Map(),
  inconsistent: [],
});

/** A deterministic pseudo-random sequence per client, so a failure can be replayed. */
export function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

/**
 * One client: until `deadline`, creates packages of mixed statuses (half the time), lists a page (3 in 10) or
 * deletes a status (2 in 10), on `/package/load/test/` of one of the `origins`.
 */
export async function loadClient(
  origins: readonly string[],
  apiKey: string,
  id: number,
  deadline: number,
  tally: Tally,
): Promise<void> {
  const next = random(id + 1);
  const headers = { "x-api-key": apiKey, "content-type": "application/json" };
  while (Date.now() < deadline) {
    const url = `${origins[next(origins.length)]}/package/load/test/`;
    const op = next(10);
    const status = STATUSES[next(STATUSES.length)] as string;
    let response: Response;
    if (op < 5) {
      // Mostly a few packages, sometimes a bulk of 20 to 49, their statuses mixed: concurrent
      // bulk creates lock several count rows each, in whatever order they hold them.
      const count = next(4) === 0 ? 20 + next(30) : 1 + next(3);
      const body = Array.from({ length: count }, (_, i) => ({
        name: `c${id}-${i}`,
        version: "1.0.0",
        status: STATUSES[next(STATUSES.length)] as string,
      }));
      response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
      if (response.status === 201) tally.created += ((await response.json()) as unknown[]).length;
    } else if (op < 8) {
      const [page, size] = [1 + next(3), 1 + next(20)];
      response = await fetch(`${url}?status=${status}&page=${page}&page_size=${size}`, { headers });
      if (response.status === 200) checkList(response, await response.json(), page, size, tally);
    } else {
      response = await fetch(url, { method: "DELETE", headers, body: JSON.stringify({ status }) });
      if (response.status === 200)
        tally.deleted += ((await response.json()) as { deleted: number }).deleted;
    }
    if (!response.bodyUsed) await response.arrayBuffer();
    tally.requests++;
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
  }
}

/** A list's items agree with its count: as many as the page holds after `offset`. */
function checkList(response: Response, body: unknown, page: number, size: number, tally: Tally) {
  const count = Number(response.headers.get("x-pagination-count") ?? 0);
  const expected = Math.max(0, Math.min(size, count - (page - 1) * size));
  const items = (body as unknown[]).length;
  if (items !== expected)
    tally.inconsistent.push(`${response.url}: count ${count}, ${items} items`);
}
