/**
 * The one behaviour suite, run over real HTTP against every server of the suite's routes (each
 * adapter and framework version in behaviour.test.ts, each runtime in test/runtimes): the same
 * request must get the same status, the same headers (all but transport ones) and the same body.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Answer, type Call, call } from "../support/http-call.js";
import { API_KEY, dataset } from "./resources.js";
import type { Running } from "./servers.js";

const key = { "x-api-key": API_KEY };
const jsonType = { "content-type": "application/json" };
export const problemType = { "content-type": "application/problem+json" };
const exposed =
  "Link, X-Pagination-Count, X-Pagination-Page, X-Pagination-PageTotal, X-Pagination-PageSize, X-Pagination-CountAtLeast, X-Pagination-CountEstimate";

/** The pagination headers of a page, with the given Link entries (rel → page). */
function paged(
  path: string,
  count: number,
  page: number,
  total: number,
  size: number,
  links: Record<string, number | string> = {},
) {
  const link = Object.entries(links)
    .map(
      ([rel, target]) =>
        `<${typeof target === "number" ? `${path}?page=${target}` : target}>; rel="${rel}"`,
    )
    .join(", ");
  return {
    ...jsonType,
    ...(link ? { link } : {}),
    "x-pagination-count": String(count),
    "x-pagination-page": String(page),
    "x-pagination-pagetotal": String(total),
    "x-pagination-pagesize": String(size),
  };
}

const ids = (from: number, to: number) => dataset(to).slice(from - 1);
export const problem = (
  status: number,
  title: string,
  code: string,
  detail: string,
  extra: object = {},
) => ({
  type: "about:blank",
  title,
  status,
  detail,
  code,
  ...extra,
});

/** The 400 for a missing or unknown package status, naming the allowed values. */
const statusProblem = problem(
  400,
  "Bad Request",
  "validation_failed",
  'Invalid request parameters: "status": Invalid option: expected one of "awaiting_sync"|"sync_in_progress"|"completed"|"failed"|"quarantined".',
  {
    parameter: "status",
    errors: [
      {
        parameter: "status",
        detail:
          'Invalid option: expected one of "awaiting_sync"|"sync_in_progress"|"completed"|"failed"|"quarantined"',
      },
    ],
  },
);

/** Every answer carries the resource's Allow: the methods its route defines, then OPTIONS. */
function allowOf(path: string): string {
  if (path.startsWith("/small-body/")) return "POST, OPTIONS";
  if (path.startsWith("/refusing/")) return "GET, POST, DELETE, OPTIONS";
  if (/^\/versioned\/?(\?|$)/.test(path)) return "GET, POST, DELETE, OPTIONS";
  if (path.startsWith("/results/")) return "GET, DELETE, OPTIONS";
  return /^\/package\/[^/]+\/[^/]+\/?(\?|$)/.test(path) ? "GET, DELETE, OPTIONS" : "GET, OPTIONS";
}

const P = "/package/o/three/packages/";
const R350 = "/package/o/n350/packages/";
const R400 = "/package/o/n400/packages/";

const fromApp = { origin: "https://app.example" };
const cors = { "access-control-allow-origin": "*", "access-control-expose-headers": exposed };

/** What cannot be written: a 500 problem with the answer's other headers, never the framework's. */
const unwritable: Answer = {
  status: 500,
  headers: { ...problemType, ...cors },
  body: problem(
    500,
    "Internal Server Error",
    "result_not_json",
    "The request was carried out, but its result could not be written as JSON.",
  ),
};

/**
 * Each handler result of RESULTS (by its name), what a json DELETE answers with it (`undefined`:
 * 204), and the JSON of the list row it is (`unwritable`: the whole answer is the 500).
 */
const written: readonly (readonly [string, string, unknown, unknown])[] = [
  ["text outside ASCII", "unicode", { name: "café 😀" }, { name: "café 😀" }],
  ["a bigint (Kysely's numDeletedRows)", "bigint", { deleted: 3 }, { deleted: 3 }],
  [
    "a bigint past 2^53: its digits",
    "bigint-past-2-53",
    { id: "18446744073709551616" },
    { id: "18446744073709551616" },
  ],
  ["a bigint as the whole result", "bigint-alone", 3, 3],
  ["NaN, Infinity and -0", "nan-infinity", { n: null, i: null, m: 0 }, { n: null, i: null, m: 0 }],
  ["a Date", "date", { at: "1970-01-01T00:00:00.000Z" }, { at: "1970-01-01T00:00:00.000Z" }],
  ["a Map and a Set", "map-set", { m: {}, s: {} }, { m: {}, s: {} }],
  ["undefined, a function, a symbol in an object", "left-out", { k: 1 }, { k: 1 }],
  ["undefined", "undefined", undefined, null],
  ["a function", "function", unwritable, null],
  ["a cycle", "cycle", unwritable, unwritable],
  ["a toJSON that throws", "throwing-tojson", unwritable, unwritable],
];

const resultCases = written.flatMap(([title, name, answer, row]) => {
  const path = `/results/${name}/`;
  const jsonAnswer: Answer =
    answer === unwritable
      ? unwritable
      : answer === undefined
        ? { status: 204, headers: cors, body: null }
        : { status: 200, headers: { ...jsonType, ...cors }, body: answer };
  const listAnswer: Answer =
    row === unwritable
      ? unwritable
      : { status: 200, headers: { ...paged(path, 1, 1, 1, 30), ...cors }, body: [row] };
  return [
    [`json() returning ${title}`, { method: "DELETE", path, headers: fromApp }, jsonAnswer],
    [`a list row of ${title}`, { path, headers: fromApp }, listAnswer],
  ] as const;
});

