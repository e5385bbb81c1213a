/** The browse page's files, read once at start: the page, its script and style, and the client bundle. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** A file to serve: its body and its headers. */
export interface StaticFile {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const POLICY =
  "default-src 'self'; connect-src 'self' http: https:; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Files by request path: `/`, `/browse.js`, `/browse.css` and `/client.js` (pagewise/browser). */
export function loadStaticFiles(): ReadonlyMap<string, StaticFile> {
  const local = (name: string) =>
    readFileSync(new URL(`./public/${name}`, import.meta.url), "utf8");
  const client = readFileSync(createRequire(import.meta.url).resolve("pagewise/browser"), "utf8");
  const file = (body: string, type: string): StaticFile => ({
    body,
    headers: {
      "Content-Type": type,
      "Content-Security-Policy": POLICY,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-cache",
    },
  });
  return new Map([
    ["/", file(local("index.html"), "text/html; charset=utf-8")],
    ["/browse.js", file(local("browse.js"), "text/javascript; charset=utf-8")],
    ["/browse.css", file(local("browse.css"), "text/css; charset=utf-8")],
    [
      "/client.js",
      file(client.replace(/\n\/\/# sourceMappingURL=.*$/, ""), "text/javascript; charset=utf-8"),
    ],
  ]);
}
