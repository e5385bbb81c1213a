/**
 * Where users outgrow one process, the store is what scales: two example server processes (Fastify
 * and Express) on one PostgreSQL database, 50 concurrent clients mixing bulk creates, lists and
 * deletes through both. Afterwards: no 5xx, count = created − deleted through either server and
 * in the database, and every list's X-Pagination-Count agreed with its items.
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../examples/package-store/stores/open-store.js";
import { startServerProcess } from "../support/server-process.js";
import { freshDatabase, POSTGRES_URL } from "../support/stores.js";
import { loadClient, newTally } from "./load-clients.js";

const KEY = "two-key";
const CLIENTS = 50;
const DURATION_MS = 3000;

describe.skipIf(POSTGRES_URL === undefined)(
  "two server processes on one PostgreSQL database",
  () => {
    let databaseUrl = "";
    const children: ChildProcess[] = [];
    const origins: string[] = [];
    beforeAll(async () => {
      databaseUrl = await freshDatabase(POSTGRES_URL as string);
      for (const script of ["serve-fastify.ts", "serve-express.ts"]) {
        const started = startServerProcess(
          ["--import", "tsx", `examples/package-store/${script}`],
          {
            PORT: "0",
            SEED: "0",
            API_KEY: KEY,
            STORE: "postgres",
            DATABASE_URL: databaseUrl,
          },
        );
        children.push(started.child);
        origins.push(await started.url);
      }
    });
    afterAll(() => {
      for (const child of children) child.kill("SIGTERM");
    });

    it("loses and doubles nothing, agrees on every count, and never answers 5xx", async () => {
      const tally = newTally();
      const deadline = Date.now() + DURATION_MS;
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, id) => loadClient(origins, KEY, id, deadline, tally)),
      );
      const counts = await Promise.all(
        origins.map(async (origin) => {
          const response = await fetch(`${origin}/package/load/test/?page_size=1`, {
            headers: { "x-api-key": KEY },
          });
          await response.arrayBuffer();
          return Number(response.headers.get("x-pagination-count"));
        }),
      );
      const store = await openStore({ kind: "postgres", url: databaseUrl });
      const size = await store.size();
      await store.close();
      const expected = tally.created - tally.deleted;
      expect([...tally.statuses.keys()].sort()).toStrictEqual([200, 201]);
      expect(tally.inconsistent).toStrictEqual([]);
      expect(tally.requests).toBeGreaterThan(CLIENTS * 2);
      expect([...counts, size]).toStrictEqual([expected, expected, expected]);
    });
  },
);
