/** The resources every adapter serves in the behaviour suite, built with the core API only. */
import { z } from "zod";
import {
  apiKeyVerifier,
  capCount,
  cursorList,
  defineResource,
  json,
  list,
  type Resource,
  type ResourceOptions,
} from "../../src/index.js";

export const API_KEY = "test-key";
export const STATUSES = [
  "awaiting_sync",
  "sync_in_progress",
  "completed",
  "failed",
  "quarantined",
] as const;

/** Items `{ id, status }` 1..n; item i has status STATUSES[(i - 1) % 5]. */
export function dataset(size: number) {
  return Array.from({ length: size }, (_, i) => ({ id: i + 1, status: STATUSES[i % 5] as string }));
}

const SIZES: Readonly<Record<string, number>> = {
  three: 3,
  n350: 350,
  n400: 400,
  n1200: 1200,
  empty: 0,
};
const byRepo = (repo: string | undefined) => dataset(SIZES[repo ?? ""] ?? 0);

const secured = { apiKey: apiKeyVerifier(API_KEY), cors: true } as const;
const statusFilter = z.object({ status: z.enum(STATUSES).optional() });
const statusBody = z.object({ status: z.enum(STATUSES) });

/** The spec's `/package/<owner>/<repo>/packages/` list: GET only, key required, CORS on. */
const packages = defineResource(
  { GET: list({ handler: ({ path }) => byRepo(path.repo) }) },
  secured,
);

/** The spec's `/package/<owner>/<repo>/`: GET filtered by status, DELETE by status (counts only). */
const repository = defineResource(
  {
    GET: list({
      schema: statusFilter,
      handler: ({ params, path }) =>
        byRepo(path.repo).filter((p) => !params.status || p.status === params.status),
    }),
    DELETE: json({
      schema: statusBody,
      handler: ({ params, path }) => ({
        deleted: byRepo(path.repo).filter((p) => p.status === params.status).length,
      }),
    }),
  },
  secured,
);

/** A 350-item list with the given options. */
const listWith = (options: ResourceOptions) =>
  defineResource({ GET: list({ handler: () => dataset(350) }) }, options);

/** The 350 items fetched a slice at a time, as from a database. */
const rowsOf = ({ offset, limit }: { offset: number; limit: number }) =>
  dataset(350).slice(offset, offset + limit);

/** The 350 items without a count (a countless list) and with a count run alongside the rows. */
const countless = defineResource({ GET: list({ handler: () => ({ items: rowsOf }) }) });
const countAlongside = defineResource({
  GET: list({
    handler: () => ({
      count: () => new Promise<number>((r) => setTimeout(r, 2, 350)),
      items: rowsOf,
    }),
  }),
});

/** The 350 items counted with a cap of 100 (a bound above it), or estimated at 340. */
const capped = defineResource({
  GET: list({
    handler: () => ({ count: { whenNeeded: () => capCount(101, 100) }, items: rowsOf }),
  }),
});
const estimated = defineResource({
  GET: list({ handler: () => ({ count: { estimate: 340 }, items: rowsOf }) }),
});

/** An error with a status of its own (as `http-errors` makes them), its message not for clients. */
const refusal = (fields: Record<string, unknown>) =>
  Object.assign(new Error("internal: db at 10.0.0.5 said no"), fields);

/**
 * Handlers that throw errors with a status of their own: GET at once (409), DELETE later (429 in
 * `statusCode`, as Fastify's errors carry it), POST a status outside 4xx (a server fault).
 */
const refusing = defineResource(
  {
    GET: list({
      handler: () => {
        throw refusal({ status: 409 });
      },
    }),
    DELETE: json({ handler: () => Promise.reject(refusal({ statusCode: 429 })) }),
    POST: json({ handler: () => Promise.reject(refusal({ status: 503 })) }),
  },
  { cors: true },
);

/** Rows of the lists {@link walkRoutes} serves: more than the largest page (500). */
export const WALK_ROWS = 600;
const walkRows = ({ offset, limit }: { offset: number; limit: number }) =>
  dataset(WALK_ROWS).slice(offset, offset + limit);

/**
 * Lists without a page total, walked by their links alone: countless, capped (a bound of 101 over
 * a cap of 100) and estimated, all with the default `linkParams`; and a cursor list.
 */
export const walkRoutes: readonly (readonly [string, Resource])[] = [
  ["/walk/countless/", defineResource({ GET: list({ handler: () => ({ items: walkRows }) }) })],
  [
    "/walk/capped/",
    defineResource({
      GET: list({
        handler: () => ({ count: { whenNeeded: () => capCount(101, 100) }, items: walkRows }),
      }),
    }),
  ],
  [
    "/walk/estimated/",
    defineResource({
      GET: list({ handler: () => ({ count: { estimate: WALK_ROWS - 10 }, items: walkRows }) }),
    }),
  ],
  [
    "/walk/cursor/",
    defineResource({
      GET: cursorList({
        order: [{ name: "id" }],
        secret: "walk-secret-".repeat(3),
        handler: () => dataset(WALK_ROWS),
      }),
    }),
  ],
];

/**
 * A resource serving versions v1 and v2 (v1 by default): its rows and answers state the version
 * the handler got; its schemas are strict, so a version reaching them would be a 400.
 */