/**
 * The 20 rows of the sorted lists in the order `sort` names (a test oracle written apart from
 * pagewise): by each field in its direction, then by id in the last field's direction.
 */
export function inOrder(sort: string) {
  const terms = (sort || "id")
    .split(",")
    .map((w) => [w.replace(/^-/, ""), w.startsWith("-") ? -1 : 1] as const);
  if (!terms.some(([field]) => field === "id")) terms.push(["id", terms.at(-1)?.[1] ?? 1]);
  return dataset(20).sort((a, b) => {
    for (const [field, way] of terms) {
      const [x, y] = [a[field as "id"], b[field as "id"]];
      if (x !== y) return x < y ? -way : way;
    }
    return 0;
  });
}

/** The sorted list's answer at a page of 3, its links keeping `query` before the page (the page size left out, as the spec's links do). */
function sortedPage(path: string, query: string, sort: string, page: number): Answer {
  const link = (n: number) => `${path}?${query}page=${n}`;
  const links = {
    first: link(1),
    ...(page > 1 ? { prev: link(page - 1) } : {}),
    ...(page < 7 ? { next: link(page + 1) } : {}),
    last: link(7),
  };
  return {
    status: 200,
    headers: paged("", 20, page, 7, 3, links),
    body: inOrder(sort).slice((page - 1) * 3, page * 3),
  };
}

const sortHelp =
  'Sort by status or id: comma-separated, each at most once, "-" before a field for descending (e.g. "-status,id").';

const sortCases: readonly (readonly [string, Call, Answer])[] = [
  [
    "a sort: rows in its order, links keep it",
    { path: "/sorted/?sort=-status&page=2&page_size=3" },
    sortedPage("/sorted/", "sort=-status&", "-status", 2),
  ],
  [
    "two fields, the comma escaped in links",
    { path: "/sorted/?sort=status,-id&page=7&page_size=3" },
    sortedPage("/sorted/", "sort=status%2C-id&", "status,-id", 7),
  ],
  [
    "no sort: the default order, no sort in links",
    { path: "/sorted/?page=1&page_size=3" },
    sortedPage("/sorted/", "", "", 1),
  ],
  [
    "linkParams 'page-only' drops the sort from links",
    { path: "/sorted/page-only/?sort=-id&page=2&page_size=3" },
    sortedPage("/sorted/page-only/", "", "-id", 2),
  ],
  ...(
    [
      ["an unknown field", "?sort=size", '"size" is not a field offered'],
      ["a repeated field", "?sort=id,-id", 'it names "id" twice'],
      [
        "a repeated parameter",
        "?sort=id&sort=status",
        "it is given more than once (or as a list: write the fields in one text, separated by commas)",
      ],
      ["an empty item", "?sort=status,", 'it has an empty item in "status,"'],
    ] as const
  ).map(([title, query, reason]): readonly [string, Call, Answer] => [
    `${title} → 400 invalid_sort`,
    { path: `/sorted/${query}` },
    {
      status: 400,
      headers: problemType,
      body: problem(
        400,
        "Bad Request",
        "invalid_sort",
        `Parameter "sort" cannot be read: ${reason}. ${sortHelp}`,
        { parameter: "sort" },
      ),
    },
  ]),
];

/** The 400 for text no database stores as sent: `where` holds `what` (NUL or a lone surrogate). */
const textProblem = (where: string, what: "nul" | "surrogate", parameter?: string): Answer => ({
  status: 400,
  headers: problemType,
  body: problem(
    400,
    "Bad Request",
    "invalid_text",
    `${where} holds ${
      what === "nul"
        ? "a NUL character (U+0000), which PostgreSQL cannot store"
        : "a lone surrogate (half of a UTF-16 pair), which is not Unicode text"
    }.`,
    parameter === undefined ? {} : { parameter },
  ),
});
const jsonBody = (body: string) => ({ headers: { ...key, ...jsonType }, body });

/** Text no database stores as sent, in each place a request holds parameters: 400 before any handler. */
const textCases: readonly (readonly [string, Call, Answer])[] = [
  [
    "NUL in a path parameter → 400 invalid_text",
    { path: "/package/o%00/n350/?status=failed", headers: key },
    textProblem('Path parameter "owner"', "nul", "owner"),
  ],
  [
    "NUL in a path parameter of a list without a schema → 400 invalid_text",
    { path: "/package/o/%00/packages/", headers: key },
    textProblem('Path parameter "repo"', "nul", "repo"),
  ],
  [
    "NUL in a query value of a list without a schema → 400 invalid_text",
    { path: `${P}?q=%00`, headers: key },
    textProblem('Parameter "q"', "nul", "q"),
  ],
  [
    "NUL in a filter the schema reads → 400 invalid_text, not validation_failed",
    { path: "/package/o/n350/?status=failed%00", headers: key },
    textProblem('Parameter "status"', "nul", "status"),
  ],
  [
    "NUL in a query parameter's name → 400 invalid_text",
    { path: `${P}?a%00b=1`, headers: key },
    textProblem("A parameter name", "nul"),
  ],
  [
    "NUL in a repeated query parameter's second value → 400 invalid_text",
    { path: `${P}?q=a&q=b%00`, headers: key },
    textProblem('Parameter "q.1"', "nul", "q.1"),
  ],
  [
    'NUL in a JSON body value ("\\u0000") → 400 invalid_text',
    { method: "DELETE", path: "/package/o/n350/", ...jsonBody('{"status":"\\u0000"}') },
    textProblem('Parameter "status"', "nul", "status"),
  ],
  [
    "a lone surrogate in a JSON body value → 400 invalid_text",
    { method: "DELETE", path: "/package/o/n350/", ...jsonBody('{"status":"a\\ud800"}') },
    textProblem('Parameter "status"', "surrogate", "status"),
  ],
  [
    "a lone low surrogate in a JSON body member's name → 400 invalid_text",
    { method: "DELETE", path: "/package/o/n350/", ...jsonBody('{"\\udc00":"failed"}') },
    textProblem("A parameter name", "surrogate"),
  ],
  [
    "NUL deep in a JSON document body → 400 invalid_text naming its path",
    {
      method: "POST",
      path: "/small-body/",
      headers: jsonType,
      body: '{"items":[{"name":"ok"},{"name":"a\\u0000"}]}',
    },
    textProblem('Parameter "items.1.name"', "nul", "items.1.name"),
  ],
  [
    "a surrogate pair (an emoji) in a JSON body is text: served",
    { method: "POST", path: "/small-body/", headers: jsonType, body: '{"name":"\\ud83d\\ude00"}' },
    { status: 201, headers: jsonType, body: { name: "😀" } },
  ],
];

