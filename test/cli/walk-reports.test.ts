import { describe, expect, it } from "vitest";
import type { GoOn } from "../../src/cli/go-on.js";
import { goOnLine, pageSizeLine } from "../../src/cli/walk-reports.js";

describe("goOnLine", () => {
  it.each<[string, number, number, GoOn, string]>([
    [
      "interrupted",
      3,
      60,
      { options: ["--from", "http://x/?page=4&q=it's"] },
      "pagewise: interrupted after 3 pages (60 items); to go on, run the same command with --from 'http://x/?page=4&q=it'\\''s'",
    ],
    [
      "stopped",
      1,
      1,
      { options: ["--trust-origin", "http://y", "--from", "http://y/?page=2"] },
      "pagewise: stopped after 1 page (1 item); to go on, run the same command with --trust-origin 'http://y' --from 'http://y/?page=2'",
    ],
    [
      "stopped",
      2,
      10,
      { reason: "the list's links loop, so no --from goes on" },
      "pagewise: stopped after 2 pages (10 items); the list's links loop, so no --from goes on",
    ],
  ])("%s after %i pages, %i items, %j", (why, pages, items, goOn, line) => {
    expect(goOnLine(why, pages, items, goOn)).toBe(line);
  });
});

describe("pageSizeLine", () => {
  it.each([
    [
      1000,
      500,
      "pagewise: asked for 1000 items a page, the server serves 500 (X-Pagination-PageSize)",
    ],
    [1, 30, "pagewise: asked for 1 item a page, the server serves 30 (X-Pagination-PageSize)"],
  ])("asked %i, served %i", (asked, served, line) => {
    expect(pageSizeLine(asked, served)).toBe(line);
  });
});
