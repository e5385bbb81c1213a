import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { seconds } from "../../src/cli/seconds-option.js";

describe("seconds", () => {
  const read = seconds(60_000);

  it.each([
    ["30", 30_000],
    ["0.3", 300],
    ["0.0005", 1],
    ["60", 60_000],
  ])("reads %j as %i ms", (text, ms) => {
    expect(read(text)).toBe(ms);
  });

  it.each(["0", "0.0004", "60.001", "-1", "1e3", "soon", ""])("refuses %j", (text) => {
    expect(() => read(text)).toThrow(
      new InvalidArgumentError("must be a number of seconds over 0 and at most 60"),
    );
  });
});
