/**
 * The README's quick start: a plain node:http server whose one list endpoint follows the spec's
 * pagination rules with pagewise's core. Run it with `npx tsx examples/quick-start/server.ts`.
 */
import { createServer, type Server } from "node:http";
import { PagewiseError, PROBLEM_CONTENT_TYPE } from "pagewise";
import { paginate, paginationHeaders, parsePageParams } from "pagewise/page";

/** A list endpoint at `/items/` serving `items` page by page. */
export function createItemsServer(items: readonly unknown[]): Server {
  return createServer((req, res) => {
    const url = (req.url ?? "/").split("#")[0] ?? "/"; // Node passes a fragment through
    if (!url.startsWith("/items/") && url !== "/items") {
      res.writeHead(404, { "Content-Type": PROBLEM_CONTENT_TYPE });
      res.end(JSON.stringify({ type: "about:blank", title: "Not Found", status: 404 }));
      return;
    }
    try {
      const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
      const page = paginate({ count: items.length, ...parsePageParams(query) });
      const body = JSON.stringify(items.slice(page.offset, page.offset + page.limit));
      res.writeHead(200, {
        "Content-Type": "application/json",
        ...paginationHeaders(page, { url }),
      });
      res.end(body);
    } catch (error) {
      if (!(error instanceof PagewiseError)) throw error;
      res.writeHead(error.status, { "Content-Type": PROBLEM_CONTENT_TYPE });
      res.end(JSON.stringify(error.problem));
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const items = Array.from({ length: 3 }, (_, i) => ({ id: i + 1 }));
  const port = Number(process.env.PORT ?? 3000);
  createItemsServer(items).listen(port, "127.0.0.1", () => {
    console.log(`Listening on http://127.0.0.1:${port}`);
    console.log(`Try: curl -i "http://127.0.0.1:${port}/items/?page=2&page_size=1"`);
  });
}
