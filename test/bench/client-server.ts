/**
 * The client suite's test server: node:http on 127.0.0.1 (ephemeral port) serving paginated JSON
 * arrays with pagewise's own core (`parsePageParams`, `paginate`, `paginationHeaders` with the
 * default `linkParams`, so links carry only `page` plus filters), every answer held back by a fixed
 * latency. `/items/` holds {@link ITEM_COUNT} items; `/countless/` the same items served without a
 * count (`paginateCountless`: the walker checks each page edge there); `/warmup/` and
 * `/warmup-countless/` a few pages, for warming up.
 * @packageDocumentation
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { paginate, paginateCountless, paginationHeaders, parsePageParams } from "pagewise/page";

/** One listed item. */
export interface Item {
  readonly id: number;
  readonly name: string;
}

/** Items at `/items/`: 100 pages at the default page size of 30. */
export const ITEM_COUNT = 3_000;
/** Items at `/warmup/`: 5 pages of 30. */
export const WARMUP_COUNT = 150;

const datasets: Readonly<Record<string, readonly Item[]>> = {
  "/items/": makeItems(ITEM_COUNT),
  "/countless/": makeItems(ITEM_COUNT),
  "/warmup/": makeItems(WARMUP_COUNT),
  "/warmup-countless/": makeItems(WARMUP_COUNT),
};

function makeItems(count: number): Item[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `item-${i + 1}` }));
}

/** A listening server; `close` ends it and its idle keep-alive connections. */
export interface LatencyServer {
  readonly origin: string;
  /** Requests answered so far. */
  readonly requests: () => number;
  readonly close: () => Promise<void>;
}

/** Starts the server; every answer is sent `latencyMs` after its request arrives (setTimeout). */
export async function startLatencyServer(latencyMs: number): Promise<LatencyServer> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    setTimeout(() => answer(req, res), latencyMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const target = req.url ?? "/";
  const query = target.indexOf("?");
  const path = query < 0 ? target : target.slice(0, query);
  const items = datasets[path];
  if (req.method !== "GET" || items === undefined) {
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"status":404}');
    return;
  }
  const params = parsePageParams(query < 0 ? "" : target.slice(query + 1));
  const page = path.endsWith("countless/")
    ? paginateCountless({
        ...params,
        rows: Math.max(
          0,
          Math.min(params.pageSize, items.length - (params.page - 1) * params.pageSize),
        ),
        hasMore: params.page * params.pageSize < items.length,
      })
    : paginate({ count: items.length, ...params });
  const body = JSON.stringify(items.slice(page.offset, page.offset + page.limit));
  res
    .writeHead(200, {
      ...paginationHeaders(page, { url: target }),
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(body),
    })
    .end(body);
}
