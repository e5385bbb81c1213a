import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { handleResource, type ResourceRequest } from "../../src/adapters/index.js";
import { cursorCodec } from "../../src/cursor/index.js";
import {
  type CursorListDefinition,
  type CursorQuery,
  cursorList,
  defineResource,
  type ResourceOptions,
  type StandardSchemaV1,
} from "../../src/index.js";

const SECRET = "k".repeat(32);
const request = (url: string, method = "GET"): ResourceRequest<null> => ({
  method,
  url,
  header: () => undefined,
  native: null,
});
const rows = [1, 2, 3, 4, 5].map((id) => ({ id, name: `n${id}` }));
// biome-ignore lint/suspicious/noExplicitAny: definitions of every shape, refused or not
type Definition = CursorListDefinition<unknown, StandardSchemaV1 | undefined, any>;
const listing = (definition: Partial<Definition>, options: ResourceOptions = {}) =>
  defineResource(
    {
      GET: cursorList({
        order: [{ name: "id" }],
        secret: SECRET,
        handler: () => rows,
        ...definition,
      } as Definition),
    },
    options,
  );
const nextOf = (link: string | undefined) => /<([^>]*)>; rel="next"/.exec(link ?? "")?.[1];

describe("cursorList", () => {
  it.each<[string, () => unknown, Error]>([
    [
      "no order",
      () => listing({ order: [] }),
      new TypeError('A cursor\'s order needs at least one column: [{ name: "id" }]'),
    ],
    [
      "a column that is not an identifier",
      () => listing({ order: [{ name: "created at" }] }),
      new TypeError('"created at" is not a SQL identifier'),
    ],
    [
      "an unknown direction",
      () => listing({ order: [{ name: "id", direction: "up" as "asc" }] }),
      new TypeError('id\'s direction must be one of "asc", "desc"; got "up"'),
    ],
    [
      "a short secret",
      () => listing({ secret: "short" }),
      new TypeError(
        "A cursor secret needs at least 32 characters (e.g. 32 random bytes as hex or base64)",
      ),
    ],
    [
      "no secret (an unset environment variable)",
      () => listing({ secret: undefined as unknown as string }),
      new TypeError(
        "A cursor secret needs at least 32 characters (e.g. 32 random bytes as hex or base64)",
      ),
    ],
    [
      "the same name for after and before",
      () => listing({ afterParam: "c", beforeParam: "c" }),
      new TypeError('afterParam and beforeParam must differ; both are "c"'),
    ],
    [
      "an empty parameter name",
      () => listing({ afterParam: "" }),
      new TypeError('afterParam must be a parameter name (text, not empty); got a string ("")'),
    ],
    [
      "valuesOf that is not a function",
      () => listing({ valuesOf: "id" as never }),
      new TypeError('valuesOf must be a function of a row; got a string ("id")'),
    ],
    [
      "a cursor named as the page size",
      () => listing({ afterParam: "page_size" }),
      new TypeError('A cursor parameter cannot share the page size\'s name "page_size"'),
    ],
    [
      "a cursor named as the version parameter",
      () => listing({ beforeParam: "version" }, { version: { served: ["v1"] } }),
      new TypeError(
        'version.param "version" is also a cursor parameter: name the version parameter apart (version.param) or rename the other',
      ),
    ],
    [
      "link templates",
      () => listing({}, { template: true }),
      new TypeError(
        "template and linkParams shape page links; a cursor list's links keep every filter and the page size (leave them out)",
      ),
    ],
    [
      "page-only links (a token is bound to the filters)",
      () => listing({}, { linkParams: "page-only" }),
      new TypeError(
        "template and linkParams shape page links; a cursor list's links keep every filter and the page size (leave them out)",
      ),
    ],
    [
      "a cursor list on POST",
      () =>
        defineResource({
          POST: cursorList({ order: [{ name: "id" }], secret: SECRET, handler: () => [] }),
        }),
      new TypeError(
        "POST cannot be a cursorList: its links are GET requests, so only GET lists by cursor",
      ),
    ],
    [
      "a short length limit",
      () => listing({ maxCursorLength: 10 }),
      new RangeError("maxLength must be a whole number of at least 64; got number 10"),
    ],
  ])("refuses %s when defined", (_name, define, error) => {
    expect(define).toThrow(error);
  });

  it("gives the handler its filters, path and cursor, without the page size or cursors", async () => {
    const handler = vi.fn((_context: unknown) => rows);
    const resource = listing({ schema: z.object({ q: z.string() }), handler });
    const first = await handleResource(resource, request("/l?q=x&page_size=2"));
    await handleResource(resource, request(nextOf(first.headers.Link) as string));
    const [[one], [two]] = handler.mock.calls as [
      [Record<string, unknown>],
      [Record<string, unknown>],
    ];
    expect([one.params, one.path, one.method, two.params]).toStrictEqual([
      { q: "x" },
      {},
      "GET",
      { q: "x" },
    ]);
    const cursor = two.cursor as CursorQuery;
    const select = (where: string) => `SELECT * FROM t WHERE q = $1 AND ${where}`;
    expect([two.cursor, cursor.sql(), cursor.unionSql(select, 2)]).toStrictEqual([
      {
        side: "after",
        values: [2],
        pageSize: 2,
        limit: 3,
        sql: expect.any(Function),
        unionSql: expect.any(Function),
      },
      {
        where: '"id" > $1',
        orderBy: '"id" ASC',
        limit: 3,
        values: [2],
        branches: ['"id" > $1'],
        lead: '"id" > $1',
        branchValues: [2],
      },
      {
        text: 'SELECT * FROM t WHERE q = $1 AND "id" > $2 ORDER BY "id" ASC LIMIT 3',
        values: [2],
        lead: undefined,
      },
    ]);
  });

  it.each<[string, string, number, string[]]>([
    ["an empty after: the first page", "/l?after=&page_size=2", 200, ["n1", "n2"]],
    ["strict page parameters do not read page", "/l?page=abc&page_size=2", 200, ["n1", "n2"]],
    ["a HEAD request", "/l?page_size=2", 200, []],
  ])("serves %s", async (name, url, status, names) => {
    const resource = listing({}, { invalid: "strict" });
    const method = name.startsWith("a HEAD") ? "HEAD" : "GET";
    const answer = await handleResource(resource, request(url, method));
    const body = answer.body === null ? [] : (JSON.parse(answer.body) as { name: string }[]);
    expect([answer.status, body.map((r) => r.name)]).toStrictEqual([status, names]);
  });

  it("runs a count function alongside an items function, both started before either ends", async () => {
    const started: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const resource = listing({
      handler: () => ({
        count: async () => {
          started.push("count");
          await gate;
          return 5;
        },
        items: async () => {
          started.push("items");
          await gate;
          return rows.slice(0, 3);
        },
      }),
    });
    const answer = handleResource(resource, request("/l?page_size=2"));
    await vi.waitFor(() => expect(started).toStrictEqual(["count", "items"]));
    release();
    const { headers } = await answer;
    expect([headers["X-Pagination-Count"], headers["X-Pagination-PageSize"]]).toStrictEqual([
      "5",
      "2",
    ]);
  });

  it("refuses another list's token on the same secret, order and filters", async () => {
    const users = listing({});
    const builds = listing({});
    const first = await handleResource(users, request("/users/?page_size=1"));
    const answer = await handleResource(
      builds,
      request(`/builds/?${nextOf(first.headers.Link)?.split("?")[1]}`),
    );
    expect([answer.status, JSON.parse(answer.body as string).code]).toStrictEqual([
      400,
      "cursor_query_mismatch",
    ]);
  });

  it.each<[unknown, string]>([
    [
      "12.0",
      'A cursor list\'s row has a string ("12.0") for the bigint sort column "id": a whole number, as a bigint, a safe integer or its digits',
    ],
    [
      1.5,
      'A cursor list\'s row has number 1.5 for the bigint sort column "id": a whole number, as a bigint, a safe integer or its digits',
    ],
  ])("refuses %j in a bigint column", async (id, message) => {
    const resource = listing({ order: [{ name: "id", type: "bigint" }], handler: () => [{ id }] });
    await expect(handleResource(resource, request("/l"))).rejects.toThrow(new TypeError(message));
  });

  it.each<[string, string, Record<string, string>, number, string]>([
    ["the same version, named or by default", "/l?version=v1&page_size=2", {}, 200, "[3,4]"],
    [
      "the same version, in Accept",
      "/l?page_size=2",
      { accept: "application/json; version=v1" },
      200,
      "[3,4]",
    ],
    ["another version", "/l?version=v2&page_size=2", {}, 400, "cursor_query_mismatch"],
    [
      "another version, in Accept",
      "/l?page_size=2",
      { accept: "application/json; version=v2" },
      400,
      "cursor_query_mismatch",
    ],
  ])(
    "binds a token to the version asked for, not how it was asked: %s",
    async (_name, url, headers, status, body) => {
      const resource = listing(
        { handler: ({ version }) => rows.map((row) => ({ ...row, version })) },
        { version: { served: ["v1", "v2"], default: "v1" } },
      );
      const first = await handleResource(resource, request("/l?page_size=2"));
      const after = new URL(nextOf(first.headers.Link) as string, "http://x").searchParams.get(
        "after",
      );
      const answer = await handleResource(resource, {
        ...request(`${url}&after=${after}`),
        header: (name) => headers[name],
      });
      const read = JSON.parse(answer.body as string);
      expect([
        answer.status,
        status === 200 ? JSON.stringify(read.map((r: { id: number }) => r.id)) : read.code,
      ]).toStrictEqual([status, body]);
    },
  );
  it("writes rows with bigint ids by the JSON rule: a safe one a number, a larger one its digits", async () => {
    const resource = listing({
      order: [{ name: "id", direction: "desc", type: "bigint" }],
      handler: () => [{ id: 2n ** 64n }, { id: 5n }],
    });
    const answer = await handleResource(resource, request("/l"));
    expect([answer.status, answer.body]).toStrictEqual([
      200,
      '[{"id":"18446744073709551616"},{"id":5}]',
    ]);
  });

  it("sends no count without one, and a 64-bit id as text in its token", async () => {
    const big = [{ id: "9223372036854775807" }, { id: "9223372036854775806" }];
    const resource = listing({
      order: [{ name: "id", direction: "desc", type: "bigint" }],
      handler: () => ({ items: big.slice(0, 2) }),
      valuesOf: (row: { id: string }) => [BigInt(row.id)],
    });
    const answer = await handleResource(resource, request("/l?page_size=1"));
    const token = new URL(nextOf(answer.headers.Link) as string, "http://x").searchParams.get(
      "after",
    ) as string;
    const queryKey = JSON.stringify([
      "/l",
      [],
      [],
      JSON.stringify([["id", false, false, true, false, "bigint"]]),
    ]);
    expect([
      answer.headers["X-Pagination-Count"],
      await cursorCodec(SECRET).decode(token, queryKey, "after"),
    ]).toStrictEqual([undefined, ["9223372036854775807"]]);
  });

  it.each<[string, unknown, Error]>([
    [
      "items that are not rows",
      { items: { rows } },
      new TypeError(
        "A cursor list handler returns the whole list as an array or { items, count? }, with items the keyset query's rows or a function giving them; got an object",
      ),
    ],
    [
      "a count as text",
      { items: [], count: "5" },
      new TypeError(
        'A list handler\'s count must be a number; got a string ("5"). node-postgres returns count(*) as a string (a bigint): pass Number(row.count).',
      ),
    ],
    [
      "a { whenNeeded } count (a JavaScript caller's: its type has none)",
      { items: [], count: { whenNeeded: () => 5 } },
      new TypeError(
        'A list handler\'s count is a number, { atLeast } or { estimate }; got an object with ["whenNeeded"]',
      ),
    ],
    [
      "a timestamp as a Date",
      [{ id: new Date(0) }],
      new TypeError(
        'A cursor list\'s row has an object for the sort column "id", which a cursor cannot carry. Give the column type: "timestamp" for a Date of a list in memory; a database\'s timestamp holds microseconds a Date drops: select it as text (created_at::text), or serve it through pagewise/kysely or pagewise/drizzle, which do.',
      ),
    ],
    [
      "a bigint in a column compared as JSON (text order would put 10 before 9)",
      [{ id: 10n }],
      new TypeError(
        'A cursor list\'s row has a bigint for the sort column "id": give the column type: "bigint" (compared as whole numbers, not as text)',
      ),
    ],
    [
      "a row without the sort column",
      [{ name: "x" }],
      new TypeError(
        'A cursor list\'s row has undefined for the sort column "id", which a cursor cannot carry.',
      ),
    ],
    [
      "a NULL in a column not declared nullable",
      [{ id: 1 }, { id: null }],
      new TypeError(
        'A cursor list\'s row has NULL for the sort column "id", which the order does not declare nullable: give it nullable: true (a NULL compared as a value would lose rows)',
      ),
    ],
  ])("refuses %s from a handler (a bug: the promise rejects)", async (_name, result, error) => {
    const resource = listing({ handler: () => result as never });
    await expect(handleResource(resource, request("/l?page_size=1"))).rejects.toThrow(error);
  });
});

