/**
 * Property tests of the page math (`paginate`) and of the page parameter reader (`parsePageParams`)
 * against the spec, section 4.3 (/work/shared/spec/package-repository-api.md).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/index.js";
import { type Page, paginate, parsePageParams } from "../../src/page/index.js";

const MAX = Number.MAX_SAFE_INTEGER;
const DEFAULT_PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 500;

/** The spec's page count, computed exactly: `ceil(count / pageSize)`, and 1 for an empty dataset. */
function expectedPageTotal(count: number, pageSize: number): number {
  if (count === 0) return 1;
  const c = BigInt(count);
  const s = BigInt(pageSize);
  return Number((c + s - 1n) / s);
}

/** Datasets small enough to walk every page; an empty dataset and a page size of 1 are common. */
const smallDataset = fc.record({
  count: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 1_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 1_000_000 }) },
  ),
  pageSize: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 600 })),
});

/** A dataset plus a page number inside `[1, pageTotal]`. */
const inRangeRequest = smallDataset.chain(({ count, pageSize }) =>
  fc.record({
    count: fc.constant(count),
    pageSize: fc.constant(pageSize),
    page: fc.integer({ min: 1, max: expectedPageTotal(count, pageSize) }),
  }),
);

/** A dataset plus a page number past `pageTotal`, up to `Number.MAX_SAFE_INTEGER`. */
const overflowRequest = smallDataset.chain(({ count, pageSize }) => {
  const pageTotal = expectedPageTotal(count, pageSize);
  return fc.record({
    count: fc.constant(count),
    pageSize: fc.constant(pageSize),
    page: fc.oneof(
      fc.constant(pageTotal + 1),
      fc.integer({ min: pageTotal + 1, max: pageTotal + 10 }),
      fc.integer({ min: pageTotal + 1, max: MAX }),
      fc.constant(MAX),
    ),
  });
});

/** Any page number: in range, just past the end, or far past it. */
const anyRequest = fc.oneof(inRangeRequest, overflowRequest);

const LINK_KEYS = ["first", "prev", "next", "last"] as const;

function linkTargets(page: Page): number[] {
  return LINK_KEYS.flatMap((key) => (page[key] === undefined ? [] : [page[key]]));
}

describe("paginate: pages partition the dataset", () => {
  it("limits sum to count, every page but the last is full, offsets are contiguous, pageTotal = max(1, ceil(count/pageSize))", () => {
    fc.assert(
      fc.property(smallDataset, ({ count, pageSize }) => {
        const pageTotal = paginate({ count, page: 1, pageSize }).pageTotal;
        expect(pageTotal).toBe(Math.max(1, Math.ceil(count / pageSize)));
        expect(pageTotal).toBe(expectedPageTotal(count, pageSize));
        let expectedOffset = 0;
        for (let k = 1; k <= pageTotal; k++) {
          const p = paginate({ count, page: k, pageSize });
          const where = `count=${count} pageSize=${pageSize} page=${k}`;
          if (p.page !== k || p.pageTotal !== pageTotal || p.overflow) {
            throw new Error(
              `${where}: page ${p.page}, total ${p.pageTotal}, overflow ${p.overflow}`,
            );
          }
          if (p.offset !== expectedOffset) {
            throw new Error(`${where}: offset ${p.offset}, expected ${expectedOffset}`);
          }
          if (k < pageTotal && p.limit !== pageSize) {
            throw new Error(`${where}: limit ${p.limit} on a non-final page, expected ${pageSize}`);
          }
          if (k === pageTotal && count > 0 && (p.limit < 1 || p.limit > pageSize)) {
            throw new Error(`${where}: final page limit ${p.limit} outside [1, ${pageSize}]`);
          }
          if (p.isEmpty !== (p.limit === 0)) {
            throw new Error(`${where}: isEmpty ${p.isEmpty} with limit ${p.limit}`);
          }
          expectedOffset += p.limit;
        }
        expect(expectedOffset).toBe(count);
        if (count === 0) {
          // An empty dataset has exactly one page, and it is empty.
          expect(paginate({ count, page: 1, pageSize })).toMatchObject({
            offset: 0,
            limit: 0,
            isEmpty: true,
          });
        }
      }),
      { numRuns: 120 },
    );
  });

  it("matches the spec's worked examples", () => {
    expect(paginate({ count: 350, page: 4, pageSize: 100 })).toMatchObject({
      pageTotal: 4,
      offset: 300,
      limit: 50,
    });
    expect(paginate({ count: 400, page: 4, pageSize: 100 })).toMatchObject({
      pageTotal: 4,
      limit: 100,
    });
    expect(paginate({ count: 3, page: 2, pageSize: 1 })).toMatchObject({
      pageTotal: 3,
      first: 1,
      prev: 1,
      next: 3,
      last: 3,
    });
  });
});

