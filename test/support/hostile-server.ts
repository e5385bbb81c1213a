/**
 * A server on 127.0.0.1 that answers each request as a test chooses, the hostile ways included:
 * it never answers, stops mid-body, sends a body that never ends, asks to wait an hour, or sends a
 * `Link` header of a megabyte. Pages in between are plain JSON arrays with a `next` link.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the server answers one request. */
export type Answer =
  /** A page of `items`, linking to `next` (a path) when given. */
  | { readonly kind: "page"; readonly items: readonly unknown[]; readonly next?: string }
  /** Takes the request and answers nothing, ever. */
  | { readonly kind: "silent" }
  /** A 200 and the start of a JSON array, then nothing. */
  | { readonly kind: "stall-mid-body" }
  /** A 200 JSON array that never ends, written as fast as the client reads it. */
  | { readonly kind: "endless-body" }
  /** A 429 or 503 problem with this `Retry-After`. */
  | { readonly kind: "retry-after"; readonly status: 429 | 503; readonly retryAfter: string }
  /** A page of one item whose `Link` header is `bytes` long. */
  | { readonly kind: "huge-link"; readonly bytes: number };

/** A running server: its origin, what it was asked, and its close. */
export interface HostileServer {
  readonly url: string;
  /** Each request's target (`/items/?page=2`) and when it came (`Date.now()`), in order. */
  readonly requests: { readonly target: string; readonly at: number }[];
  /** Resolves once a connection whose answer had not ended was closed by the client. */
  readonly dropped: Promise<void>;
  close(): Promise<void>;
}

/** A chunk of the endless body: 1,820 items `{"id":0},`, about 16 KB. */
const ENDLESS_CHUNK = Buffer.from(`${'{"id":0},'.repeat(1820)}`);

/**
 * Starts a server answering each request as `answer` says for its target.
 *
 * @param answer - the answer to a target (`/items/?page=2`)
 */
export async function startHostileServer(
  answer: (target: string) => Answer,
): Promise<HostileServer> {
  const requests: { target: string; at: number }[] = [];
  let drop = () => {};
  const dropped = new Promise<void>((resolve) => {
    drop = resolve;
  });
  const server = createServer((request, response) => {
    const target = request.url ?? "/";
    requests.push({ target, at: Date.now() });
    response.on("close", () => {
      if (!response.writableFinished) drop();
    });
    respond(response, answer(target));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    dropped,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const JSON_TYPE = { "content-type": "application/json" };

function respond(response: ServerResponse, answer: Answer): void {
  switch (answer.kind) {
    case "page": {
      const link = answer.next === undefined ? {} : { link: `<${answer.next}>; rel="next"` };
      const body = JSON.stringify(answer.items);
      const length = { "content-length": String(Buffer.byteLength(body)) };
      response.writeHead(200, { ...JSON_TYPE, ...link, ...length }).end(body);
      return;
    }
    case "silent":
      return;
    case "stall-mid-body":
      response.writeHead(200, JSON_TYPE).write('[{"id":1},');
      return;
    case "endless-body":
      response.writeHead(200, JSON_TYPE).write("[");
      pump(response);
      return;
    case "retry-after": {
      const problem = { type: "about:blank", title: "Too Many Requests", status: answer.status };
      response
        .writeHead(answer.status, {
          "content-type": "application/problem+json",
          "retry-after": answer.retryAfter,
        })
        .end(JSON.stringify(problem));
      return;
    }
    case "huge-link": {
      const link = `</items/?page=2&pad=${"x".repeat(answer.bytes)}>; rel="next"`;
      response.writeHead(200, { ...JSON_TYPE, link }).end('[{"id":1}]');
    }
  }
}

/** Writes the endless body as the client reads it, until the connection closes. */
function pump(response: ServerResponse): void {
  while (!response.destroyed && response.write(ENDLESS_CHUNK));
  if (!response.destroyed) response.once("drain", () => pump(response));
}