describe("cursorList's types", () => {
  type Row = (typeof rows)[number];
  const order = [{ name: "id" }] as const;

  it("takes a count beside the rows, never { whenNeeded }", () => {
    cursorList({ order, secret: SECRET, handler: () => ({ items: rows, count: () => 5 }) });
    cursorList({
      order,
      secret: SECRET,
      // @ts-expect-error: a cursor list's count has no { whenNeeded }
      handler: () => ({ items: rows, count: { whenNeeded: () => 5 } }),
    });
  });

  it("types valuesOf's row from the handler's rows when it follows the handler", () => {
    cursorList({
      order,
      secret: SECRET,
      handler: ({ path }) => rows.filter((row) => row.name !== path.skip),
      valuesOf: (row) => {
        expectTypeOf(row).toEqualTypeOf<Row>();
        return [row.id];
      },
    });
    cursorList({
      order,
      secret: SECRET,
      handler: async ({ cursor }) => ({ items: rows.slice(0, cursor.limit) }),
      valuesOf: (row) => [row.id],
    });
    cursorList({
      order,
      secret: SECRET,
      handler: () => ({ items: async () => rows }),
      valuesOf: (row) => [row.id],
    });
  });

  it("takes an annotated row in either place, checked against the handler's rows", () => {
    cursorList({
      order,
      secret: SECRET,
      valuesOf: (row: { id: number }) => [row.id],
      handler: ({ path }) => rows.filter((row) => row.name !== path.skip),
    });
    cursorList({
      order,
      secret: SECRET,
      valuesOf: (row: { key: number }) => [row.key],
      // @ts-expect-error: its rows have no such property
      handler: ({ path }) => rows.filter((row) => row.name !== path.skip),
    });
  });

  it("reads the row's type before an unannotated valuesOf only from a handler without parameters", () => {
    cursorList({ order, secret: SECRET, valuesOf: (row) => [row.id], handler: () => rows });
    // TypeScript infers from functions with unannotated parameters in the order written
    // (microsoft/TypeScript#47599): written before such a handler, the row is unknown.
    cursorList({
      order,
      secret: SECRET,
      valuesOf: (row) => {
        expectTypeOf(row).toBeUnknown();
        return [];
      },
      handler: ({ path }) => rows.filter((row) => row.name !== path.skip),
    });
  });
});
