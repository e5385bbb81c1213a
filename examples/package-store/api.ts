/**
 * The package API of the spec, as pagewise resources: framework-free, mounted by each server,
 * on whichever store the configuration names.
 */
import { randomBytes } from "node:crypto";
import {
  apiKeyVerifier,
  cursorList,
  defineResource,
  json,
  type ListResult,
  list,
  PagewiseError,
  type ProblemCode,
  type Resource,
  type ResourceOptions,
} from "pagewise";
import { type OpenApiDocument, openApiDocument } from "pagewise/openapi";
import type { PageParams } from "pagewise/page";
import { z } from "zod";
import { DEFAULT_COUNT_CAP } from "./config.js";
import {
  type NewPackage,
  PACKAGE_SORT,
  type Package,
  type PackageOrder,
  type PackageStore,
  type SearchFilter,
  STATUSES,
  type Status,
} from "./stores/package-store.js";

/** The settings the API needs. */
export interface ApiOptions {
  readonly apiKey: string;
  /** A trusted public base for absolute links, e.g. `https://packages.example.com`. */
  readonly publicUrl?: string | undefined;
  /**
   * Signs the cursors of the `/v2/` list. Without one, a random secret per process: tokens cannot
   * be forged either way, but they then last until a restart and serve only the process that
   * issued them (several processes behind one address need one shared secret).
   */
  readonly cursorSecret?: string | undefined;
  /**
   * The most matches a search (`query`) counts exactly: above it, `X-Pagination-CountAtLeast`
   * instead of the count. 0 counts exactly always.
   *
   * @default DEFAULT_COUNT_CAP (10,000)
   */
  readonly countCap?: number | undefined;
  /**
   * The milliseconds each request has (pagewise's `deadline`): past them, the 503 problem, with
   * `Retry-After` on a GET, and the handler's signal aborted. 0 or none: no deadline.
   */
  readonly deadlineMs?: number | undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const utf8 = new TextEncoder();

/**
 * Text every store keeps as sent: PostgreSQL refuses NUL and would store a lone surrogate as
 * U+FFFD; each is a 400 on every store.
 */
const storable = (schema: z.ZodString) =>
  schema
    .refine((value) => !value.includes("\u0000"), "must not contain NUL (U+0000)")
    .refine(
      (value) => !LONE_SURROGATE.test(value),
      "must be well-formed Unicode (a lone surrogate)",
    );
/** Stored text: not empty, and at most `maxBytes` of UTF-8 (an index entry holds 2,704 bytes). */
const text = (maxBytes: number) =>
  storable(z.string().min(1)).refine(
    (value) => utf8.encode(value).length <= maxBytes,
    `must be at most ${maxBytes} bytes of UTF-8`,
  );

const status = z.enum(STATUSES);
/** A search's text: up to 200 characters, none PostgreSQL cannot hold; `%`, `_`, `\` as themselves. */
const searchText = storable(z.string().max(200));
const newPackage = z.strictObject({
  name: text(214),
  version: text(64),
  status: status.optional(),
});
/** Owner and repository, from the path: the same rule as the text of a package. */
const repositoryPath = z.object({ owner: text(1024), repo: text(1024) });

/** A package as every route answers it: its row's JSON. */
const packageRow = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  version: z.string(),
  status,
  created_at: z.iso.datetime(),
});
/** What every handler may throw itself: a path pagewise does not check, a database away. */
const problems: ProblemCode[] = ["validation_failed", "service_unavailable"];
const tags = ["packages"];

