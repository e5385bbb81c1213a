import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createItemsServer } from "../../examples/quick-start/server.js";

const server = createItemsServer([{ id: 1 }, { id: 2 }, { id: 3 }]);
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
);

const pick = (headers: Headers) =>
  Object.fromEntries(
    [...headers].filter(
      ([name]) => name === "link" || name === "content-type" || name.startsWith("x-pagination"),
    ),
  );

describe("examples/quick-start over HTTP", () => {
  it("serves the spec example: 3 items, page=2&page_size=1", async () => {
    const res = await fetch(`${origin}/items/?page=2&page_size=1`);
    expect(res.status).toBe(200);
    expect(pick(res.headers)).toStrictEqual({
      "content-type": "application/json",
      link: '</items/?page=1>; rel="first", </items/?page=1>; rel="prev", </items/?page=3>; rel="next", </items/?page=3>; rel="last"',
      "x-pagination-count": "3",
      "x-pagination-page": "2",
      "x-pagination-pagetotal": "3",
      "x-pagination-pagesize": "1",
    });
    expect(await res.json()).toStrictEqual([{ id: 2 }]);
  });

  it("serves a single page without a Link header", async () => {
    const res = await fetch(`${origin}/items/`);
    expect(pick(res.headers)).toStrictEqual({
      "content-type": "application/json",
      "x-pagination-count": "3",
      "x-pagination-page": "1",
      "x-pagination-pagetotal": "1",
      "x-pagination-pagesize": "30",
    });
    expect(await res.json()).toStrictEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
