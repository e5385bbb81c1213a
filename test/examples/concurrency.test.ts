/**
 * 50 concurrent clients mixing creates, lists and deletes against one example server for a bounded
 * time: no 5xx, and afterwards the store holds exactly what was created minus what was deleted.
 */
import { describe, expect, it } from "vitest";
import type { Config } from "../../examples/package-store/config.js";
import { startExpress } from "../../examples/package-store/serve-express.js";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import { startFetch } from "../../examples/package-store/serve-fetch.js";
import type { Start } from "../../examples/package-store/started.js";
import { STATUSES } from "../../examples/package-store/stores/package-store.js";

const config: Config = {
  host: "127.0.0.1",
  port: 0,
  apiKey: "load",
  apiKeyIsDefault: false,
  seed: 0,
};
const CLIENTS = 50;
const DURATION_MS = 1500;
const headers = { "x-api-key": "load", "content-type": "application/json" };

/** A deterministic pseudo-random sequence per client, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

interface Tally {
  created: number;
  deleted: number;
  requests: number;
  statuses: Map<number, number>;
}

async function client(origin: string, id: number, deadline: number, tally: Tally): Promise<void> {
  const next = random(id + 1);
  const url = `${origin}/package/load/test/`;
  while (Date.now() < deadline) {
    const op = next(10);
    const status = STATUSES[next(STATUSES.length)] as string;
    let response: Response;
    if (op < 5) {
      const count = 1 + next(3);
      const body = Array.from({ length: count }, (_, i) => ({
        name: `c${id}-${i}`,
        version: "1.0.0",
        status,
      }));
      response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
      if (response.status === 201) tally.created += ((await response.json()) as unknown[]).length;
    } else if (op < 8) {
      response = await fetch(
        `${url}?status=${status}&page=${1 + next(3)}&page_size=${1 + next(20)}`,
        { headers },
      );
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

const servers: Readonly<Record<string, Start>> = {
  fastify: startFastify,
  express: startExpress,
  fetch: startFetch,
};

describe.each(Object.keys(servers))("%s under 50 concurrent clients", (name) => {
  it("loses and doubles nothing, and never answers 5xx", async () => {
    const server = await (servers[name] as Start)(config);
    try {
      const tally: Tally = { created: 0, deleted: 0, requests: 0, statuses: new Map() };
      const deadline = Date.now() + DURATION_MS;
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, id) => client(server.url, id, deadline, tally)),
      );
      const count = await fetch(`${server.url}/package/load/test/?page_size=1`, { headers });
      await count.body?.cancel();
      const listed = Number(count.headers.get("x-pagination-count") ?? 0);
      expect([...tally.statuses.keys()].sort()).toStrictEqual([200, 201]);
      expect(tally.requests).toBeGreaterThan(CLIENTS);
      expect([listed, await server.store.size()]).toStrictEqual([
        tally.created - tally.deleted,
        tally.created - tally.deleted,
      ]);
    } finally {
      await server.close();
    }
  });
});
