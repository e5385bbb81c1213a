/**
 * A proxy on 127.0.0.1 in front of a test server that slows, drops or fails the requests a test
 * chooses: to walk a list as a real network serves it (a connection dropped mid-page, a 500).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy does with one request. */
export type Fault =
  | { readonly kind: "pass"; readonly delayMs?: number }
  | { readonly kind: "drop-mid-body" }
  | { readonly kind: "status"; readonly status: number; readonly retryAfter?: string };

/** A running proxy: its origin, the request targets it saw in order, and its close. */
export interface FaultyProxy {
  readonly url: string;
  readonly targets: string[];
  close(): Promise<void>;
}

/**
 * Starts a proxy to `origin`, asking `fault` what to do with each request (its target, e.g.
 * `/items/?page=2`).
 */
export async function startFaultyProxy(
  origin: string,
  fault: (target: string) => Fault | Promise<Fault> = () => ({ kind: "pass" }),
): Promise<FaultyProxy> {
  const targets: string[] = [];
  const server = createServer((request, response) => {
    const target = request.url ?? "/";
    targets.push(target);
    Promise.resolve(fault(target))
      .then((chosen) => answer(origin, request, response, chosen))
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function answer(
  origin: string,
  request: IncomingMessage,
  response: ServerResponse,
  fault: Fault,
): Promise<void> {
  if (fault.kind === "status") {
    const body = JSON.stringify({
      type: "about:blank",
      title: "Internal Server Error",
      status: fault.status,
    });
    const retryAfter = fault.retryAfter === undefined ? {} : { "retry-after": fault.retryAfter };
    response
      .writeHead(fault.status, { "content-type": "application/problem+json", ...retryAfter })
      .end(body);
    return;
  }
  if (fault.kind === "pass" && fault.delayMs) {
    await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  }
  const upstream = await fetch(origin + request.url, { headers: forwarded(request) });
  const body = Buffer.from(await upstream.arrayBuffer());
  const headers = Object.fromEntries(
    [...upstream.headers].filter(
      ([name]) =>
        !["content-length", "transfer-encoding", "connection", "keep-alive"].includes(name),
    ),
  );
  if (fault.kind === "drop-mid-body") {
    response.writeHead(upstream.status, { ...headers, "content-length": String(body.length) });
    response.write(body.subarray(0, body.length >> 1), () => response.destroy());
    return;
  }
  response.writeHead(upstream.status, headers).end(body);
}

function forwarded(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string" && name !== "host" && name !== "connection")
      headers[name] = value;
  }
  return headers;
}
