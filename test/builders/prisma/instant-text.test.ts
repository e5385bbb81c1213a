/**
 * A database's timestamp text as an instant to the microsecond (`instantOf`), and instants
 * compared: PostgreSQL's `::text` of a `timestamptz` in any session zone, MariaDB's `DATETIME`
 * (UTC, as Prisma reads it), ISO 8601 from a `Date`. Its input is the database's own text or a
 * signed cursor's, never a request's.
 */
import { describe, expect, it } from "vitest";
import { compareInstants, instantOf } from "../../../src/builders/prisma/instant-text.js";

const AT = Date.UTC(2026, 10, 23, 10, 0, 0, 123);

describe("instantOf", () => {
  it.each<[string, ReturnType<typeof instantOf>]>([
    ["2026-11-23 10:00:00.123456+00", { millis: AT, micros: 456 }],
    ["2026-11-23 11:00:00.123456+01", { millis: AT, micros: 456 }],
    ["2026-11-23 15:30:00.123456+05:30", { millis: AT, micros: 456 }],
    ["2026-11-23 05:00:00.123-05", { millis: AT, micros: 0 }],
    ["2026-11-23 10:00:00.123456", { millis: AT, micros: 456 }],
    ["2026-11-23 10:00:00.1234", { millis: AT, micros: 400 }],
    ["2026-11-23 10:00:00+00", { millis: AT - 123, micros: 0 }],
    ["2026-11-23T10:00:00.123Z", { millis: AT, micros: 0 }],
    ["infinity", undefined],
    ["2026-11-23 10:00:00.1234567+00", undefined],
    ["2026-13-23 10:00:00+00", undefined],
    ["", undefined],
  ])("reads %j", (text, expected) => {
    expect(instantOf(text)).toStrictEqual(expected);
  });
});

describe("compareInstants", () => {
  it.each<[number, number, number, number, number]>([
    [5, 1, 5, 2, -1],
    [5, 2, 5, 1, 1],
    [5, 7, 5, 7, 0],
    [4, 999, 5, 0, -1],
  ])("compares %i ms %i µs with %i ms %i µs: %i", (am, au, bm, bu, expected) => {
    expect(compareInstants({ millis: am, micros: au }, { millis: bm, micros: bu })).toBe(expected);
  });
});
