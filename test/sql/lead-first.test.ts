import { describe, expect, it } from "vitest";
import { leadFirst } from "../../src/sql/lead-first.js";

describe("leadFirst", () => {
  const LIMIT = 3;
  it.each<[string, number[], number[], number[], string[]]>([
    ["a full lead is the page: the union never runs", [1, 2, 3], [9], [1, 2, 3], ["lead"]],
    [
      "a short lead runs the union: its rows are the page",
      [1, 2],
      [1, 2, 5],
      [1, 2, 5],
      ["lead", "whole"],
    ],
    ["an empty lead runs the union", [], [7, 8], [7, 8], ["lead", "whole"]],
    // The union reads the lead's rows again in its own snapshot: none of the lead's are kept.
    [
      "a short lead's rows are dropped, never merged",
      [1, 2],
      [2, 4, 6],
      [2, 4, 6],
      ["lead", "whole"],
    ],
  ])("%s", async (_name, lead, whole, page, ran) => {
    const calls: string[] = [];
    const run = (name: string, rows: number[]) => async () => {
      calls.push(name);
      return rows;
    };
    expect(await leadFirst(run("lead", lead), run("whole", whole), LIMIT)).toStrictEqual(page);
    expect(calls).toStrictEqual(ran);
  });
});
