/**
 * A walk sends the caller's headers to its start URL's origin and the origins it trusts, no
 * further: next links (templates too), redirects, concurrent pages, edge requests and pages read
 * again, against two servers on two ports of 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaginationError, type WalkOptions, walkItems } from "../../src/client/index.js";

const KEY = "origin-key";
const AUTHORIZATION = "Bearer origin-secret";

/** What a server was sent: the path and query, and the caller's two headers. */
interface Received {
  readonly target: string;
  readonly apiKey: string | undefined;
  readonly authorization: string | undefined;
}

const received = (req: IncomingMessage): Received => ({
  target: req.url ?? "",
  apiKey: req.headers["x-api-key"] as string | undefined,
  authorization: req.headers.authorization,
});

const send = (res: ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(200, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

const redirect = (res: ServerResponse, status: number, location: string) => {
  res.writeHead(status, { Location: location });
  res.end();
};

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** Pages of two numbers (page p holds 2p − 1 and 2p), three in all unless said otherwise. */
const rows = (page: number) => [page * 2 - 1, page * 2];

/**
 * `elsewhere`, which records every request and answers the rows 3 and 4; and `home`, whose
 * routes lead there (or stay home), each by another way. `hits` counts home's requests by target.
 */
function twoOrigins() {
  const elsewhereGot: Received[] = [];
  const homeGot: Received[] = [];
  const hits = new Map<string, number>();
  let elsewhere = "";
  const away = createServer((req, res) => {
    elsewhereGot.push(received(req));
    send(res, [3, 4]);
  });
  const home = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = Number(url.searchParams.get("page") ?? 1);
    const hit = (hits.get(req.url ?? "") ?? 0) + 1;
    hits.set(req.url ?? "", hit);
    const next = (link: string) => ({ Link: `<${link}>; rel="next"` });
    const numbered = (more: Record<string, string> = {}) => ({
      ...(page < 3 ? next(`${url.pathname}?page=${page + 1}`) : {}),
      "X-Pagination-Page": String(page),
      ...more,
    });
    switch (url.pathname) {
      case "/links-away/":
        return send(res, rows(1), next(`${elsewhere}/items/?page=2`));
      case "/template-away/": // a protocol-relative RFC 6570 template
        return send(
          res,
          rows(1),
          next(`${elsewhere.replace("http:", "")}/items/?page=2{&page_size}`),
        );
      case "/redirect-away/":
        if (page === 2) return redirect(res, 302, `${elsewhere}/items/?page=2`);
        return send(res, rows(1), next("/redirect-away/?page=2"));
      case "/redirect-home/":
        if (page === 2) return redirect(res, 307, "/moved/?page=2");
        return send(res, rows(1), next("/redirect-home/?page=2"));
      case "/moved/":
        homeGot.push(received(req));
        return send(res, rows(2));
      case "/redirect-loop/":
        return redirect(res, 302, `/redirect-loop/?n=${Number(url.searchParams.get("n")) + 1}`);
      case "/counted/": // a concurrent walk's page 3 leads elsewhere
        if (page === 3) return redirect(res, 302, `${elsewhere}/items/?page=3`);
        return send(
          res,
          rows(page),
          numbered({ "X-Pagination-PageTotal": "3", "X-Pagination-Count": "6" }),
        );
      case "/edge/": // countless, numbered: its edge requests (page_size=1) lead elsewhere
        if (url.searchParams.get("page_size") === "1")
          return redirect(res, 302, `${elsewhere}/items/?row=${page}`);
        return send(res, rows(page), numbered({ "X-Pagination-PageSize": "2" }));
      case "/reread/": // page 2's count shows a change; page 1, read again, leads elsewhere
        if (page === 1 && hit > 1) return redirect(res, 302, `${elsewhere}/items/?page=1`);
        return send(res, rows(page), numbered({ "X-Pagination-Count": page === 1 ? "6" : "5" }));
      default:
        res.writeHead(404).end();
    }
  });
  return {
    elsewhereGot,
    homeGot,
    hits,
    async start() {
      elsewhere = await listen(away);
      return { home: await listen(home), elsewhere };
    },
    close: () => Promise.all([close(home), close(away)]),
  };
}