const cases: readonly (readonly [string, Call, Answer])[] = [
  ...resultCases,
  ...sortCases,
  ...textCases,
  // --- the spec's examples
  [
    "spec example: 3 items, page=2&page_size=1",
    { path: `${P}?page=2&page_size=1`, headers: key },
    {
      status: 200,
      headers: paged(P, 3, 2, 3, 1, { first: 1, prev: 1, next: 3, last: 3 }),
      body: ids(2, 2),
    },
  ],
  [
    "350 items of 100: the 4th page holds 50",
    { path: `${R350}?page=4&page_size=100`, headers: key },
    {
      status: 200,
      headers: paged(R350, 350, 4, 4, 100, { first: 1, prev: 3, last: 4 }),
      body: ids(301, 350),
    },
  ],
  [
    "400 items of 100: 4 full pages",
    { path: `${R400}?page=4&page_size=100`, headers: key },
    {
      status: 200,
      headers: paged(R400, 400, 4, 4, 100, { first: 1, prev: 3, last: 4 }),
      body: ids(301, 400),
    },
  ],
  [
    "one page: no Link",
    { path: P, headers: key },
    { status: 200, headers: paged(P, 3, 1, 1, 30), body: ids(1, 3) },
  ],
  [
    "empty dataset: never paginated",
    { path: "/package/o/empty/packages/?page=2", headers: key },
    { status: 200, headers: jsonType, body: [] },
  ],
  [
    "empty dataset with emptyHeaders 'zero'",
    { path: "/empty-zero/?page_size=10" },
    { status: 200, headers: paged("", 0, 1, 1, 10), body: [] },
  ],
  [
    "without the trailing slash",
    { path: "/package/o/three/packages?page=2&page_size=1", headers: key },
    {
      status: 200,
      headers: paged("/package/o/three/packages", 3, 2, 3, 1, {
        first: 1,
        prev: 1,
        next: 3,
        last: 3,
      }),
      body: ids(2, 2),
    },
  ],
  [
    "HEAD: GET's headers, no body",
    { method: "HEAD", path: `${P}?page=2&page_size=1`, headers: key },
    {
      status: 200,
      headers: paged(P, 3, 2, 3, 1, { first: 1, prev: 1, next: 3, last: 3 }),
      body: null,
    },
  ],
  // --- filters, page size, overflow
  [
    "status filter kept in links, page_size dropped",
    { path: "/package/o/n350/?status=failed&page=2&page_size=30", headers: key },
    {
      status: 200,
      headers: paged("/package/o/n350/", 70, 2, 3, 30, {
        first: "/package/o/n350/?status=failed&page=1",
        prev: "/package/o/n350/?status=failed&page=1",
        next: "/package/o/n350/?status=failed&page=3",
        last: "/package/o/n350/?status=failed&page=3",
      }),
      body: dataset(350)
        .filter((p) => p.status === "failed")
        .slice(30, 60),
    },
  ],
  [
    "page_size over 500 is clamped",
    { path: "/package/o/n1200/packages/?page_size=501", headers: key },
    {
      status: 200,
      headers: paged("/package/o/n1200/packages/", 1200, 1, 3, 500, { first: 1, next: 2, last: 3 }),
      body: ids(1, 500),
    },
  ],
  [
    "overflow 'empty'",
    { path: "/overflow/empty/?page=9&page_size=100" },
    {
      status: 200,
      headers: paged("/overflow/empty/", 350, 9, 4, 100, { first: 1, prev: 4, last: 4 }),
      body: [],
    },
  ],
  [
    "overflow 'last'",
    { path: "/overflow/last/?page=9&page_size=100" },
    {
      status: 200,
      headers: paged("/overflow/last/", 350, 4, 4, 100, { first: 1, prev: 3, last: 4 }),
      body: ids(301, 350),
    },
  ],
  [
    "overflow 'error'",
    { path: "/overflow/error/?page=9&page_size=100" },
    {
      status: 404,
      headers: problemType,
      body: problem(
        404,
        "Not Found",
        "page_out_of_range",
        "Page 9 does not exist; the last page is 4.",
        { parameter: "page" },
      ),
    },
  ],
  // --- link options
  [
    "linkParams 'all' keeps page_size",
    { path: "/links/all/?page=2&page_size=100&q=x" },
    {
      status: 200,
      headers: paged("", 350, 2, 4, 100, {
        first: "/links/all/?q=x&page=1&page_size=100",
        prev: "/links/all/?q=x&page=1&page_size=100",
        next: "/links/all/?q=x&page=3&page_size=100",
        last: "/links/all/?q=x&page=4&page_size=100",
      }),
      body: ids(101, 200),
    },
  ],
  [
    "template links",
    { path: "/links/template/?page=2&page_size=100" },
    {
      status: 200,
      headers: paged("", 350, 2, 4, 100, {
        first: "/links/template/?page=1{&page_size}",
        prev: "/links/template/?page=1{&page_size}",
        next: "/links/template/?page=3{&page_size}",
        last: "/links/template/?page=4{&page_size}",
      }),
      body: ids(101, 200),
    },
  ],
  [
    "baseUrl makes links absolute",
    { path: "/links/base/?page=4&page_size=100" },
    {
      status: 200,
      headers: paged("", 350, 4, 4, 100, {
        first: "https://api.example.com/v1/links/base/?page=1",
        prev: "https://api.example.com/v1/links/base/?page=3",
        last: "https://api.example.com/v1/links/base/?page=4",
      }),
      body: ids(301, 350),
    },
  ],
  [
    "trustProxy reads X-Forwarded-Proto and X-Forwarded-Host",
    {
      path: "/links/proxy/?page=4&page_size=100",
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example, proxy.internal" },
    },
    {
      status: 200,
      headers: paged("", 350, 4, 4, 100, {
        first: "https://shop.example/links/proxy/?page=1",
        prev: "https://shop.example/links/proxy/?page=3",
        last: "https://shop.example/links/proxy/?page=4",
      }),
      body: ids(301, 350),
    },
  ],
  [
    "trustProxy ignores a forwarded host that is not a plain host",
    {
      path: "/links/proxy/?page=4&page_size=100",
      headers: { "x-forwarded-host": "evil.example/x?" },
    },
    {
      status: 200,
      headers: paged("/links/proxy/", 350, 4, 4, 100, { first: 1, prev: 3, last: 4 }),
      body: ids(301, 350),
    },
  ],
  // --- hostile page values: the documented lenient reading, never a 500
  ...(
    [
      ["page=abc", 1, 30],
      ["page=1e3", 1, 30],
      ["page=-0", 1, 30],
      ["page=0", 1, 30],
      ["page=-3", 1, 30],
      ["page=1.5", 1, 30],
      ["page=0x10", 1, 30],
      ["page=", 1, 30],
      ["page=%202", 1, 30],
      ["page=2&page=3&page_size=100", 2, 100],
      ["page_size=0", 1, 30],
      ["page_size=-5", 1, 30],
      ["page_size=1.5", 1, 30],
      ["page_size=", 1, 30],
    ] as const
  ).map(([query, page, size]): readonly [string, Call, Answer] => {
    const total = Math.ceil(350 / size);
    const links = {
      first: 1,
      ...(page > 1 ? { prev: page - 1 } : {}),
      next: page + 1,
      last: total,
    };
    return [
      `lenient ${query}`,
      { path: `${R350}?${query}`, headers: key },
      {
        status: 200,
        headers: paged(R350, 350, page, total, size, links),
        body: ids((page - 1) * size + 1, page * size),
      },
    ];
  }),
  [
    "lenient page[a]=2: another parameter, kept in links with its brackets encoded",
    { path: `${R350}?page[a]=2&page_size=100`, headers: key },
    {
      status: 200,
      headers: paged(R350, 350, 1, 4, 100, {
        first: `${R350}?page%5Ba%5D=2&page=1`,
        next: `${R350}?page%5Ba%5D=2&page=2`,
        last: `${R350}?page%5Ba%5D=2&page=4`,
      }),
      body: ids(1, 100),
    },
  ],
  [
    "lenient page_size[]=5: another parameter, default size",
    { path: `${R350}?page_size[]=5`, headers: key },
    {
      status: 200,
      headers: paged(R350, 350, 1, 12, 30, {
        first: `${R350}?page_size%5B%5D=5&page=1`,
        next: `${R350}?page_size%5B%5D=5&page=2`,
        last: `${R350}?page_size%5B%5D=5&page=12`,
      }),
      body: ids(1, 30),
    },
  ],
  [
    "page past MAX_SAFE_INTEGER",
    { path: `${R350}?page=99999999999999999999&page_size=100`, headers: key },
    {
      status: 200,
      headers: paged(R350, 350, Number.MAX_SAFE_INTEGER, 4, 100, { first: 1, prev: 4, last: 4 }),
      body: [],
    },
  ],
  [
    "strict: page=abc → 400",
    { path: "/strict/?page=abc" },
    {
      status: 400,
      headers: problemType,
      body: problem(
        400,
        "Bad Request",
        "invalid_parameter",
        'Parameter "page" must be a whole decimal number; got a string ("abc").',
        { parameter: "page" },
      ),
    },
  ],
  [
    "strict: page_size=501 → 400",
    { path: "/strict/?page_size=501" },
    {
      status: 400,
      headers: problemType,
      body: problem(
        400,
        "Bad Request",
        "page_size_too_large",
        'Parameter "page_size" must be at most 500.',
        { parameter: "page_size" },
      ),
    },
  ],
  // --- JSON bodies on DELETE (spec 4.1)
  [
    "DELETE with a JSON body",
    {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { ...key, ...jsonType },
      body: '{"status":"failed"}',
    },
    { status: 200, headers: jsonType, body: { deleted: 70 } },
  ],
  [
    "DELETE with a wrong content type → 415",
    {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { ...key, "content-type": "text/plain" },
      body: '{"status":"failed"}',
    },
    {
      status: 415,
      headers: problemType,
      body: problem(
        415,
        "Unsupported Media Type",
        "unsupported_media_type",
        "The request body must be JSON, sent with Content-Type: application/json.",
      ),
    },
  ],
  [
    "DELETE with an unparsable Content-Type → 415",
    {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { ...key, "content-type": "garbage" },
      body: '{"status":"failed"}',
    },
    {
      status: 415,
      headers: problemType,
      body: problem(
        415,
        "Unsupported Media Type",
        "unsupported_media_type",
        "The request body must be JSON, sent with Content-Type: application/json.",
      ),
    },
  ],
  [
    "an unparsable Content-Type without a key → 401 first",
    { method: "DELETE", path: "/package/o/n350/", headers: { "content-type": ";" }, body: "{}" },
    {
      status: 401,
      headers: { ...problemType, "www-authenticate": 'ApiKey header="X-Api-Key"' },
      body: problem(
        401,
        "Unauthorized",
        "unauthorized",
        "Send your API key in the X-Api-Key header.",
      ),
    },
  ],
  [
    "DELETE with malformed JSON → 400",
    {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { ...key, ...jsonType },
      body: '{"status":',
    },
    {
      status: 400,
      headers: problemType,
      body: problem(
        400,
        "Bad Request",
        "malformed_json",
        "The request body is not valid UTF-8 JSON.",
      ),
    },
  ],
  [
    "DELETE with a JSON array → 400",
    {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { ...key, ...jsonType },
      body: '["failed"]',
    },
    {
      status: 400,
      headers: problemType,
      body: problem(
        400,
        "Bad Request",
        "body_not_object",
        "The request body must be a JSON object.",
      ),
    },
  ],
  [
    "DELETE without a status → 400 naming it",
    { method: "DELETE", path: "/package/o/n350/", headers: key },
    {
      status: 400,
      headers: problemType,
      body: statusProblem,
    },
  ],
  [
    "DELETE with the status in the query → 400",
    { method: "DELETE", path: "/package/o/n350/?status=failed", headers: key },
    {
      status: 400,
      headers: problemType,
      body: problem(
        400,
        "Bad Request",
        "parameter_in_query",
        'Parameters of a DELETE request go in a JSON body, not the query string; found "status".',
        { parameter: "status" },
      ),
    },
  ],
  [
    "unknown status in a GET filter → 400",
    { path: "/package/o/n350/?status=gone", headers: key },
    {
      status: 400,
      headers: problemType,
      body: statusProblem,
    },
  ],
  [
    "POST body over maxBodyBytes → 413",
    {
      method: "POST",
      path: "/small-body/",
      headers: jsonType,
      body: JSON.stringify({ pad: "x".repeat(100) }),
    },
    {
      status: 413,
      headers: problemType,
      body: problem(
        413,
        "Content Too Large",
        "payload_too_large",
        "The request body is larger than 64 bytes.",
      ),
    },
  ],
  [
    "POST body within maxBodyBytes → 201",
    {
      method: "POST",
      path: "/small-body/",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: '{"a":"é"}',
    },
    { status: 201, headers: jsonType, body: { a: "é" } },
  ],
  // --- X-Api-Key (spec section 5)
  [
    "missing X-Api-Key → 401",
    { path: P },
    {
      status: 401,
      headers: { ...problemType, "www-authenticate": 'ApiKey header="X-Api-Key"' },
      body: problem(
        401,
        "Unauthorized",
        "unauthorized",
        "Send your API key in the X-Api-Key header.",
      ),
    },
  ],
  [
    "wrong X-Api-Key → 401",
    { path: P, headers: { "x-api-key": "nope" } },
    {
      status: 401,
      headers: { ...problemType, "www-authenticate": 'ApiKey header="X-Api-Key"' },
      body: problem(401, "Unauthorized", "unauthorized", "The API key is not valid."),
    },
  ],
  // --- Allow, OPTIONS, 405
  [
    "OPTIONS → 204 with Allow, no key needed",
    { method: "OPTIONS", path: P },
    { status: 204, headers: { allow: "GET, OPTIONS" }, body: null },
  ],
  [
    "POST on a GET-only resource → 405 with Allow",
    { method: "POST", path: P, headers: key },
    {
      status: 405,
      headers: { ...problemType, allow: "GET, OPTIONS" },
      body: problem(
        405,
        "Method Not Allowed",
        "method_not_allowed",
        "POST is not allowed here; allowed: GET, OPTIONS.",
      ),
    },
  ],
  [
    "PUT on GET+DELETE → 405 with Allow",
    { method: "PUT", path: "/package/o/n350/", headers: key },
    {
      status: 405,
      headers: { ...problemType, allow: "GET, DELETE, OPTIONS" },
      body: problem(
        405,
        "Method Not Allowed",
        "method_not_allowed",
        "PUT is not allowed here; allowed: GET, DELETE, OPTIONS.",
      ),
    },
  ],
  // --- CORS
  [
    "CORS preflight",
    {
      method: "OPTIONS",
      path: P,
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-api-key",
      },
    },
    {
      status: 204,
      headers: {
        allow: "GET, OPTIONS",
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, OPTIONS",
        "access-control-allow-headers": "X-Api-Key, Content-Type",
        "access-control-max-age": "600",
      },
      body: null,
    },
  ],
  [
    "CORS: pagination headers exposed",
    { path: `${P}?page=2&page_size=1`, headers: { ...key, origin: "https://app.example" } },
    {
      status: 200,
      headers: {
        ...paged(P, 3, 2, 3, 1, { first: 1, prev: 1, next: 3, last: 3 }),
        "access-control-allow-origin": "*",
        "access-control-expose-headers": exposed,
      },
      body: ids(2, 2),
    },
  ],
  [
    "CORS headers on a 401 too",
    { path: P, headers: { origin: "https://app.example" } },
    {
      status: 401,
      headers: {
        ...problemType,
        "www-authenticate": 'ApiKey header="X-Api-Key"',
        "access-control-allow-origin": "*",
        "access-control-expose-headers": exposed,
      },
      body: problem(
        401,
        "Unauthorized",
        "unauthorized",
        "Send your API key in the X-Api-Key header.",
      ),
    },
  ],
  [
    "a handler's error with a 4xx status of its own: that status's problem, nothing of the error",
    { path: "/refusing/", headers: { origin: "https://app.example" } },
    {
      status: 409,
      headers: {
        ...problemType,
        "access-control-allow-origin": "*",
        "access-control-expose-headers": exposed,
      },
      body: problem(409, "Conflict", "conflict", "The request was refused: 409 Conflict."),
    },
  ],
  [
    "a handler's rejection with a 4xx statusCode of its own",
    { method: "DELETE", path: "/refusing/", headers: { "content-type": "application/json" } },
    {
      status: 429,
      headers: problemType,
      body: problem(
        429,
        "Too Many Requests",
        "too_many_requests",
        "The request was refused: 429 Too Many Requests.",
      ),
    },
  ],
  [
    "CORS with credentials echoes an allowed origin",
    { path: "/credentials/", headers: { origin: "https://app.example" } },
    {
      status: 200,
      headers: {
        ...paged("", 3, 1, 1, 30),
        vary: "Origin",
        "access-control-allow-origin": "https://app.example",
        "access-control-allow-credentials": "true",
        "access-control-expose-headers": exposed,
      },
      body: ids(1, 3),
    },
  ],
  [
    "CORS refuses an origin not listed",
    { path: "/credentials/", headers: { origin: "https://evil.example" } },
    { status: 200, headers: { ...paged("", 3, 1, 1, 30), vary: "Origin" }, body: ids(1, 3) },
  ],
  // --- the Host header never reaches a link
  [
    "a spoofed Host header is not used",
    { path: `${P}?page=2&page_size=1`, headers: { ...key, "x-forwarded-host": "evil.example" } },
    {
      status: 200,
      headers: paged(P, 3, 2, 3, 1, { first: 1, prev: 1, next: 3, last: 3 }),
      body: ids(2, 2),
    },
  ],
  [
    "unsafe characters in filters are percent-encoded in links",
    { path: "/links/all/?page=2&page_size=100&q=a,b;c%0D%0A%3C%3E" },
    {
      status: 200,
      headers: paged("", 350, 2, 4, 100, {
        first: "/links/all/?q=a%2Cb%3Bc%0D%0A%3C%3E&page=1&page_size=100",
        prev: "/links/all/?q=a%2Cb%3Bc%0D%0A%3C%3E&page=1&page_size=100",
        next: "/links/all/?q=a%2Cb%3Bc%0D%0A%3C%3E&page=3&page_size=100",
        last: "/links/all/?q=a%2Cb%3Bc%0D%0A%3C%3E&page=4&page_size=100",
      }),
      body: ids(101, 200),
    },
  ],
  // --- count strategies and countless lists (an opt-in departure: no total)
  [
    "a count run alongside the rows: the spec's answer",
    { path: "/count-alongside/?page=2&page_size=100" },
    {
      status: 200,
      headers: paged("/count-alongside/", 350, 2, 4, 100, { first: 1, prev: 1, next: 3, last: 4 }),
      body: ids(101, 200),
    },
  ],
  [
    "countless, a middle page: Page, PageSize, first/prev/next stating page_size, no total",
    { path: "/countless/?page=2&page_size=100" },
    {
      status: 200,
      headers: {
        ...jsonType,
        link: '</countless/?page=1&page_size=100>; rel="first", </countless/?page=1&page_size=100>; rel="prev", </countless/?page=3&page_size=100>; rel="next"',
        "x-pagination-page": "2",
        "x-pagination-pagesize": "100",
      },
      body: ids(101, 200),
    },
  ],
  [
    "countless, the last page tells the total",
    { path: "/countless/?page=4&page_size=100" },
    {
      status: 200,
      headers: paged("/countless/", 350, 4, 4, 100, { first: 1, prev: 3, last: 4 }),
      body: ids(301, 350),
    },
  ],
  // --- counts that say what they are: a bound over a cap, an estimate (never the count)
  [
    "capped over its cap: the bound in its own header, next links stating page_size, no total",
    { path: "/capped/?page=2&page_size=100" },
    {
      status: 200,
      headers: {
        ...jsonType,
        link: '</capped/?page=1&page_size=100>; rel="first", </capped/?page=1&page_size=100>; rel="prev", </capped/?page=3&page_size=100>; rel="next"',
        "x-pagination-page": "2",
        "x-pagination-pagesize": "100",
        "x-pagination-countatleast": "101",
      },
      body: ids(101, 200),
    },
  ],
  [
    "capped, the short last page derives the exact total",
    { path: "/capped/?page=4&page_size=100" },
    {
      status: 200,
      headers: paged("/capped/", 350, 4, 4, 100, { first: 1, prev: 3, last: 4 }),
      body: ids(301, 350),
    },
  ],
  [
    "estimated: X-Pagination-CountEstimate, never X-Pagination-Count; links state page_size",
    { path: "/estimated/?page=3&page_size=100" },
    {
      status: 200,
      headers: {
        ...jsonType,
        link: '</estimated/?page=1&page_size=100>; rel="first", </estimated/?page=2&page_size=100>; rel="prev", </estimated/?page=4&page_size=100>; rel="next"',
        "x-pagination-page": "3",
        "x-pagination-pagesize": "100",
        "x-pagination-countestimate": "340",
      },
      body: ids(201, 300),
    },
  ],
  // --- versions (spec section 9 leaves them open; docs/decisions.md#versions)
  ...(
    [
      ["?version=v2", {}, "v2", "version=v2&status=failed&"],
      ["none named: the default", {}, "v1", "status=failed&"],
      [
        "Accept: application/json; version=v2",
        { accept: "application/json; version=v2" },
        "v2",
        "status=failed&",
      ],
      [
        "both, agreeing",
        { accept: 'application/json; version="v2"' },
        "v2",
        "version=v2&status=failed&",
      ],
    ] as const
  ).map(([title, headers, version, kept]): readonly [string, Call, Answer] => {
    const query = kept.includes("version=") ? "version=v2&status=failed" : "status=failed";
    const link = (page: number) => `/versioned/?${kept}page=${page}&page_size=10`;
    return [
      `a version by ${title}: the handler gets ${version}, links keep the query, never a filter`,
      { path: `/versioned/?${query}&page=2&page_size=10`, headers },
      {
        status: 200,
        headers: {
          ...paged("", 70, 2, 7, 10, {
            first: link(1),
            prev: link(1),
            next: link(3),
            last: link(7),
          }),
          vary: "Accept",
        },
        body: dataset(350)
          .filter((p) => p.status === "failed")
          .slice(10, 20)
          .map((p) => ({ ...p, version })),
      },
    ];
  }),
  ...(
    [
      [
        "a version not served",
        "?version=v3",
        {},
        "unsupported_version",
        'Version "v3" is not served here; the versions served: "v1", "v2".',
      ],
      [
        "an empty version",
        "?version=",
        {},
        "unsupported_version",
        'Version "" is not served here; the versions served: "v1", "v2".',
      ],
      [
        "a version not served, in Accept",
        "",
        { accept: "application/json; version=v0" },
        "unsupported_version",
        'Version "v0" is not served here; the versions served: "v1", "v2".',
      ],
      [
        "the parameter and Accept disagree",
        "?version=v1",
        { accept: "application/json; version=v2" },
        "version_conflict",
        'The request names two versions, "v1" and "v2"; name one, in the "version" parameter or the Accept header.',
      ],
      [
        "a repeated version disagrees",
        "?version=v2&version=v1",
        {},
        "version_conflict",
        'The request names two versions, "v2" and "v1"; name one, in the "version" parameter or the Accept header.',
      ],
    ] as const
  ).map(([title, query, headers, code, detail]): readonly [string, Call, Answer] => [
    `${title} → 400 ${code}`,
    { path: `/versioned/${query}`, headers },
    {
      status: 400,
      headers: { ...problemType, vary: "Accept" },
      body: problem(400, "Bad Request", code, detail, { parameter: "version" }),
    },
  ]),
  [
    "linkParams 'page-only' drops the version from links (the spec's literal links)",
    { path: "/versioned/page-only/?version=v1&page=2&page_size=100" },
    {
      status: 200,
      headers: {
        ...paged("/versioned/page-only/", 350, 2, 4, 100, { first: 1, prev: 1, next: 3, last: 4 }),
        vary: "Accept",
      },
      body: ids(101, 200).map((p) => ({ ...p, version: "v1" })),
    },
  ],
  [
    "no version named and no default given: the newest served",
    { path: "/versioned/page-only/?page=4&page_size=100" },
    {
      status: 200,
      headers: {
        ...paged("/versioned/page-only/", 350, 4, 4, 100, { first: 1, prev: 3, last: 4 }),
        vary: "Accept",
      },
      body: ids(301, 350).map((p) => ({ ...p, version: "v2" })),
    },
  ],
  [
    "DELETE reads the version from its JSON body, not its strict schema",
    {
      method: "DELETE",
      path: "/versioned/",
      headers: jsonType,
      body: '{"status":"failed","version":"v2"}',
    },
    {
      status: 200,
      headers: { ...jsonType, vary: "Accept" },
      body: { status: "failed", version: "v2" },
    },
  ],
  [
    "DELETE with a version that is not text → 400",
    {
      method: "DELETE",
      path: "/versioned/",
      headers: jsonType,
      body: '{"status":"failed","version":2}',
    },
    {
      status: 400,
      headers: { ...problemType, vary: "Accept" },
      body: problem(
        400,
        "Bad Request",
        "unsupported_version",
        'Version number 2 is not served here; the versions served: "v1", "v2".',
        { parameter: "version" },
      ),
    },
  ],
  [
    "DELETE with the version in the query → 400, like any parameter",
    {
      method: "DELETE",
      path: "/versioned/?version=v2",
      headers: jsonType,
      body: '{"status":"failed"}',
    },
    {
      status: 400,
      headers: { ...problemType, vary: "Accept" },
      body: problem(
        400,
        "Bad Request",
        "parameter_in_query",
        'Parameters of a DELETE request go in a JSON body, not the query string; found "version".',
        { parameter: "version" },
      ),
    },
  ],
  [
    "a body: 'json' document keeps its own version member; Accept names the API's",
    {
      method: "POST",
      path: "/versioned/",
      headers: { ...jsonType, accept: "application/json; version=v2" },
      body: '{"name":"left-pad","version":"1.3.0"}',
    },
    {
      status: 201,
      headers: { ...jsonType, vary: "Accept" },
      body: { params: { name: "left-pad", version: "1.3.0" }, version: "v2" },
    },
  ],
  [
    "a handler still working at the resource's deadline → 503 deadline_exceeded, Retry-After",
    { path: "/deadline/" },
    {
      status: 503,
      headers: { ...problemType, "retry-after": "1" },
      body: problem(
        503,
        "Service Unavailable",
        "deadline_exceeded",
        "No answer within the deadline of 30 ms; try again later.",
      ),
    },
  ],
  [
    "OPTIONS on a versioned resource: no Vary",
    { method: "OPTIONS", path: "/versioned/" },
    { status: 204, headers: {}, body: null },
  ],
];

