/** The built package as users get it: every entry point, ESM and CommonJS, serves the spec example. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const entries = ["index", "express/index", "fastify/index", "fetch/index", "client/index"] as const;
const esm: Record<(typeof entries)[number], () => Promise<Record<string, unknown>>> = {
  index: () => import("../dist/index.js"),
  "express/index": () => import("../dist/express/index.js"),
  "fastify/index": () => import("../dist/fastify/index.js"),
  "fetch/index": () => import("../dist/fetch/index.js"),
  "client/index": () => import("../dist/client/index.js"),
};

describe.each(["esm", "cjs"] as const)("dist (%s)", (format) => {
  const load = async (entry: (typeof entries)[number]): Promise<Record<string, unknown>> =>
    format === "esm" ? esm[entry]() : require(`../dist/${entry}.cjs`);

  it("exports the same names from ESM and CJS for every entry", async () => {
    const names = await Promise.all(entries.map(async (e) => Object.keys(await load(e)).sort()));
    expect(names).toStrictEqual([
      expect.arrayContaining([
        "paginate",
        "paginationHeaders",
        "parsePageParams",
        "defineResource",
        "handleResource",
      ]),
      ["expressErrorHandler", "expressHandler"],
      ["default", "fastifyPagewise"],
      ["fetchHandler", "fetchRouter"],
      [
        "PaginationError",
        "buildRequest",
        "expandTemplate",
        "parseLinkHeader",
        "retryAfterMs",
        "walkItems",
        "walkPages",
      ],
    ]);
  });

  it("answers the spec example through the fetch entry", async () => {
    const core = (await load("index")) as typeof import("../src/index.js");
    const { fetchHandler } = (await load("fetch/index")) as typeof import("../src/fetch/index.js");
    const serve = fetchHandler(
      core.defineResource({ GET: core.list({ handler: () => [1, 2, 3] }) }),
    );
    const response = await serve(new Request("http://x/p/?page=2&page_size=1"));
    expect([
      response.status,
      response.headers.get("link"),
      response.headers.get("x-pagination-pagetotal"),
      await response.text(),
    ]).toStrictEqual([
      200,
      '</p/?page=1>; rel="first", </p/?page=1>; rel="prev", </p/?page=3>; rel="next", </p/?page=3>; rel="last"',
      "3",
      "[2]",
    ]);
  });
});
