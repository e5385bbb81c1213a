/**
 * A list's `sort` parameter in OpenAPI: the exact parameter object from the list's sort option,
 * `invalid_sort` among its problems, and answers of a served list that conform to the document,
 * each `sort` value the server refuses invalid for the parameter's schema.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { fetchRouter } from "../../src/adapters/fetch/index.js";
import { cursorList, defineResource, list } from "../../src/index.js";
import {
  type OpenApiOperation,
  type OpenApiParameter,
  openApiDocument,
  openApiPaths,
} from "../../src/openapi/index.js";
import type { SortOption } from "../../src/sort/sort-option.js";
import type { Answer, Exchange } from "../support/http-call.js";
import { nonConforming } from "../support/openapi-conformance.js";

const SECRET = "sort-secret-sort-secret-sort-sec";
const rows = () => [];
const fields = { name: true, created_at: true } as const;
const get = (resource: ReturnType<typeof defineResource>, method = "get") =>
  (openApiPaths([["/r/", resource]])["/r/"] as Record<string, OpenApiOperation>)[method];
const sortOf = (op: OpenApiOperation | undefined, name = "sort") =>
  op?.parameters?.find((p) => p.name === name);
const pageList = (sort: SortOption) => defineResource({ GET: list({ sort, handler: rows }) });
const cursorSorted = (sort: SortOption) =>
  defineResource({ GET: cursorList({ sort, secret: SECRET, handler: rows }) });
const TIES =
  "Rows that tie on the fields chosen are ordered by `id`, in the direction of the last field (the tie-breaker). Any other value is a 400 problem (`invalid_sort`).";
const BOUND =
  " A cursor is bound to the order it was issued in: used with another, a 400 (`cursor_query_mismatch`).";
const schema = (items: string[], max: number, given?: string[]) => ({
  type: "array",
  items: { type: "string", enum: items },
  uniqueItems: true,
  maxItems: max,
  ...(given === undefined ? {} : { default: given }),
});
const param = (description: string, schemaOf: unknown, name = "sort"): OpenApiParameter => ({
  name,
  in: "query",
  required: false,
  description,
  style: "form",
  explode: false,
  schema: schemaOf as OpenApiParameter["schema"],
});

describe("sortParameter", () => {
  it.each<[string, ReturnType<typeof defineResource>, OpenApiParameter]>([
    [
      "a page list, its default descending",
      pageList({ fields, tieBreaker: "id", default: "-created_at" }),
      param(
        `The order of the rows: fields comma-separated (\`sort=-name,created_at\`), each at most once, \`-\` before a field for descending; by \`name\` or \`created_at\`. Without it, or empty: \`-created_at\`. ${TIES}`,
        schema(["name", "-name", "created_at", "-created_at"], 2, ["-created_at"]),
      ),
    ],
    [
      "a default of two fields, the tie-breaker named against the last one's direction",
      pageList({
        fields: { ...fields, id: true },
        tieBreaker: "id",
        default: "name,-created_at,id",
      }),
      param(
        `The order of the rows: fields comma-separated (\`sort=-name,created_at\`), each at most once, \`-\` before a field for descending; by \`name\`, \`created_at\` or \`id\`. Without it, or empty: \`name,-created_at,id\`. ${TIES}`,
        schema(["name", "-name", "created_at", "-created_at", "id", "-id"], 3, [
          "name",
          "-created_at",
          "id",
        ]),
      ),
    ],
    [
      "no default, the tie-breaker not offered: no default a client could write",
      pageList({ fields: { name: true }, tieBreaker: "id", param: "order" }),
      param(
        `The order of the rows: fields comma-separated (\`order=-name\`), each at most once, \`-\` before a field for descending; by \`name\`. Without it, or empty: by \`id\` ascending. ${TIES}`,
        schema(["name", "-name"], 1),
        "order",
      ),
    ],
    [
      "a cursor list, no default, the tie-breaker offered under a name of its own",
      cursorSorted({ fields: { name: true, number: { column: "id" } }, tieBreaker: "id" }),
      param(
        `The order of the rows: fields comma-separated (\`sort=-name,number\`), each at most once, \`-\` before a field for descending; by \`name\` or \`number\`. Without it, or empty: \`number\`. ${TIES}${BOUND}`,
        schema(["name", "-name", "number", "-number"], 2, ["number"]),
      ),
    ],
  ])("describes %s", (_name, resource, expected) => {
    expect(sortOf(get(resource), expected.name)).toStrictEqual(expected);
  });

  it("gives a cursor list with a fixed order no sort parameter and no invalid_sort", () => {
    const op = get(
      defineResource({
        GET: cursorList({ order: [{ name: "id" }], secret: SECRET, handler: rows }),
      }),
    );
    expect([op?.parameters?.map((p) => p.name), op?.responses[400]?.description]).toStrictEqual([
      ["page_size", "after", "before"],
      "Bad Request: `cursor_query_mismatch`, `cursor_too_large`, `invalid_cursor`, `invalid_parameter`, `invalid_text`.",
    ]);
  });

  it.each<[string, ReturnType<typeof defineResource>, string, string[], string]>([
    [
      "a page list",
      pageList({ fields, tieBreaker: "id" }),
      "get",
      ["page", "page_size", "sort"],
      "Bad Request: `invalid_sort`, `invalid_text`.",
    ],
    [
      "a cursor list",
      cursorSorted({ fields, tieBreaker: "id" }),
      "get",
      ["page_size", "after", "before", "sort"],
      "Bad Request: `cursor_query_mismatch`, `cursor_too_large`, `invalid_cursor`, `invalid_parameter`, `invalid_sort`, `invalid_text`.",
    ],
    [
      "a body method's list: beside its page parameters",
      defineResource(
        { POST: list({ sort: { fields, tieBreaker: "id" }, handler: rows }) },
        { queryOnBodyMethods: "ignore" },
      ),
      "post",
      ["page", "page_size", "sort"],
      "Bad Request: `bad_request`, `body_not_object`, `invalid_sort`, `invalid_text`, `malformed_json`.",
    ],
  ])("places the parameter of %s and lists invalid_sort", (_name, resource, method, names, bad) => {
    const op = get(resource, method);
    expect([op?.parameters?.map((p) => p.name), op?.responses[400]?.description]).toStrictEqual([
      names,
      bad,
    ]);
  });
});

describe("sortParameter: a served list's answers", () => {
  const sort: SortOption = {
    fields: { ...fields, id: true },
    tieBreaker: "id",
    default: "-created_at",
  };
  const items = Array.from({ length: 7 }, (_, i) => ({
    id: i + 1,
    name: `pkg-${i % 3}`,
    created_at: `2024-01-0${(i % 4) + 1}`,
  }));
  const routes = [
    ["/p/:owner/", defineResource({ GET: list({ sort, handler: () => items }) })],
    [
      "/c/:owner/",
      defineResource({ GET: cursorList({ sort, secret: SECRET, handler: () => items }) }),
    ],
  ] as const;
  const document = openApiDocument(routes, { info: { title: "t", version: "1" } });
  const serve = fetchRouter(routes);
  /** The value as `style: form, explode: false` reads it: comma-separated, empty for none. */
  const asArray = (value: string) => (value === "" ? [] : value.split(","));
  const parameterSchema = sortOf(document.paths["/p/{owner}/"]?.get)?.schema ?? {};
  const valid = new Ajv2020({ strict: false }).compile(parameterSchema);

  const exchange = async (path: string): Promise<Exchange> => {
    const response = await serve(new Request(`http://test${path}`));
    const text = await response.text();
    const answer: Answer = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: text === "" ? null : JSON.parse(text),
    };
    return { origin: "http://test", request: { method: "GET", path }, answer };
  };

  // The server reads more leniently than the schema states: spaces around a field are ignored.
  it.each<[string, number, boolean]>([
    ["", 200, true],
    ["-created_at", 200, true],
    ["name,-created_at", 200, true],
    ["created_at,name,id", 200, true],
    ["name, -created_at", 200, false],
    ["nope", 400, false],
    ["name,name", 400, false],
    ["name,", 400, false],
    ["--name", 400, false],
    ["name,created_at,-name,id", 400, false],
  ])("sort=%s: %i, conforming; valid for the schema: %s", async (value, status, described) => {
    const query = `?sort=${encodeURIComponent(value)}`;
    const exchanges = await Promise.all([exchange(`/p/o/${query}`), exchange(`/c/o/${query}`)]);
    expect([
      exchanges.map((e) => e.answer.status),
      exchanges.map((e) => (e.answer.body as { code?: string }).code),
      nonConforming(document, exchanges),
      valid(asArray(value)),
    ]).toStrictEqual([
      [status, status],
      status === 200 ? [undefined, undefined] : ["invalid_sort", "invalid_sort"],
      [],
      described,
    ]);
  });
});
