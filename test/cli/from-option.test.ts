import { describe, expect, it } from "vitest";
import { CliError } from "../../src/cli/cli-error.js";
import { EXIT_STATUS } from "../../src/cli/exit-status.js";
import { assertFrom, walkOrigins } from "../../src/cli/from-option.js";

const LIST = "http://a.test/items/?status=failed";

describe("assertFrom", () => {
  it.each<[string | undefined, string[], number | undefined]>([
    [undefined, [], 20],
    ["http://a.test/items/?page=3&page_size=10", [], undefined],
    ["http://a.test/items/?page=3&page_size=10", [], 10],
    ["http://a.test/items/?page=3", [], 20],
    ["http://b.test/v2/items/?page=3&page_size=10", ["http://b.test"], 10],
  ])("takes --from %s (trusted %j, --page-size %s)", (from, trusted, pageSize) => {
    expect(() => assertFrom(LIST, from, trusted, pageSize)).not.toThrow();
  });

  it.each<[string, string[], number | undefined, string]>([
    [
      "http://a.test/other/?page=3",
      [],
      undefined,
      `--from must be a page of ${LIST} (the same origin and path) or on an origin given with --trust-origin, got http://a.test/other/?page=3`,
    ],
    [
      "http://b.test/items/?page=3",
      ["http://c.test"],
      undefined,
      `--from must be a page of ${LIST} (the same origin and path) or on an origin given with --trust-origin, got http://b.test/items/?page=3`,
    ],
    [
      "http://a.test/items/?page=3&page_size=10",
      [],
      20,
      "--page-size 20 differs from the page size in --from (page_size=10): a walk that goes on at another size skips or repeats rows; leave out --page-size, or give 10",
    ],
  ])("refuses --from %s (trusted %j, --page-size %s)", (from, trusted, pageSize, message) => {
    expect(() => assertFrom(LIST, from, trusted, pageSize)).toThrow(
      new CliError(message, EXIT_STATUS.usage),
    );
  });
});

describe("walkOrigins", () => {
  it.each<[string, string[], string[]]>([
    ["http://a.test/items/?page=2", [], []],
    ["http://a.test/items/?page=2", ["http://b.test"], ["http://b.test"]],
    ["http://b.test/items/?page=2", ["http://b.test"], ["http://b.test", "http://a.test"]],
  ])("from %s trusting %j: %j", (start, trusted, origins) => {
    expect(walkOrigins(LIST, start, trusted)).toStrictEqual(origins);
  });
});