const versioned = defineResource(
  {
    GET: list({
      schema: z.strictObject({ status: z.enum(STATUSES).optional() }),
      handler: ({ params, version }) =>
        dataset(350)
          .filter((p) => !params.status || p.status === params.status)
          .map((p) => ({ ...p, version })),
    }),
    POST: json({
      body: "json",
      status: 201,
      handler: ({ params, version }) => ({ params, version }),
    }),
    DELETE: json({
      schema: statusBody.strict(),
      handler: ({ params, version }) => ({ status: params.status, version }),
    }),
  },
  { version: { served: ["v1", "v2"], default: "v1" }, linkParams: "all" },
);

function cycle() {
  const value: Record<string, unknown> = { id: 1 };
  value.self = value;
  return value;
}

/**
 * Handler results JSON cannot hold as they are, by the name in their path: `/results/<name>/`
 * answers a json DELETE with the value, and a list GET with the value as its one row.
 */
export const RESULTS: Readonly<Record<string, () => unknown>> = {
  unicode: () => ({ name: "café 😀" }),
  bigint: () => ({ deleted: 3n }),
  "bigint-past-2-53": () => ({ id: 2n ** 64n }),
  "bigint-alone": () => 3n,
  "nan-infinity": () => ({ n: Number.NaN, i: Number.POSITIVE_INFINITY, m: -0 }),
  date: () => ({ at: new Date(0) }),
  "map-set": () => ({ m: new Map([["a", 1]]), s: new Set([1]) }),
  "left-out": () => ({ u: undefined, f: () => 1, s: Symbol("s"), k: 1 }),
  undefined: () => undefined,
  function: () => () => 1,
  cycle,
  "throwing-tojson": () => ({
    toJSON() {
      throw new Error("postgres://user:secret@db/packages");
    },
  }),
};
const resultOf = ({ path }: { path: Readonly<Record<string, string>> }) =>
  (RESULTS[path.name ?? ""] ?? (() => null))();
const results = defineResource(
  { GET: list({ handler: (context) => [resultOf(context)] }), DELETE: json({ handler: resultOf }) },
  { cors: true },
);

/** What the sorted lists offer: `status` (with ties) and `id`, ties broken by `id`. */
const statusOrId = { fields: { status: true, id: true }, tieBreaker: "id" } as const;

/** 20 rows by page in the order the client chose (by id by default), the links as `linkParams` says. */
const sortedPages = (linkParams: "filters" | "page-only") =>
  defineResource({ GET: list({ sort: statusOrId, handler: () => dataset(20) }) }, { linkParams });

/** The same 20 rows by cursor, in the order chosen. */
const sortedCursor = defineResource({
  GET: cursorList({
    sort: statusOrId,
    secret: "sorted-secret-".repeat(3),
    handler: () => dataset(20),
  }),
});

/**
 * A list whose handler answers only once its signal aborts, at the deadline of 30 ms: the 503
 * `deadline_exceeded` every time, the handler's late rows dropped.
 */
const deadlined = defineResource(
  {
    GET: list({
      handler: ({ signal }) =>
        new Promise<unknown[]>((resolve) => signal.addEventListener("abort", () => resolve([]))),
    }),
  },
  { deadline: 30 },
);

/** Routes: an Express-style path pattern and the resource served there. */
export const routes: readonly (readonly [string, Resource])[] = [
  ["/package/:owner/:repo/packages/", packages],
  ["/package/:owner/:repo/", repository],
  ["/overflow/empty/", listWith({ overflow: "empty" })],
  ["/overflow/last/", listWith({ overflow: "last" })],
  ["/overflow/error/", listWith({ overflow: "error" })],
  ["/strict/", listWith({ invalid: "strict", overMax: "error" })],
  ["/links/all/", listWith({ linkParams: "all" })],
  ["/links/template/", listWith({ template: true })],
  ["/links/base/", listWith({ baseUrl: "https://api.example.com/v1/" })],
  ["/links/proxy/", listWith({ trustProxy: true })],
  ["/countless/", countless],
  ["/count-alongside/", countAlongside],
  ["/capped/", capped],
  ["/estimated/", estimated],
  ["/refusing/", refusing],
  ["/versioned/", versioned],
  [
    "/versioned/page-only/",
    defineResource(
      { GET: list({ handler: ({ version }) => dataset(350).map((p) => ({ ...p, version })) }) },
      { version: { served: ["v1", "v2"] }, linkParams: "page-only" },
    ),
  ],
  ["/results/:name/", results],
  ["/sorted/", sortedPages("filters")],
  ["/sorted/page-only/", sortedPages("page-only")],
  ["/sorted/cursor/", sortedCursor],
  ["/empty-zero/", defineResource({ GET: list({ handler: () => [] }) }, { emptyHeaders: "zero" })],
  ["/deadline/", deadlined],
  [
    "/small-body/",
    defineResource(
      { POST: json({ status: 201, handler: ({ params }) => params }) },
      { maxBodyBytes: 64 },
    ),
  ],
  [
    "/credentials/",
    defineResource(
      { GET: list({ handler: () => dataset(3) }) },
      { cors: { origin: ["https://app.example"], credentials: true } },
    ),
  ],
];
