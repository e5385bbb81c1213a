/**
 * Header safety: whatever a client sends and however pagewise is configured (within its
 * documented option types), every header it produces is a valid, printable-ASCII HTTP field:
 * no CR/LF/NUL or other control, no non-ASCII, and no Link URL that could break out of `<…>`.
 */
import { validateHeaderName, validateHeaderValue } from "node:http";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toWellFormed } from "../../src/http/header-safe-url.js";
import { headerNamePresets, type PaginationHeaderNames } from "../../src/index.js";
import {
  formatLinkHeader,
  type LinkValue,
  type PaginationHeadersOptions,
  paginate,
  paginationHeaders,
  parsePageParams,
} from "../../src/page/index.js";

/** Printable ASCII only: no C0 control (HTAB included), no DEL, nothing past U+007E. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** What a Link URL must never hold (it would end the `<…>` or split the header). */
const URL_FORBIDDEN = /[^\x21-\x7e]|[<>",;]/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VARNAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

function describeChars(value: string): string {
  return JSON.stringify(value).slice(0, 200);
}

/** Asserts a header value is printable ASCII and that Node's own validator accepts it. */
function expectSafeValue(name: string, value: string): void {
  if (!PRINTABLE_ASCII.test(value)) {
    throw new Error(`header ${name} has a control or non-ASCII character: ${describeChars(value)}`);
  }
  expect(() => validateHeaderValue(name, value)).not.toThrow();
}

/** Splits a pagewise Link value into its entries, checking the exact `<url>; rel="name"` shape. */
const PAGE_LINK_ENTRY = /^<([^>]*)>; rel="(first|prev|next|last)"$/;

function expectSafePageLinks(value: string): void {
  const entries = value.split(", ");
  for (const entry of entries) {
    const match = PAGE_LINK_ENTRY.exec(entry);
    if (match === null) throw new Error(`malformed Link entry: ${describeChars(entry)}`);
    const url = match[1] ?? "";
    if (URL_FORBIDDEN.test(url)) throw new Error(`unsafe Link URL: ${describeChars(url)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const hexDigit = fc.constantFrom(..."0123456789abcdefABCDEF".split(""));

const nastyUnit = fc.oneof(
  fc.constantFrom(..."%<>\"\\ ,;#?&=+/'{}[]|^`\t\r\n\0\x7f\x1b\x0b\x0c:@!$()*~.-_".split("")),
  fc.constantFrom("\r\n", "\u0085", "\u2028", "\u2029", "\u00a0", "\ufeff", "\uffff", "\u0100"),
  fc.tuple(hexDigit, hexDigit).map(([a, b]) => `%${a}${b}`),
  fc.constantFrom("%", "%z", "%0D%0A", "%00", "%C3", "%FF"),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
);
const nastyString = (maxLength: number) => fc.string({ unit: nastyUnit, maxLength });

/** Random bytes read as a client's raw request line would be, in three common ways. */
const bytesAsString = fc
  .tuple(fc.uint8Array({ maxLength: 40 }), fc.constantFrom("latin1", "utf8", "ascii" as const))
  .map(([bytes, encoding]) => Buffer.from(bytes).toString(encoding as BufferEncoding));

const webUrl = fc.webUrl({
  withQueryParameters: true,
  withFragments: true,
  authoritySettings: { withIPv4: true, withIPv6: true, withPort: true, withUserInfo: true },
});

/** The request URL: anything at all, as a string or (when it parses) a URL object. */
const requestUrl: fc.Arbitrary<string | URL> = fc.oneof(
  nastyString(40),
  fc.string({ unit: "binary", maxLength: 40 }),
  bytesAsString,
  webUrl,
  fc
    .tuple(fc.constantFrom("/", "//", "/items?", "http://h/", "/x?a=1&"), nastyString(30))
    .map(([a, b]) => a + b),
  webUrl.map((url) => new URL(url)),
  fc
    .tuple(webUrl, nastyString(20))
    .map(([url, tail]) => url + tail)
    .filter((url) => URL.canParse(url))
    .map((url) => new URL(url)),
);

/** A query object such as a framework's parsed `req.query` or a JSON body: any values at all. */
const queryObject = fc.dictionary(
  fc.oneof(fc.constantFrom("page", "page_size", "status", "q"), nastyString(6)),
  fc.oneof(
    nastyString(12),
    fc.stringMatching(/^-?[0-9]{1,25}$/),
    fc.array(fc.oneof(nastyString(6), fc.nat().map(String)), { maxLength: 3 }),
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, undefined, true, false, Number.MAX_VALUE, -0, 1e21, 2 ** 53 + 2),
    fc.anything({ maxDepth: 1 }),
  ),
  { maxKeys: 5 },
);

const headerToken = fc
  .stringMatching(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,24}$/)
  .filter((name) => name !== "__proto__");

const headerNames: fc.Arbitrary<PaginationHeaderNames> = fc.oneof(
  fc.constantFrom(headerNamePresets.xPagination, headerNamePresets.totalCount),
  // Distinct names (HTTP names are case-insensitive): two values under one name would overwrite.
  fc
    .tuple(
      fc.uniqueArray(headerToken, {
        minLength: 5,
        maxLength: 5,
        selector: (name) => name.toLowerCase(),
      }),
      fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    )
    .map(([names, sent]) => {
      const pick = (i: number) => (sent[i] ? (names[i] ?? null) : null);
      return {
        link: pick(0),
        count: pick(1),
        page: pick(2),
        pageTotal: pick(3),
        pageSize: pick(4),
      };
    }),
);

/** A trusted base URL as documented (http(s), no credentials, query or fragment). */
const validBaseUrl = fc.webUrl({
  withQueryParameters: false,
  withFragments: false,
  authoritySettings: { withIPv4: true, withIPv6: true, withIPv4Extended: true, withPort: true },
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Configured parameter names. Names holding a lone surrogate (not valid Unicode text) are left to
 * their own test below, so that a failure there does not mask the rest of this property.
 */
const paramName = fc.oneof(
  fc.constantFrom("page", "page_size", "p", "size", "per_page", "limit"),
  nastyString(8).filter((name) => !LONE_SURROGATE.test(name)),
);

interface Scenario {
  readonly url: string | URL;
  readonly query: Readonly<Record<string, unknown>>;
  readonly count: number;
  readonly overflow: "empty" | "last";
  readonly options: PaginationHeadersOptions;
  /** True when the configuration itself may be rejected (a TypeError is then acceptable). */
  readonly configMayThrow: boolean;
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    url: requestUrl,
    query: queryObject,
    count: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 500 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    ),
    overflow: fc.constantFrom("empty" as const, "last" as const),
    headerNames: fc.option(headerNames, { nil: undefined }),
    linkParams: fc.option(
      fc.constantFrom("filters" as const, "page-only" as const, "all" as const),
      {
        nil: undefined,
      },
    ),
    template: fc.option(fc.boolean(), { nil: undefined }),
    emptyHeaders: fc.option(fc.constantFrom("omit" as const, "zero" as const), { nil: undefined }),
    pageParam: fc.option(paramName, { nil: undefined }),
    pageSizeParam: fc.option(paramName, { nil: undefined }),
    baseUrl: fc.option(
      fc.oneof(
        validBaseUrl.map((url) => ({ url, valid: true })),
        validBaseUrl.map((url) => ({ url: new URL(url), valid: true })),
        fc.oneof(nastyString(30), webUrl).map((url) => ({ url, valid: false })),
      ),
      { nil: undefined },
    ),
  })
  .map(({ url, query, count, overflow, baseUrl, ...rest }): Scenario => {
    const options: Record<string, unknown> = { url };
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) options[key] = value;
    if (baseUrl !== undefined) options.baseUrl = baseUrl.url;
    const badVariable = rest.template === true && !VARNAME.test(rest.pageSizeParam ?? "page_size");
    // An empty or ill-formed (lone surrogate) parameter name is a configuration TypeError.
    const badName = [rest.pageParam, rest.pageSizeParam].some(
      (name) => name !== undefined && (name === "" || toWellFormed(name) !== name),
    );
    return {
      url,
      query,
      count,
      overflow,
      options: options as unknown as PaginationHeadersOptions,
      configMayThrow: badVariable || badName || (baseUrl !== undefined && !baseUrl.valid),
    };
  });

