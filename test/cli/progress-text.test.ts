import { describe, expect, it } from "vitest";
import { duration, type ProgressFigures, progressText } from "../../src/cli/progress-text.js";

describe("progressText", () => {
  it.each<[ProgressFigures, string]>([
    [
      { pages: 1, items: 20, pageTotal: 6, count: 120, elapsedMs: 1000 },
      "1/6 pages, 20/120 items, 20 items/s, about 5 s left",
    ],
    [
      { pages: 6, items: 120, pageTotal: 6, count: 120, elapsedMs: 2000 },
      "6/6 pages, 120/120 items, 60 items/s",
    ],
    [
      { pages: 3, items: 60, pageTotal: undefined, count: undefined, elapsedMs: 400 },
      "3 pages, 60 items, 150 items/s",
    ],
    [
      { pages: 0, items: 0, pageTotal: 5, count: 100, elapsedMs: 0 },
      "0/5 pages, 0/100 items, 0 items/s",
    ],
    [
      { pages: 101, items: 2020, pageTotal: 101, count: 2020, elapsedMs: 2000, fromPage: 900 },
      "101/101 pages from page 900, 2020/2020 items, 1010 items/s",
    ],
    [
      {
        pages: 1,
        items: 20,
        pageTotal: 6,
        count: 120,
        elapsedMs: 1000,
        waiting: "rate limited (429), asking again at 11:42:07 UTC",
      },
      "1/6 pages, 20/120 items, 20 items/s, rate limited (429), asking again at 11:42:07 UTC",
    ],
  ])("%j reads %j", (figures, text) => {
    expect(progressText(figures)).toBe(text);
  });
});

describe("duration", () => {
  it.each([
    [0.2, "1 s"],
    [59, "59 s"],
    [60, "1 min 0 s"],
    [185, "3 min 5 s"],
    [7800, "2 h 10 min"],
  ])("%f s is %j", (seconds, text) => {
    expect(duration(seconds)).toBe(text);
  });
});
