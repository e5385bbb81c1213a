import { describe, expect, it } from "vitest";
import {
  assertWholeNumber,
  isWholeNumber,
  readDigits,
  readWholeNumber,
} from "../../src/params/whole-number.js";

const MAX = Number.MAX_SAFE_INTEGER;

describe("readWholeNumber", () => {
  it.each<[unknown, number | undefined]>([
    ["2", 2],
    ["0", 0],
    ["-0", 0],
    ["-5", -5],
    ["007", 7],
    ["500", 500],
    [String(MAX), MAX],
    ["9007199254740992", MAX],
    ["99999999999999999999", MAX],
    ["-99999999999999999999", -MAX],
    ["9".repeat(10_000), MAX],
    [3, 3],
    [-0, 0],
    [1e21, MAX],
    ["2abc", undefined],
    ["1.5", undefined],
    ["1.0", undefined],
    ["1e3", undefined],
    ["0x10", undefined],
    ["0b1", undefined],
    ["", undefined],
    [" 2", undefined],
    ["2 ", undefined],
    ["\t2", undefined],
    ["+2", undefined],
    ["--2", undefined],
    ["-", undefined],
    ["２", undefined],
    ["Infinity", undefined],
    ["NaN", undefined],
    [1.5, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [true, undefined],
    [null, undefined],
    [{}, undefined],
    [["2"], undefined],
  ])("reads %j as %s", (input, expected) => {
    expect(readWholeNumber(input)).toBe(expected);
  });

  it("never returns -0", () => {
    expect(Object.is(readWholeNumber("-0"), 0)).toBe(true);
    expect(Object.is(readWholeNumber(-0), 0)).toBe(true);
  });
});

describe("readDigits: a count as a response header carries it", () => {
  it.each<[string | null | undefined, number | undefined]>([
    ["0", 0],
    ["42", 42],
    ["007", 7],
    ["99999999999999999999", Number.MAX_SAFE_INTEGER],
    ["-3", undefined],
    ["+3", undefined],
    [" 3", undefined],
    ["3.0", undefined],
    ["", undefined],
    [null, undefined],
    [undefined, undefined],
  ])("reads %j as %s", (input, expected) => {
    expect(readDigits(input)).toBe(expected);
  });
});

describe("isWholeNumber and assertWholeNumber: one check, one wording", () => {
  it.each<[unknown, number, number | undefined, string | undefined]>([
    [0, 0, undefined, undefined],
    [MAX, 1, undefined, undefined],
    [30, 0, 30, undefined],
    [-1, 0, undefined, "x must be a whole number of at least 0; got number -1"],
    [1.5, 0, undefined, "x must be a whole number of at least 0; got number 1.5"],
    [Number.NaN, 1, undefined, "x must be a whole number of at least 1; got number NaN"],
    [MAX + 1, 0, undefined, `x must be a whole number of at least 0; got number ${MAX + 1}`],
    [31, 0, 30, "x must be a whole number from 0 to 30; got number 31"],
    ["3", 0, undefined, 'x must be a whole number of at least 0; got a string ("3")'],
    [3n, 0, undefined, "x must be a whole number of at least 0; got a bigint"],
    [null, 0, undefined, "x must be a whole number of at least 0; got null"],
  ])("%s with least %i and most %s: %s", (value, min, max, message) => {
    expect(isWholeNumber(value, min, max)).toBe(message === undefined);
    const check = () => assertWholeNumber("x", value, min, max);
    if (message === undefined) expect(check).not.toThrow();
    else expect(check).toThrow(new RangeError(message));
  });
});
