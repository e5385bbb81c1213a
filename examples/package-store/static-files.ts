/**
 * The files served beside the API, made once at start: the browse page, its script and style, the
 * client bundle, and the API's OpenAPI document.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { OpenApiDocument } from "pagewise/openapi";

/** A file to serve: its body and its headers. */
export interface StaticFile {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const POLICY =
  "default-src 'self'; connect-src 'self' http: https:; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Files by request path: `/`, `/browse.js`, `/browse.css`, `/client.js` (the client as one ES
 * module as `pagewise/browser` ships it, bundled here from the sources, as the example's API runs
 * from them, so a fresh clone serves it without a build) and `/openapi.json` (no key needed, and
 * readable from other origins, for tools that load it).
 */
export function loadStaticFiles(document: OpenApiDocument): ReadonlyMap<string, StaticFile> {
  const local = (name: string) =>
    readFileSync(new URL(`./public/${name}`, import.meta.url), "utf8");
  const client = clientBundle();
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
    ["/client.js", file(client, "text/javascript; charset=utf-8")],
    [
      "/openapi.json",
      {
        body: JSON.stringify(document),
        headers: {
          "Content-Type": "application/json",
          "Access-Control-Allow-Origin": "*",
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "no-cache",
        },
      },
    ],
  ]);
}

/** pagewise/client bundled for browsers with the settings of tsup.config.ts's `browser/client` entry. */
function clientBundle(): string {
  const entry = fileURLToPath(new URL("../../src/client/index.ts", import.meta.url));
  const { outputFiles } = buildSync({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
  });
  const [bundle] = outputFiles;
  if (bundle === undefined) throw new Error("esbuild produced no client bundle");
  return bundle.text;
}
