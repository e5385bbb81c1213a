import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CursorValue, cursorCodec } from "../../src/cursor/cursor-token.js";
import { PagewiseError } from "../../src/errors.js";

const SECRET = "s".repeat(32);
const OTHER = "o".repeat(32);
const QUERY = "status=failed;sort=created,id";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The problem code a decode throws. */
function codeOf(run: () => unknown): string {
  try {
    run();
    return "accepted";
  } catch (error) {
    if (!(error instanceof PagewiseError)) throw error;
    return `${error.status} ${error.problem.code} ${error.problem.parameter}`;
  }
}

describe("cursorCodec", () => {
  it("round-trips any JSON sort values, for the query it was issued for", async () => {
    const codec = cursorCodec(SECRET);
    const value = fc.oneof(
      fc.string(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n - 1n }).map(String),
      fc.date({ noInvalidDate: true }).map((d) => `${d.toISOString().slice(0, -1)}123Z`),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(value, { maxLength: 4 }), async (values) => {
        const token = codec.encode(values, QUERY);
        expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
        expect(codec.decode(token, QUERY, "after")).toStrictEqual(
          values.map((v) => (Object.is(v, -0) ? 0 : v)),
        );
      }),
      { numRuns: 100 },
    );
  });

  it.each<[string, (token: string) => string, string]>([
    [
      "a tampered body",
      (t) => `${t[0] === "W" ? "X" : "W"}${t.slice(1)}`,
      "400 invalid_cursor after",
    ],
    [
      "a tampered signature",
      (t) => `${t.slice(0, -1)}${t.endsWith("A") ? "B" : "A"}`,
      "400 invalid_cursor after",
    ],
    [
      "its last character spelt otherwise (base64url's spare bits)",
      (t) => `${t.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(t.at(-1) as string) ^ 1]}`,
      "400 invalid_cursor after",
    ],
    ["no signature", (t) => t.slice(0, t.indexOf(".")), "400 invalid_cursor after"],
    ["junk", () => "not a cursor", "400 invalid_cursor after"],
    ["an empty token", () => "", "400 invalid_cursor after"],
    ["a token of 2,049 characters", () => "a".repeat(2049), "400 cursor_too_large after"],
    ["10 kB of dots", () => ".".repeat(10_000), "400 cursor_too_large after"],
  ])("refuses %s", async (_name, alter, code) => {
    const codec = cursorCodec(SECRET);
    const token = codec.encode([1, "x"], QUERY);
    expect(codeOf(() => codec.decode(alter(token), QUERY, "after"))).toBe(code);
  });

  it("refuses to issue a token longer than it reads (a link would end in a 400)", async () => {
    const codec = cursorCodec(SECRET, { maxLength: 200 });
    expect(() => codec.encode(["标题".repeat(30), 7], QUERY)).toThrow(
      new RangeError(
        "A cursor of 323 characters is longer than maxCursorLength (200): its sort values are long (4/3 of their UTF-8 JSON, plus 75 characters); raise maxCursorLength or sort by shorter columns",
      ),
    );
    const short = codec.encode(["标题".repeat(5), 7], QUERY);
    expect(codec.decode(short, QUERY, "after")).toStrictEqual(["标题".repeat(5), 7]);
  });

  it("refuses a token from another query, and one signed with another secret", async () => {
    const codec = cursorCodec(SECRET);
    const token = codec.encode([1], QUERY);
    expect(codeOf(() => codec.decode(token, "status=completed;sort=created,id", "before"))).toBe(
      "400 cursor_query_mismatch before",
    );
    expect(codeOf(() => cursorCodec(OTHER).decode(token, QUERY, "after"))).toBe(
      "400 invalid_cursor after",
    );
  });

  it("binds each token to its own query when requests of several queries interleave", () => {
    const codec = cursorCodec([SECRET, OTHER]);
    const queries = ["a", "b", "a", "c", "c", "b"];
    const tokens = queries.map((query, i) => codec.encode([i], query));
    const read = (token: string, query: string) =>
      codeOf(() => codec.decode(token, query, "after"));
    expect(tokens.map((token, i) => read(token, queries[i] as string))).toStrictEqual(
      queries.map(() => "accepted"),
    );
    expect(tokens.map((token, i) => read(token, queries[(i + 1) % 6] as string))).toStrictEqual(
      queries.map((query, i) =>
        query === queries[(i + 1) % 6] ? "accepted" : "400 cursor_query_mismatch after",
      ),
    );
  });

  it("reads tokens of every secret it is given, and signs with the first (rotation)", async () => {
    const old = cursorCodec(OTHER).encode([7], QUERY);
    const rotated = cursorCodec([SECRET, OTHER]);
    expect(rotated.decode(old, QUERY, "after")).toStrictEqual([7]);
    const fresh = rotated.encode([8], QUERY);
    expect(cursorCodec(SECRET).decode(fresh, QUERY, "after")).toStrictEqual([8]);
  });

  it("refuses a signed body of another shape (never trusted further)", async () => {
    // A body that is signed but holds an object: only this server could have made it, and still
    // it is read as no cursor rather than trusted.
    const codec = cursorCodec(SECRET);
    const token = codec.encode([{ a: 1 } as unknown as CursorValue], QUERY);
    expect(codeOf(() => codec.decode(token, QUERY, "after"))).toBe("400 invalid_cursor after");
  });

  it.each<[string, () => unknown, Error]>([
    [
      "a short secret",
      () => cursorCodec("short"),
      new TypeError(
        "A cursor secret needs at least 32 characters (e.g. 32 random bytes as hex or base64)",
      ),
    ],
    [
      "no secret",
      () => cursorCodec([]),
      new TypeError(
        "A cursor secret needs at least 32 characters (e.g. 32 random bytes as hex or base64)",
      ),
    ],
    [
      "a tiny maxLength",
      () => cursorCodec(SECRET, { maxLength: 10 }),
      new RangeError("maxLength must be a whole number of at least 64; got number 10"),
    ],
  ])("refuses %s when made", (_name, make, error) => {
    expect(make).toThrow(error);
  });
});