/** The routes: an Express-style pattern and its resource. */
export function packageRoutes(store: PackageStore, options: ApiOptions): [string, Resource][] {
  const countCap = options.countCap ?? DEFAULT_COUNT_CAP;
  const shared: ResourceOptions = {
    apiKey: apiKeyVerifier(options.apiKey),
    cors: true,
    ...(options.publicUrl ? { baseUrl: options.publicUrl } : {}),
    ...(options.deadlineMs ? { deadline: options.deadlineMs } : {}),
    // The API's version, Cloudsmith's way: `?version=v1` (a body member for DELETE) or
    // `Accept: application/json; version=v1`; none is v1. `version` names the API's version, so
    // a filter by a package's version, if one is added, takes another name (`package_version`).
    version: { served: ["v1"] },
  };
  const repository = defineResource(
    {
      GET: list({
        schema: z.object({ status: status.optional(), query: searchText.optional() }),
        sort: PACKAGE_SORT,
        openapi: {
          operationId: "listPackages",
          summary: "A repository's packages, oldest first unless sorted, by page",
          tags,
          response: packageRow,
          problems,
        },
        handler: ({ params, path, pageParams, sort, signal }) =>
          // An empty query filters nothing: the list, with its exact O(1) count.
          params.query === undefined || params.query === ""
            ? listOf(store, { path, signal }, pageParams, sort, params.status)
            : searchOf(store, { path, signal }, { ...params, query: params.query }, sort, countCap),
      }),
      POST: json({
        body: "json",
        status: 201,
        schema: z.union([newPackage, z.array(newPackage).min(1).max(1000)]),
        openapi: {
          operationId: "createPackages",
          summary: "Creates one package, or up to 1,000 at once (all or none)",
          tags,
          response: z.union([packageRow, z.array(packageRow)]),
          noContent: false, // always an answer: never 204
          problems,
        },
        handler: async ({ params, path, signal }) => {
          const { owner, repo } = repositoryOf(path);
          const inputs = [params].flat() as NewPackage[];
          const created = await store.create(owner, repo, inputs, signal);
          return Array.isArray(params) ? created : created[0];
        },
      }),
      DELETE: json({
        schema: z.object({ status }),
        openapi: {
          operationId: "deletePackagesByStatus",
          summary: "Deletes a repository's packages of one status",
          tags,
          response: z.object({ deleted: z.number().int().nonnegative() }),
          noContent: false, // always an answer: never 204
          problems,
        },
        handler: async ({ params, path, signal }) => {
          const { owner, repo } = repositoryOf(path);
          return { deleted: await store.deleteByStatus(owner, repo, params.status, signal) };
        },
      }),
    },
    shared,
  );
  const packages = defineResource(
    {
      GET: list({
        sort: PACKAGE_SORT,
        openapi: {
          operationId: "listAllPackages",
          summary: "A repository's packages of every status, oldest first unless sorted, by page",
          tags,
          response: packageRow,
          problems,
        },
        handler: ({ path, pageParams, sort, signal }) =>
          listOf(store, { path, signal }, pageParams, sort),
      }),
    },
    shared,
  );
  const byCursor = defineResource(
    {
      GET: cursorList({
        schema: z.object({ status: status.optional() }),
        sort: PACKAGE_SORT,
        secret: options.cursorSecret ?? randomBytes(32).toString("hex"),
        openapi: {
          operationId: "listPackagesByCursor",
          summary:
            "A repository's packages, oldest first unless sorted, by cursor (a departure from the spec)",
          tags,
          response: packageRow,
          problems,
        },
        handler: async ({ params, path, cursor, sort, signal }) => {
          const { owner, repo } = repositoryOf(path);
          const { status } = params;
          const page = await store.keyset(owner, repo, status, cursor, sort, signal);
          return { count: page.count, items: page.rows, values: page.values };
        },
      }),
    },
    // Its path says v2: a `version` parameter or Accept naming another is a 400.
    { ...shared, version: { served: ["v2"] } },
  );
  return [
    ["/package/:owner/:repo/", repository],
    ["/package/:owner/:repo/packages/", packages],
    ["/v2/package/:owner/:repo/", byCursor],
  ];
}

/**
 * The OpenAPI 3.1 document of the routes, as `GET /openapi.json` serves it.
 *
 * @param routes - from {@link packageRoutes}
 * @param publicUrl - the trusted public base (`PUBLIC_URL`), the document's server when given
 */
export function packageDocument(
  routes: readonly [string, Resource][],
  publicUrl?: string,
): OpenApiDocument {
  return openApiDocument(routes, {
    ...(publicUrl ? { servers: [{ url: publicUrl }] } : {}),
    info: {
      title: "Package store (pagewise example)",
      version: "1.0.0",
      license: { name: "MIT", identifier: "MIT" },
      description:
        "The Package Repository HTTP API convention served by pagewise: pages with Link and X-Pagination-* headers, parameters in the query for GET and in a JSON body otherwise, RFC 9457 problems.",
    },
  });
}

/** What a list's store call needs of its request: the path, and the signal the store is handed. */
interface Request {
  readonly path: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
}

/**
 * The requested page and its count, read together (one query on a database: the count from the
 * counter table, O(1), always agrees with the rows). pagewise trims the rows to the page the count
 * makes (none past the last page).
 */
async function listOf(
  store: PackageStore,
  { path, signal }: Request,
  { page, pageSize }: PageParams,
  order: PackageOrder,
  status?: Status,
) {
  const { owner, repo } = repositoryOf(path);
  const offset = (page - 1) * pageSize;
  const { count, rows } = await store.list(owner, repo, status, offset, pageSize, order, signal);
  return { count, items: rows };
}

/** A search's page, from the store: counted up to the cap, or exactly with a cap of 0. */
function searchOf(
  store: PackageStore,
  { path, signal }: Request,
  filter: SearchFilter,
  order: PackageOrder,
  cap: number,
): ListResult<Package> {
  const { owner, repo } = repositoryOf(path);
  return store.searchPage(owner, repo, filter, order, cap, signal);
}

/** Owner and repository from the path, checked: NUL or an empty segment is a 400 problem. */
function repositoryOf(path: Readonly<Record<string, string>>): { owner: string; repo: string } {
  const result = repositoryPath.safeParse(path);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    parameter: issue.path.join("."),
    detail: issue.message,
  }));
  const [first] = errors;
  throw new PagewiseError(
    "validation_failed",
    `Invalid path: "${first?.parameter}": ${first?.detail}.`,
    { ...(first ? { parameter: first.parameter } : {}), errors },
  );
}