/** The items a walk yielded, and the error that ended it, if one did. */
async function walkUntilError(start: string, options: WalkOptions = {}) {
  const items: unknown[] = [];
  try {
    for await (const item of walkItems(start, {
      apiKey: KEY,
      headers: { Authorization: AUTHORIZATION },
      ...options,
    })) {
      items.push(item);
    }
    return { items, error: undefined };
  } catch (error) {
    return { items, error };
  }
}

/** A PaginationError as plain values, for one exact comparison. */
const described = (error: unknown) =>
  error instanceof PaginationError
    ? { code: error.code, url: error.url, message: error.message }
    : error;

describe("a walk and the origins it sends requests to", () => {
  const servers = twoOrigins();
  let home = "";
  let elsewhere = "";
  beforeAll(async () => {
    ({ home, elsewhere } = await servers.start());
  });
  afterAll(() => servers.close());

  const refused = (url: string, from?: string) => ({
    code: "untrusted_origin",
    url,
    message: `Refused ${url}${from === undefined ? "" : ` (a redirect from ${from})`}: its origin ${elsewhere} is neither the walk's, ${home}, nor in trustedOrigins; name it there to follow it`,
  });

  /** A case: what leads away, the start, the options, the rows yielded before, what is refused. */
  it.each<[string, string, WalkOptions, number[], () => { url: string; from?: string }]>([
    ["a next link", "/links-away/", {}, [1, 2], () => ({ url: `${elsewhere}/items/?page=2` })],
    [
      "a next link from an RFC 6570 template",
      "/template-away/?page_size=2",
      {},
      [1, 2],
      () => ({ url: `${elsewhere}/items/?page=2&page_size=2` }),
    ],
    [
      "a redirect",
      "/redirect-away/",
      {},
      [1, 2],
      () => ({ url: `${elsewhere}/items/?page=2`, from: `${home}/redirect-away/?page=2` }),
    ],
    [
      "a redirect of a page fetched concurrently",
      "/counted/",
      { concurrency: 3 },
      [1, 2, 3, 4],
      () => ({ url: `${elsewhere}/items/?page=3`, from: `${home}/counted/?page=3` }),
    ],
    [
      "a redirect of an edge request (the row before page 2)",
      "/edge/?page_size=2",
      {},
      [1, 2],
      () => ({ url: `${elsewhere}/items/?row=2`, from: `${home}/edge/?page=2&page_size=1` }),
    ],
    [
      "a redirect of a page read again (the count changed)",
      "/reread/?page=1",
      {},
      [1, 2],
      () => ({ url: `${elsewhere}/items/?page=1`, from: `${home}/reread/?page=1` }),
    ],
  ])(
    "%s to another origin ends the walk, the rows before kept, and sends nothing there",
    async (_name, path, options, before, where) => {
      servers.elsewhereGot.length = 0;
      const { url, from } = where();
      const { items, error } = await walkUntilError(`${home}${path}`, options);
      expect([items, described(error), servers.elsewhereGot]).toStrictEqual([
        before,
        refused(url, from),
        [],
      ]);
    },
  );

  it.each<[string, string]>([
    ["a next link", "/links-away/"],
    ["a redirect", "/redirect-away/"],
  ])("%s to a trusted origin is followed, with the caller's headers", async (_name, path) => {
    servers.elsewhereGot.length = 0;
    const { items, error } = await walkUntilError(`${home}${path}`, {
      trustedOrigins: [elsewhere],
    });
    expect([items, error, servers.elsewhereGot]).toStrictEqual([
      [1, 2, 3, 4],
      undefined,
      [{ target: "/items/?page=2", apiKey: KEY, authorization: AUTHORIZATION }],
    ]);
  });

  it("follows a redirect on its own origin, with the caller's headers", async () => {
    servers.homeGot.length = 0;
    const { items, error } = await walkUntilError(`${home}/redirect-home/`);
    expect([items, error, servers.homeGot]).toStrictEqual([
      [1, 2, 3, 4],
      undefined,
      [{ target: "/moved/?page=2", apiKey: KEY, authorization: AUTHORIZATION }],
    ]);
  });

  it("stops after 20 redirects of one request", async () => {
    const { items, error } = await walkUntilError(`${home}/redirect-loop/`);
    expect([
      items,
      described(error),
      [...servers.hits.keys()].filter((target) => target.startsWith("/redirect-loop/")).length,
    ]).toStrictEqual([
      [],
      {
        code: "too_many_redirects",
        url: `${home}/redirect-loop/`,
        message: `GET ${home}/redirect-loop/ was redirected more than 20 times`,
      },
      21,
    ]);
  });

  it("refuses the answer of a caller's fetch that followed a redirect elsewhere itself", async () => {
    const following = ((url: string, init: RequestInit) =>
      fetch(url, { ...init, redirect: "follow" })) as typeof fetch;
    const { items, error } = await walkUntilError(`${home}/redirect-away/`, { fetch: following });
    expect([items, described(error)]).toStrictEqual([
      [1, 2],
      refused(`${elsewhere}/items/?page=2`, `${home}/redirect-away/?page=2`),
    ]);
  });
});

