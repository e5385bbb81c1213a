/**
 * Lists without a page total, walked by link-following clients as they are (got's and octokit's
 * pagination, which request each `rel="next"` URL exactly as given), on every adapter: each walk
 * must return every row exactly once, in order, whatever the page size.
 */
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import got from "got";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset, WALK_ROWS, walkRoutes } from "./resources.js";
import { adapters, type Running } from "./servers.js";

type Row = { readonly id: number; readonly status: string };

const OctokitWithPaginate = Octokit.plugin(paginateRest);

/** The clients: each walks a list from its path at a page size, following next links. */
const clients: Readonly<
  Record<string, (origin: string, path: string, pageSize: number) => Promise<Row[]>>
> = {
  got: (origin, path, pageSize) =>
    got.paginate.all<Row>(`${origin}${path}?page_size=${pageSize}`, {
      responseType: "json",
      retry: { limit: 0 },
    }),
  octokit: (origin, path, pageSize) =>
    new OctokitWithPaginate({ baseUrl: origin }).paginate(`GET ${path}`, {
      page_size: pageSize,
    }) as Promise<Row[]>,
};

const walks = walkRoutes.flatMap(([path]) =>
  Object.keys(clients).flatMap((client) =>
    [7, 30, 500].map((size) => [client, path, size] as const),
  ),
);

describe.each(Object.keys(adapters))("%s", (name) => {
  let server: Running;
  beforeAll(async () => {
    server = await (adapters[name] as (r: typeof walkRoutes) => Promise<Running>)(walkRoutes);
  });
  afterAll(() => server.close());

  it.each(walks)(
    "%s walks %s at page_size=%i: every row once, in order",
    async (client, path, size) => {
      const walk = clients[client] as (typeof clients)[string];
      expect(await walk(server.origin, path, size)).toStrictEqual(dataset(WALK_ROWS));
    },
  );
});
