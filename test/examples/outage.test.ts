/**
 * A database that goes away while the example serves: every adapter answers 503 problem+json with
 * `Retry-After` within a bounded time (never a hang, never a crash), and serves again once the
 * database is back (the pool reconnects). The same for a database that hangs (every process
 * frozen, connections open): 503 within the pool's timeouts. The test stops, freezes and starts a
 * cluster of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Start, Started } from "../../examples/package-store/started.js";
import { SERVER } from "../support/databases.js";
import { exampleConfig } from "../support/example-config.js";
import { EXAMPLE_SERVERS } from "../support/example-servers.js";
import { call } from "../support/http-call.js";
import { type Cluster, startCluster } from "../support/postgres-cluster.js";
import { freshDatabase } from "../support/stores.js";

const KEY = "outage-key";
const key = { "x-api-key": KEY };
const unavailable = {
  status: 503,
  headers: {
    allow: "GET, POST, DELETE, OPTIONS",
    "content-type": "application/problem+json",
    "retry-after": "1",
    "access-control-expose-headers":
      "Link, X-Pagination-Count, X-Pagination-Page, X-Pagination-PageTotal, X-Pagination-PageSize, X-Pagination-CountAtLeast, X-Pagination-CountEstimate",
    "access-control-allow-origin": "*",
  },
  body: {
    type: "about:blank",
    title: "Service Unavailable",
    status: 503,
    detail: "The database is not reachable.",
    code: "service_unavailable",
  },
};

// A connection that stopped answering: whether a write was made is unknown, so no Retry-After.
const { "retry-after": _retry, ...withoutRetryAfter } = unavailable.headers;

describe.skipIf(SERVER !== "PostgreSQL")("on a PostgreSQL cluster of its own", () => {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.remove());

  describe.each(Object.keys(EXAMPLE_SERVERS))(
    "%s on a PostgreSQL that stops and comes back",
    (name) => {
      let server: Started;
      beforeAll(async () => {
        const url = await freshDatabase((cluster as Cluster).url);
        server = await (EXAMPLE_SERVERS[name] as Start)(
          exampleConfig(KEY, { seed: 5, store: { kind: "postgres", url } }),
        );
      });
      afterAll(() => server.close());

      const list = () =>
        call(server.url, {
          path: "/package/demo/tools/",
          headers: { ...key, origin: "https://x" },
        });

      it("answers 503 within seconds while the database is down, then serves again", async () => {
        expect((await list()).status).toBe(200);
        cluster?.stop();
        try {
          const started = performance.now();
          expect(await list()).toStrictEqual(unavailable);
          const post = await call(server.url, {
            method: "POST",
            path: "/package/demo/tools/",
            headers: { ...key, "content-type": "application/json", origin: "https://x" },
            body: '{"name":"x","version":"1"}',
          });
          expect(post).toStrictEqual(unavailable);
          expect(performance.now() - started).toBeLessThan(15_000);
        } finally {
          cluster?.start();
        }
        let answer = await list();
        for (let tries = 0; answer.status !== 200 && tries < 20; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          answer = await list();
        }
        expect([answer.status, answer.headers["x-pagination-count"]]).toStrictEqual([200, "5"]);
      });

      it("answers 503 within the pool's timeouts while the database hangs, then serves again", async () => {
        expect((await list()).status).toBe(200); // the pool holds an open connection
        cluster?.pause();
        let answers: Awaited<ReturnType<typeof list>>[];
        const started = performance.now();
        try {
          // One on the open connection (the query timeout, 6 s), one on a new one (the connect timeout).
          answers = await Promise.all([list(), list()]);
        } finally {
          cluster?.resume();
        }
        expect(performance.now() - started).toBeLessThan(10_000);
        for (const answer of answers) {
          const hung = answer.headers["retry-after"] === undefined;
          expect(answer).toStrictEqual({
            ...unavailable,
            headers: hung ? withoutRetryAfter : unavailable.headers,
            body: {
              ...unavailable.body,
              detail: hung
                ? "The database stopped answering; a change may or may not have been made."
                : "The database is not reachable.",
            },
          });
        }
        let answer = await list();
        for (let tries = 0; answer.status !== 200 && tries < 20; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          answer = await list();
        }
        expect(answer.status).toBe(200);
      });
    },
  );
});
