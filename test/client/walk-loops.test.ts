/**
 * Loops whatever their URLs (issue 36: page 1 whose `next` was page 1 with another junk
 * parameter, `?x=N&page=1`, was walked for 60 s, each of its 5 items written 13,744 times): a
 * page of rows the walk has read, on a list that did not move, ends the walk with `link_loop`.
 */
import { describe, expect, it } from "vitest";
import { PaginationError, walkPages } from "../../src/client/index.js";

/** A server whose every page is the same rows, linking on to itself with a new junk parameter. */
function junkLoop(rows: readonly unknown[], pageHeader: boolean, link: string) {
  let asked = 0;
  const fetcher = (async () => {
    asked += 1;
    const headers = new Headers({ Link: `<${link.replace("N", String(asked))}>; rel="next"` });
    if (pageHeader) headers.set("X-Pagination-Page", "1");
    return new Response(JSON.stringify(rows), { headers });
  }) as typeof fetch;
  return { fetcher, asked: () => asked };
}

/** The walk's pages' items, and the error it ended with. */
async function walk(fetcher: typeof fetch) {
  const pages: unknown[][] = [];
  try {
    for await (const page of walkPages("http://api.test/items/", { fetch: fetcher })) {
      pages.push(page.items);
      if (pages.length > 50) throw new Error("the walk does not end");
    }
  } catch (error) {
    return { pages, error };
  }
  return { pages, error: undefined };
}

describe("a next link that leads round to rows the walk has, under a new URL", () => {
  const withIds = [1, 2, 3, 4, 5].map((id) => ({ id }));
  it.each<[string, readonly unknown[], boolean, string]>([
    ["rows with ids", withIds, false, "/items/?x=N&page=1"],
    ["rows with ids, and X-Pagination-Page", withIds, true, "/items/?x=N&page=1"],
    ["rows without ids, and X-Pagination-Page 1", [{ v: 1 }, { v: 2 }], true, "/items/?after=N"],
  ])("%s: the first page once, then link_loop", async (_name, rows, pageHeader, link) => {
    const { fetcher, asked } = junkLoop(rows, pageHeader, link);
    const next = `http://api.test${link.replace("N", "1")}`;
    const { pages, error } = await walk(fetcher);
    expect([
      pages,
      error instanceof PaginationError && error.code,
      (error as Error).message,
      asked(),
    ]).toStrictEqual([
      [rows],
      "link_loop",
      `The next link leads to ${next}, whose rows the walk has already read: the links lead round`,
      2,
    ]);
  });

  it.each<[string, readonly unknown[], string]>([
    ["rows without ids that repeat their JSON, on pages by number", [{ v: 1 }, { v: 2 }], "page"],
    ["rows without ids that repeat their JSON, on pages by cursor", [{ v: 1 }, { v: 2 }], "after"],
    ["rows whose ids repeat, on pages by number", [{ id: 1 }, { id: 2 }], "page"],
  ])("%s are not a loop: the walk goes on by its links", async (_name, rows, param) => {
    let asked = 0;
    const fetcher = (async (input: string | URL | Request) => {
      asked += 1;
      const page = Number(new URL(String(input)).searchParams.get(param) ?? 1);
      const link: Record<string, string> =
        page < 3 ? { Link: `</items/?${param}=${page + 1}>; rel="next"` } : {};
      return new Response(JSON.stringify(rows), { headers: link });
    }) as typeof fetch;
    const { pages, error } = await walk(fetcher);
    expect([pages, error, asked]).toStrictEqual([[rows, rows, rows], undefined, 3]);
  });

  it("rows with ids behind links that say no page number (offsets, cursors) are not taken for a loop: maxPages bounds the walk", async () => {
    const { fetcher, asked } = junkLoop(withIds, false, "/items/?after=N");
    const pages: unknown[][] = [];
    let error: unknown;
    try {
      for await (const page of walkPages("http://api.test/items/", {
        fetch: fetcher,
        maxPages: 3,
      })) {
        pages.push(page.items);
      }
    } catch (caught) {
      error = caught;
    }
    expect([pages.length, error instanceof PaginationError && error.code, asked()]).toStrictEqual([
      3,
      "max_pages",
      4,
    ]);
  });

  it("a page read before that ends the list (past the end served as the last page) ends the walk: no loop, no row twice", async () => {
    let asked = 0;
    const fetcher = (async () => {
      asked += 1;
      const headers = new Headers({ "X-Pagination-Page": "1" });
      if (asked === 1) headers.set("Link", '</items/?page=2>; rel="next"');
      return new Response(JSON.stringify(withIds), { headers });
    }) as typeof fetch;
    const { pages, error } = await walk(fetcher);
    expect([pages, error, asked]).toStrictEqual([[withIds], undefined, 2]);
  });
});