/** A server the suite runs against: its origin, and how to stop it. */
type Served = Pick<Running, "origin" | "close">;

/**
 * Defines the suite's tests (inside the caller's `describe`) against the server `start` gives.
 *
 * @param start - starts a server of the suite's routes; it is closed after the tests
 */
export function behaviourSuite(start: () => Promise<Served>): void {
  let server: Served;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  it.each(["/package/demo//packages/", "/package//three/", "/package/demo//"])(
    "answers %s (an empty path parameter) as a path no route matches: 404",
    async (path) => {
      const empty = await call(server.origin, { path });
      const unrouted = await call(server.origin, { path: path.replace("/package/", "/packagx/") });
      const asUnrouted = JSON.stringify(empty).replaceAll("/package/", "/packagx/");
      expect([empty.status, JSON.parse(asUnrouted)]).toStrictEqual([404, unrouted]);
    },
  );

  it.each(cases)("%s", async (_title, request, expected) => {
    const allow = { allow: allowOf(request.path) };
    expect(await call(server.origin, request)).toStrictEqual({
      ...expected,
      headers: { ...expected.headers, ...allow },
    });
  });

  /** The target of a Link entry (`rel`), or undefined. */
  const target = (answer: Answer, rel: string) =>
    String(answer.headers.link ?? "").match(new RegExp(`<([^>]*)>; rel="${rel}"`))?.[1];

  it.each(["", "status", "-status", "-id", "status,-id", "-status,id", "id,status"])(
    "walks the cursor list sorted by %j by next links and back by prev links, every row once",
    async (sort) => {
      const pages: unknown[][] = [];
      let path: string | undefined = `/sorted/cursor/?${sort ? `sort=${sort}&` : ""}page_size=3`;
      let answer: Answer | undefined;
      while (path !== undefined) {
        answer = await call(server.origin, { path });
        expect(answer.status).toBe(200);
        pages.push(answer.body as unknown[]);
        path = target(answer, "next");
      }
      expect(pages.flat()).toStrictEqual(inOrder(sort));
      const back: unknown[][] = [];
      for (path = target(answer as Answer, "prev"); path !== undefined; ) {
        const before = await call(server.origin, { path });
        back.unshift(before.body as unknown[]);
        path = target(before, "prev");
      }
      expect([...back.flat(), ...(pages.at(-1) ?? [])]).toStrictEqual(inOrder(sort));
    },
  );

  it("refuses a cursor issued in one order with another: 400 cursor_query_mismatch", async () => {
    const first = await call(server.origin, { path: "/sorted/cursor/?sort=status&page_size=3" });
    const next = String(target(first, "next"));
    expect(next).toMatch(/^\/sorted\/cursor\/\?sort=status&page_size=3&after=[\w.-]+$/);
    const answer = await call(server.origin, { path: next.replace("sort=status", "sort=-status") });
    expect(answer).toStrictEqual({
      status: 400,
      headers: { ...problemType, allow: "GET, OPTIONS" },
      body: problem(
        400,
        "Bad Request",
        "cursor_query_mismatch",
        'Parameter "after" belongs to a list with other filters or another order; start again from the first page.',
        { parameter: "after" },
      ),
    });
  });

  /** The UTF-8 length of the body `request` gets, or null for none. */
  async function bodyLength({ method = "GET", path, headers, body }: Call) {
    const response = await fetch(server.origin + path, {
      method,
      ...(headers === undefined ? {} : { headers }),
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    return [response, text === "" ? null : String(Buffer.byteLength(text))] as const;
  }

  it.each(cases)("sends %s in one piece with its Content-Length", async (_title, request) => {
    const [response, length] = await bodyLength(request);
    // A HEAD answer tells the length of the GET's body, which it leaves out.
    const expected =
      request.method === "HEAD" ? (await bodyLength({ ...request, method: "GET" }))[1] : length;
    expect([
      response.headers.get("content-length"),
      response.headers.get("transfer-encoding"),
    ]).toStrictEqual([expected, null]);
  });
}