describe("paginate: link targets", () => {
  it("for an in-range page every link target lies in [1, pageTotal] and points where its rel says", () => {
    fc.assert(
      fc.property(inRangeRequest, (request) => {
        const p = paginate(request);
        expect(p.overflow).toBe(false);
        expect(p.page).toBe(request.page);
        for (const target of linkTargets(p)) {
          expect(Number.isSafeInteger(target)).toBe(true);
          expect(target).toBeGreaterThanOrEqual(1);
          expect(target).toBeLessThanOrEqual(p.pageTotal);
        }
        if (p.first !== undefined) expect(p.first).toBe(1);
        if (p.last !== undefined) expect(p.last).toBe(p.pageTotal);
        if (p.prev !== undefined) expect(p.prev).toBe(p.page - 1);
        if (p.next !== undefined) expect(p.next).toBe(p.page + 1);
      }),
      { numRuns: 500 },
    );
  });

  it("an empty dataset has no link targets, whatever the page requested", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX }),
        fc.integer({ min: 1, max: 600 }),
        fc.constantFrom("empty" as const, "last" as const),
        (page, pageSize, overflow) => {
          const p = paginate({ count: 0, page, pageSize }, { overflow });
          expect(linkTargets(p)).toEqual([]);
          expect(p).toMatchObject({ pageTotal: 1, offset: 0, limit: 0, isEmpty: true });
          expect(p.overflow).toBe(page > 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a page past the last with overflow 'empty' (the default) is empty, keeps its number, and links back", () => {
    fc.assert(
      fc.property(overflowRequest, (request) => {
        const p = paginate(request);
        expect(paginate(request, { overflow: "empty" })).toEqual(p);
        expect(p.isEmpty).toBe(true);
        expect(p.overflow).toBe(true);
        expect(p.page).toBe(request.page);
        expect(p.limit).toBe(0);
        expect(p.offset).toBe(request.count);
        expect(p.next).toBeUndefined();
        if (request.count === 0) {
          expect(linkTargets(p)).toEqual([]);
          return;
        }
        expect(p.prev).toBe(p.pageTotal);
        if (p.pageTotal > 1) {
          expect(p.first).toBe(1);
          expect(p.last).toBe(p.pageTotal);
        } else {
          expect(p.first).toBeUndefined();
          expect(p.last).toBeUndefined();
        }
        for (const target of linkTargets(p)) {
          expect(target).toBeGreaterThanOrEqual(1);
          expect(target).toBeLessThanOrEqual(p.pageTotal);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a page past the last with overflow 'last' is the last page, flagged as overflow", () => {
    fc.assert(
      fc.property(overflowRequest, (request) => {
        const p = paginate(request, { overflow: "last" });
        const last = paginate({ ...request, page: p.pageTotal });
        expect(p).toEqual({ ...last, overflow: true });
      }),
      { numRuns: 500 },
    );
  });

  it("a page past the last with overflow 'error' throws a 404 PagewiseError naming the page parameter", () => {
    fc.assert(
      fc.property(
        overflowRequest,
        fc.option(fc.constantFrom("page", "p", "pageNumber"), { nil: undefined }),
        (request, pageParam) => {
          let thrown: unknown;
          try {
            paginate(
              request,
              pageParam === undefined ? { overflow: "error" } : { overflow: "error", pageParam },
            );
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(PagewiseError);
          const error = thrown as PagewiseError;
          expect(error.status).toBe(404);
          expect(error.problem.status).toBe(404);
          expect(error.problem.code).toBe("page_out_of_range");
          expect(error.problem.parameter).toBe(pageParam ?? "page");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("overflow options do not change an in-range page", () => {
    fc.assert(
      fc.property(inRangeRequest, (request) => {
        const p = paginate(request);
        expect(paginate(request, { overflow: "last" })).toEqual(p);
        expect(paginate(request, { overflow: "error" })).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });
});

describe("paginate: rel presence follows the spec exactly", () => {
  it("first/last iff count > 0 and pageTotal > 1; prev iff page > 1; next iff page < pageTotal", () => {
    fc.assert(
      fc.property(anyRequest, (request) => {
        const p = paginate(request);
        const paginated = request.count > 0; // an empty dataset is never paginated
        expect(p.first !== undefined).toBe(paginated && p.pageTotal > 1);
        expect(p.last !== undefined).toBe(paginated && p.pageTotal > 1);
        expect(p.prev !== undefined).toBe(paginated && request.page > 1);
        expect(p.next !== undefined).toBe(paginated && request.page < p.pageTotal);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("paginate: large values stay exact", () => {
  /** Counts and page sizes anywhere up to MAX_SAFE_INTEGER, with the edges well represented. */
  const bigNumber = (min: number) =>
    fc.oneof(
      fc.integer({ min, max: MAX }),
      fc.integer({ min: Math.max(min, MAX - 1000), max: MAX }),
      fc.integer({ min, max: 1000 }),
      fc.constantFrom(min, MAX, MAX - 1, 2 ** 52, 2 ** 52 + 1, 2 ** 53 - 2),
    );
  const bigRequest = fc
    .record({ count: bigNumber(0), pageSize: bigNumber(1) })
    .chain(({ count, pageSize }) => {
      const pageTotal = expectedPageTotal(count, pageSize);
      return fc.record({
        count: fc.constant(count),
        pageSize: fc.constant(pageSize),
        page: fc.oneof(
          fc.integer({ min: 1, max: MAX }),
          fc.integer({ min: 1, max: pageTotal }),
          fc.constantFrom(1, pageTotal, Math.min(pageTotal + 1, MAX), MAX),
        ),
      });
    });

  it("offset, limit, pageTotal and link targets are safe integers and match exact (BigInt) arithmetic", () => {
    fc.assert(
      fc.property(
        bigRequest,
        fc.constantFrom("empty" as const, "last" as const),
        (request, overflow) => {
          const p = paginate(request, { overflow });
          const numbers = [p.offset, p.limit, p.pageTotal, p.page, ...linkTargets(p)];
          for (const n of numbers) expect(Number.isSafeInteger(n)).toBe(true);
          expect(p.pageTotal).toBe(expectedPageTotal(request.count, request.pageSize));
          expect(p.limit).toBeGreaterThanOrEqual(0);
          expect(p.limit).toBeLessThanOrEqual(request.pageSize);
          expect(p.offset).toBeGreaterThanOrEqual(0);
          expect(BigInt(p.offset) + BigInt(p.limit)).toBeLessThanOrEqual(BigInt(request.count));
          if (p.page <= p.pageTotal) {
            const offset = BigInt(p.page - 1) * BigInt(request.pageSize);
            expect(BigInt(p.offset)).toBe(offset);
            const rest = BigInt(request.count) - offset;
            const limit = rest < BigInt(request.pageSize) ? rest : BigInt(request.pageSize);
            expect(BigInt(p.limit)).toBe(request.count === 0 ? 0n : limit);
          } else {
            expect(p.offset).toBe(request.count);
            expect(p.limit).toBe(0);
          }
          for (const target of linkTargets(p)) {
            expect(target).toBeGreaterThanOrEqual(1);
            expect(target).toBeLessThanOrEqual(p.pageTotal);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// parsePageParams
// ---------------------------------------------------------------------------------------------

/** A string unit that covers controls, reserved characters, escapes, lone surrogates and Unicode. */
const nastyUnit = fc.oneof(
  fc.constantFrom(..."0123456789-+.eExX %<>\"\\,;#?&=/'{}[]|^`\t\r\n\0\x7f".split("")),
  fc.constantFrom("١", "٢", "１", "²", "\u00a0", "\ufeff", "∞"),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
);

/** Any string a client could send, with numeric-looking shapes well represented. */
const anyParam = fc.oneof(
  fc.string({ unit: nastyUnit, maxLength: 24 }),
  fc.stringMatching(/^-?[0-9]{1,40}$/),
  fc.stringMatching(/^0*[0-9]{1,4}$/),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom(
    "",
    " 2",
    "2 ",
    "1.5",
    "1e3",
    "0x10",
    "+1",
    "-0",
    "00",
    "Infinity",
    "NaN",
    "9007199254740991",
    "9007199254740992",
    "99999999999999999999999",
    "２",
    "٣",
  ),
);

/** What a whole decimal string reads as: saturated to the safe-integer range. */
function wholeValue(s: string): number | undefined {
  if (!/^-?[0-9]+$/.test(s)) return undefined;
  const n = Number(s);
  return Math.max(-MAX, Math.min(n, MAX));
}

function expectedLenient(page: string, pageSize: string): { page: number; pageSize: number } {
  const p = wholeValue(page);
  const s = wholeValue(pageSize);
  return {
    page: p === undefined || p < 1 ? 1 : p,
    pageSize: s === undefined || s < 1 ? DEFAULT_PAGE_SIZE : Math.min(s, MAX_PAGE_SIZE),
  };
}

describe("parsePageParams", () => {
  it("lenient mode never throws and yields a safe page >= 1 and a page size in [1, 500]", () => {
    fc.assert(
      fc.property(anyParam, (s) => {
        const result = parsePageParams({ page: s, page_size: s });
        expect(Number.isSafeInteger(result.page)).toBe(true);
        expect(result.page).toBeGreaterThanOrEqual(1);
        expect(Number.isSafeInteger(result.pageSize)).toBe(true);
        expect(result.pageSize).toBeGreaterThanOrEqual(1);
        expect(result.pageSize).toBeLessThanOrEqual(MAX_PAGE_SIZE);
      }),
      { numRuns: 1000 },
    );
  });

  it("a whole decimal string reads as min(Number(s), MAX_SAFE_INTEGER), then clamped per the rules", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^[0-9]{1,40}$/), fc.stringMatching(/^0{0,5}[0-9]{1,4}$/)),
        (s) => {
          const n = Math.min(Number(s), MAX);
          const result = parsePageParams({ page: s, page_size: s });
          expect(result).toEqual({
            page: Math.max(1, n),
            pageSize: n < 1 ? DEFAULT_PAGE_SIZE : Math.min(n, MAX_PAGE_SIZE),
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("lenient mode matches the reference reading for independent page and page_size values", () => {
    fc.assert(
      fc.property(anyParam, anyParam, (page, pageSize) => {
        expect(parsePageParams({ page, page_size: pageSize })).toEqual(
          expectedLenient(page, pageSize),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("strict mode returns the lenient result or throws a 400 naming the offending parameter", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyParam.map((s) => [s, s] as const),
          fc.tuple(anyParam, anyParam),
        ),
        ([page, pageSize]) => {
          const lenient = parsePageParams({ page, page_size: pageSize });
          let strict: unknown;
          let thrown: unknown;
          try {
            strict = parsePageParams({ page, page_size: pageSize }, { invalid: "strict" });
          } catch (error) {
            thrown = error;
          }
          const pageValue = wholeValue(page);
          const sizeValue = wholeValue(pageSize);
          // A zero or negative page is valid (it means page 1); a size must be a whole number >= 1.
          const offending =
            pageValue === undefined
              ? "page"
              : sizeValue === undefined || sizeValue < 1
                ? "page_size"
                : undefined;
          if (offending === undefined) {
            expect(thrown).toBeUndefined();
            expect(strict).toEqual(lenient);
            return;
          }
          expect(thrown).toBeInstanceOf(PagewiseError);
          const error = thrown as PagewiseError;
          expect(error.status).toBe(400);
          expect(error.problem.status).toBe(400);
          expect(error.problem.code).toBe("invalid_parameter");
          expect(error.problem.parameter).toBe(offending);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("overMax 'error' throws a 400 page_size_too_large exactly when the clamp would apply", () => {
    fc.assert(
      fc.property(anyParam, anyParam, (page, pageSize) => {
        const sizeValue = wholeValue(pageSize);
        let thrown: unknown;
        let result: unknown;
        try {
          result = parsePageParams({ page, page_size: pageSize }, { overMax: "error" });
        } catch (error) {
          thrown = error;
        }
        if (sizeValue !== undefined && sizeValue > MAX_PAGE_SIZE) {
          expect(thrown).toBeInstanceOf(PagewiseError);
          const error = thrown as PagewiseError;
          expect(error.status).toBe(400);
          expect(error.problem.code).toBe("page_size_too_large");
          expect(error.problem.parameter).toBe("page_size");
        } else {
          expect(thrown).toBeUndefined();
          expect(result).toEqual(expectedLenient(page, pageSize));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("reads a query string, URLSearchParams and a parsed object the same way (first value wins)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("page", "page_size", "status", "q"), anyParam), {
          maxLength: 6,
        }),
        (pairs) => {
          const search = new URLSearchParams(pairs.map(([name, value]) => [name, value]));
          const object: Record<string, string[]> = {};
          for (const [name, value] of search) {
            const values = object[name] ?? [];
            values.push(value);
            object[name] = values;
          }
          const fromString = parsePageParams(search.toString());
          expect(parsePageParams(`?${search.toString()}`)).toEqual(fromString);
          expect(parsePageParams(search)).toEqual(fromString);
          expect(parsePageParams(object)).toEqual(fromString);
          expect(fromString).toEqual(
            expectedLenient(search.get("page") ?? "1", search.get("page_size") ?? "30"),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
