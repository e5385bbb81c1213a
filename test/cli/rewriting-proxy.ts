/**
 * A proxy on 127.0.0.1 in front of a test server that rewrites its answers: one transform makes a
 * server that breaks one rule (a wrong page total, links without their filters, …). It records
 * the method of every request it saw.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** An answer as the proxy passes it on: status, headers (lower-case names) and body text. */
export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Rewrites one answer to a request (`target` is its path and query). */
export type Transform = (
  request: { method: string; target: string },
  answer: ProxiedAnswer,
) => ProxiedAnswer;

/** A running proxy: its origin, the methods it saw in order, and its close. */
export interface RewritingProxy {
  readonly url: string;
  readonly methods: string[];
  close(): Promise<void>;
}

/** Starts a proxy to `origin` that passes every answer through `transform`. */
export async function startRewritingProxy(
  origin: string,
  transform: Transform,
): Promise<RewritingProxy> {
  const methods: string[] = [];
  const server = createServer((request, response) => {
    const method = request.method ?? "GET";
    methods.push(method);
    forward(origin, request)
      .then((answer) => {
        const out = transform({ method, target: request.url ?? "/" }, answer);
        response.writeHead(out.status, out.headers).end(method === "HEAD" ? undefined : out.body);
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function forward(origin: string, request: IncomingMessage): Promise<ProxiedAnswer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
      headers[name] = value;
  }
  const method = request.method ?? "GET";
  const upstream = await fetch(origin + request.url, {
    method,
    headers,
    body: ["GET", "HEAD"].includes(method) ? null : Buffer.concat(chunks),
  });
  const answerHeaders: Record<string, string> = {};
  for (const [name, value] of upstream.headers) {
    if (!["content-length", "transfer-encoding", "connection", "keep-alive", "date"].includes(name))
      answerHeaders[name] = value;
  }
  return { status: upstream.status, headers: answerHeaders, body: await upstream.text() };
}
