/** What each server's start function returns, and the shared start-up of the example. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { PROBLEM_CONTENT_TYPE } from "pagewise";
import type { ResourceResponse } from "pagewise/adapter";
import { packageDocument, packageRoutes } from "./api.js";
import { type Config, readConfig } from "./config.js";
import { loadStaticFiles } from "./static-files.js";
import { openStore } from "./stores/open-store.js";
import { demoPackages, type PackageStore } from "./stores/package-store.js";

/**
 * The answer to an error that is nobody's request's fault (a bug, a database error not meant for
 * clients): a 500 problem that names nothing of the server's internals; the error is logged.
 */
export function internalError(error: unknown): ResourceResponse {
  console.error(error);
  return {
    status: 500,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE },
    body: JSON.stringify({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "The server could not answer; the error is logged.",
    }),
  };
}

/** A running example server. */
export interface Started {
  /** `http://HOST:PORT` with the real port. */
  readonly url: string;
  readonly store: PackageStore;
  readonly close: () => Promise<void>;
}

/** A server's start function: builds the app around the routes and listens. */
export type Start = (config: Config) => Promise<Started>;

/**
 * The store (seeded once with `config.seed` demo packages in demo/tools: a database shared by
 * several processes, or kept between starts, is seeded by the first) and the API's routes.
 */
export async function createPackageApi(config: Config) {
  const store = await openStore(config.store);
  try {
    if (config.seed > 0) await store.seed("demo", "tools", demoPackages(config.seed));
  } catch (error) {
    await store.close();
    throw error;
  }
  const routes = packageRoutes(store, config);
  return { store, routes, files: loadStaticFiles(packageDocument(routes, config.publicUrl)) };
}

/** Listens on the configured host and port; gives the real URL and a close function (server, then store). */
export async function listenOn(
  server: Server,
  config: Config,
  store: PackageStore,
): Promise<Started> {
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  return { url: baseUrl(config.host, port), store, close: closingStore(close, store) };
}

/** A close function that closes the store after the server. */
export function closingStore(close: () => Promise<void>, store: PackageStore) {
  return async () => {
    try {
      await close();
    } finally {
      await store.close();
    }
  };
}

/** `http://host:port`, with IPv6 hosts in brackets. */
export function baseUrl(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * Runs `start` when `moduleUrl` is the script node was started with: reads the environment,
 * prints the listening line and a curl example, and closes gracefully on SIGINT and SIGTERM.
 */
export async function runIfMain(moduleUrl: string, name: string, start: Start): Promise<void> {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  let server: Started;
  try {
    server = await start(config);
  } catch (error) {
    console.error(`Cannot start on the ${config.store?.kind ?? "memory"} store: ${reason(error)}`);
    process.exit(1);
  }
  if (config.apiKeyIsDefault)
    console.warn('Warning: API_KEY is not set; using the default key "dev-key".');
  console.log(`Listening on ${server.url}`);
  console.log(
    `${name} on the ${server.store.kind} store, ${config.seed} demo packages in demo/tools. Try:`,
  );
  console.log(
    `  curl -i -H "X-Api-Key: ${config.apiKey}" "${server.url}/package/demo/tools/packages/?page=2&page_size=1"`,
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** One line for a start that failed: the error's message, never a stack or a connection string. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/postgres(ql)?:\/\/\S+/g, "postgres://…");
}