// ---------------------------------------------------------------------------------------------
// paginationHeaders
// ---------------------------------------------------------------------------------------------

describe("paginationHeaders output is always a safe header set", () => {
  it("names are tokens Node accepts; values are printable ASCII Node accepts; Link URLs cannot break out", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const params = parsePageParams(s.query);
        const page = paginate({ count: s.count, ...params }, { overflow: s.overflow });
        let headers: Record<string, string>;
        try {
          headers = paginationHeaders(page, s.options);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          if (!s.configMayThrow) throw error;
          return;
        }
        const linkName = (s.options.headerNames ?? headerNamePresets.xPagination).link;
        for (const [name, value] of Object.entries(headers)) {
          expect(name).toMatch(TOKEN);
          expect(() => validateHeaderName(name)).not.toThrow();
          expectSafeValue(name, value);
          if (name === linkName) {
            if (s.options.template) {
              // A template link ends in `{&name}`: check the URL part before it.
              expectSafePageLinks(value.replace(/\{&[A-Za-z0-9_.]+\}>/g, ">"));
            } else {
              expectSafePageLinks(value);
            }
          } else {
            expect(value).toMatch(/^(?:0|[1-9][0-9]*)$/);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("the default configuration never throws, whatever the request", () => {
    fc.assert(
      fc.property(
        requestUrl,
        queryObject,
        fc.integer({ min: 0, max: 1000 }),
        (url, query, count) => {
          const page = paginate({ count, ...parsePageParams(query) });
          const headers = paginationHeaders(page, { url });
          for (const [name, value] of Object.entries(headers)) {
            expectSafeValue(name, value);
            if (name === "Link") expectSafePageLinks(value);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a configured parameter name holding a lone surrogate is encoded or rejected with a TypeError", () => {
    // URLs get a lone surrogate written as U+FFFD, and every other bad configuration (header name,
    // template variable, baseUrl, link rel) is a TypeError; a parameter name should not instead
    // escape as a URIError from encodeURIComponent.
    const loneSurrogate = fc
      .integer({ min: 0xd800, max: 0xdfff })
      .map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme-ascii", maxLength: 4 }),
        loneSurrogate,
        fc.constantFrom("pageParam" as const, "pageSizeParam" as const),
        (prefix, surrogate, which) => {
          const name = `${prefix.replace(/[&=%+#?]/g, "")}${surrogate}`;
          const page = paginate({ count: 31, page: 1, pageSize: 30 });
          // For page_size to be written back, the request must carry it (here raw, undecoded).
          const options: PaginationHeadersOptions =
            which === "pageParam"
              ? { url: "/items?status=new", pageParam: name }
              : { url: `/items?${name}=30`, pageSizeParam: name, linkParams: "all" };
          let headers: Record<string, string>;
          try {
            headers = paginationHeaders(page, options);
          } catch (error) {
            expect(error).toBeInstanceOf(TypeError);
            return;
          }
          for (const [header, value] of Object.entries(headers)) expectSafeValue(header, value);
          expectSafePageLinks(headers.Link ?? "");
        },
      ),
      { numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// formatLinkHeader
// ---------------------------------------------------------------------------------------------

const anyRel = fc.oneof(
  fc.constantFrom("next", "prev", "first", "last", "self", "next last", "alternate"),
  fc.stringMatching(/^[a-z][a-z0-9.-]{0,10}(?: [a-z][a-z0-9.-]{0,10}){0,2}$/),
  nastyString(12),
  fc.constantFrom("", " ", "next ", " next", "next  last", 'a"b', "a\\b", "a\r\nb", "a\tb", "ü"),
);

const anyParamName = fc.oneof(
  fc.constantFrom("title", "title*", "type", "hreflang", "media", "anchor", "rel", "REL", "x*"),
  headerToken,
  nastyString(6),
);

const anyParamValue = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 16 }),
  nastyString(16),
  fc.constantFrom('say "hi"', "back\\slash", "a\tb", "line\r\nbreak", "é", ""),
);

const anyLink: fc.Arbitrary<LinkValue> = fc
  .record({
    url: fc.oneof(nastyString(30), webUrl, bytesAsString),
    rel: anyRel,
    params: fc.option(fc.dictionary(anyParamName, anyParamValue, { maxKeys: 3 }), {
      nil: undefined,
    }),
  })
  .map(({ url, rel, params }) => (params === undefined ? { url, rel } : { url, rel, params }));

/** Checks one formatted entry: `<safe-url>; rel="…"` then `; name=value` parameters, all printable. */
function expectSafeEntry(entry: string): void {
  if (!PRINTABLE_ASCII.test(entry)) {
    throw new Error(`Link entry has a control or non-ASCII character: ${describeChars(entry)}`);
  }
  expect(entry.startsWith("<")).toBe(true);
  const url = entry.slice(1, entry.indexOf(">"));
  if (URL_FORBIDDEN.test(url)) throw new Error(`unsafe Link URL: ${describeChars(url)}`);
  expect(entry.slice(url.length + 1)).toMatch(/^>; rel="/);
}

describe("formatLinkHeader output is always safe", () => {
  it("throws a TypeError or returns printable ASCII whose URLs cannot break out", () => {
    fc.assert(
      fc.property(fc.array(anyLink, { maxLength: 4 }), (links) => {
        const entries: string[] = [];
        let anyThrew = false;
        for (const link of links) {
          try {
            const entry = formatLinkHeader([link]);
            expectSafeEntry(entry);
            entries.push(entry);
          } catch (error) {
            if (!(error instanceof TypeError)) throw error;
            anyThrew = true;
          }
        }
        let value: string;
        try {
          value = formatLinkHeader(links);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect(anyThrew).toBe(true);
          return;
        }
        expect(anyThrew).toBe(false);
        expect(value).toBe(entries.join(", "));
        expectSafeValue("Link", value);
      }),
      { numRuns: 2000 },
    );
  });

  it("the object form (rel → url) throws a TypeError or returns a safe value", () => {
    fc.assert(
      fc.property(
        fc.dictionary(anyRel, fc.oneof(nastyString(30), bytesAsString), { maxKeys: 4 }),
        (links) => {
          let value: string;
          try {
            value = formatLinkHeader(links);
          } catch (error) {
            expect(error).toBeInstanceOf(TypeError);
            return;
          }
          expectSafeValue("Link", value);
          for (const [rel, url] of Object.entries(links)) {
            expect(value).toContain(formatLinkHeader([{ rel, url }]));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("rejects (TypeError) a rel holding a delimiter naive parsers split on", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme-ascii", maxLength: 6 }),
        fc.constantFrom(",", ";", "<", ">"),
        fc.string({ unit: "grapheme-ascii", maxLength: 6 }),
        (before, delimiter, after) => {
          expect(() => formatLinkHeader([{ url: "/x", rel: before + delimiter + after }])).toThrow(
            TypeError,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("rejects (TypeError) a rel or parameter that holds a control or non-ASCII character", () => {
    const unsafeChar = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
      fc.constantFrom("\x7f", "\u0085", "\u00e9", "\u2028", "\ud800", "\u{1f600}"),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme-ascii", maxLength: 6 }),
        unsafeChar,
        fc.string({ unit: "grapheme-ascii", maxLength: 6 }),
        fc.constantFrom("rel" as const, "name" as const, "value" as const),
        (before, bad, after, where) => {
          const text = before + bad + after;
          const link: LinkValue =
            where === "rel"
              ? { url: "/x", rel: text }
              : where === "name"
                ? { url: "/x", rel: "next", params: { [text]: "v" } }
                : { url: "/x", rel: "next", params: { title: text } };
          expect(() => formatLinkHeader([link])).toThrow(TypeError);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("accepts every valid link: registered rels, token parameter names, printable or `*` values", () => {
    fc.assert(
      fc.property(
        fc.webUrl(),
        fc.array(fc.stringMatching(/^[a-z][a-z0-9.-]{0,10}$/), { minLength: 1, maxLength: 3 }),
        fc.dictionary(
          headerToken.filter((name) => name.toLowerCase() !== "rel" && !name.endsWith("*")),
          fc.string({
            unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
          }),
          { maxKeys: 3 },
        ),
        fc.string({ unit: "binary", maxLength: 12 }),
        (url, rels, params, extended) => {
          const value = formatLinkHeader([
            { url, rel: rels.join(" "), params: { ...params, "title*": extended } },
          ]);
          expectSafeValue("Link", value);
        },
      ),
      { numRuns: 500 },
    );
  });
});
