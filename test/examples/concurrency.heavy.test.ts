/**
 * 50 concurrent clients mixing creates, lists and deletes against one example server for a bounded
 * time, on every store: no 5xx, every list's count agrees with its items, and afterwards the store
 * holds exactly what was created minus what was deleted.
 */
import { describe, expect, it } from "vitest";
import type { Start } from "../../examples/package-store/started.js";
import { exampleConfig } from "../support/example-config.js";
import { EXAMPLE_SERVERS, serverCases } from "../support/example-servers.js";
import { freshStore } from "../support/stores.js";
import { loadClient, newTally } from "./load-clients.js";

const config = exampleConfig("load", { seed: 0 });
const CLIENTS = 50;
const DURATION_MS = 1500;
const headers = { "x-api-key": "load", "content-type": "application/json" };

describe.each(serverCases())("%s on the %s store under 50 concurrent clients", (name, kind) => {
  it("loses and doubles nothing, keeps every count with its items, and never answers 5xx", async () => {
    const server = await (EXAMPLE_SERVERS[name] as Start)({
      ...config,
      store: await freshStore(kind),
    });
    try {
      const tally = newTally();
      const deadline = Date.now() + DURATION_MS;
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, id) =>
          loadClient([server.url], "load", id, deadline, tally),
        ),
      );
      const count = await fetch(`${server.url}/package/load/test/?page_size=1`, { headers });
      await count.body?.cancel();
      const listed = Number(count.headers.get("x-pagination-count") ?? 0);
      expect([...tally.statuses.keys()].sort()).toStrictEqual([200, 201]);
      expect(tally.inconsistent).toStrictEqual([]);
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