describe("a walk begun over https", () => {
  /** A fetch that serves page 1 of https://api.test with a next link to `next`; URLs asked, recorded. */
  const linkingTo = (next: string) => {
    const asked: string[] = [];
    const fetcher = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response("[1]", { headers: { Link: `<${next}>; rel="next"` } });
    }) as typeof fetch;
    return { asked, fetcher };
  };

  it("goes to no http URL, even on an origin it trusts", async () => {
    const { asked, fetcher } = linkingTo("http://api.test/items/?page=2");
    const { items, error } = await walkUntilError("https://api.test/items/", {
      fetch: fetcher,
      trustedOrigins: ["http://api.test"],
    });
    expect([items, described(error), asked]).toStrictEqual([
      [1],
      {
        code: "untrusted_origin",
        url: "http://api.test/items/?page=2",
        message:
          "Refused http://api.test/items/?page=2: the walk began over https, on https://api.test, and goes to no http origin such as http://api.test (trustedOrigins cannot allow that)",
      },
      ["https://api.test/items/"],
    ]);
  });

  it("takes its own origin written otherwise (case, default port) for its own", async () => {
    const { asked, fetcher } = linkingTo("https://API.test:443/items/?page=2");
    const walk = walkItems("https://api.test/items/", { fetch: fetcher });
    const items: unknown[] = [];
    for await (const item of walk) {
      items.push(item);
      if (items.length === 2) break; // the same page again: enough
    }
    expect(asked).toStrictEqual(["https://api.test/items/", "https://api.test/items/?page=2"]);
  });
});

describe("a redirect whose target fetch hides (a browser's opaqueredirect)", () => {
  it("ends the walk: it cannot be checked", async () => {
    const opaque = (async () =>
      Object.defineProperty(new Response(null), "type", {
        value: "opaqueredirect",
      })) as typeof fetch;
    const { items, error } = await walkUntilError("https://api.test/items/", { fetch: opaque });
    expect([items, described(error)]).toStrictEqual([
      [],
      {
        code: "hidden_redirect",
        url: "https://api.test/items/",
        message:
          "GET https://api.test/items/ answered a redirect whose target this fetch hides (a browser's does): the walk cannot check where it leads, so it does not follow it; start from, or link to, the URL it leads to",
      },
    ]);
  });
});
