/**
 * `past-end` notes the reading a server gave (empty, the last page, a 404) only when the answer
 * keeps it: a failed one shows its problems alone, never beside a note that says it was served
 * empty. And it goes past the last page the count makes, whatever `X-Pagination-PageTotal` says.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckContext } from "../../../src/cli/check/check-context.js";
import { pageFacts } from "../../../src/cli/check/page-facts.js";
import { pastEndCheck } from "../../../src/cli/check/past-end-check.js";
import { createProbe } from "../../../src/cli/check/probe.js";

/** 5 items in pages of 2: every page asked is answered with `items` items and its number. */
let items = 0;
let origin = "";
const server = createServer((request, response) => {
  const page = new URL(request.url ?? "/", "http://h").searchParams.get("page") ?? "1";
  response.writeHead(200, {
    "Content-Type": "application/json",
    "X-Pagination-Count": "5",
    "X-Pagination-Page": page,
    "X-Pagination-PageTotal": "3",
    "X-Pagination-PageSize": "2",
    Link: '</items/?page=1>; rel="first", </items/?page=3>; rel="prev", </items/?page=3>; rel="last"',
  });
  response.end(JSON.stringify(Array.from({ length: items }, (_, i) => ({ id: i }))));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The context `past-end` reads: a counted list's first answer's facts, the URL and the probe. */
async function contextFor(pageTotal: string): Promise<CheckContext> {
  const probe = createProbe({});
  const first = await probe.send({ url: `${origin}/items/` });
  const facts = { ...pageFacts(first), pageTotal: Number(pageTotal) };
  return { url: `${origin}/items/`, first, facts, kind: "counted", probe } as CheckContext;
}

describe("past-end", () => {
  it.each<[string, number, string, string[], string[]]>([
    ["served empty", 0, "3", [], ["page=4 of 3 is served empty"]],
    [
      "served with items: no note that it was empty",
      2,
      "3",
      ["2 items on a page past the last"],
      [],
    ],
    ["one item, in the singular", 1, "3", ["1 item on a page past the last"], []],
    [
      "past the count's last page, not a wrong total's",
      0,
      "9",
      [],
      ["page=4 of 3 is served empty"],
    ],
  ])("%s", async (_, served, pageTotal, problems, notes) => {
    items = served;
    const result = await pastEndCheck(await contextFor(pageTotal));
    expect([result.problems, result.notes]).toStrictEqual([problems, notes]);
  });
});
