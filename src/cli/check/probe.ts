/**
 * The one sender of `check`'s requests: each goes with the command's headers, its answer is read
 * whole, and the exchange is kept, so every check shows what it sent and got, and the
 * problem-details check can read every refusal the run provoked.
 */
import { RequestFailed } from "../retrying-fetch.js";
import { type Exchange, NOTED_HEADERS } from "./exchange.js";

/** One request: its method and URL, and what it sends beside the command's headers. */
export interface ProbeRequest {
  readonly method?: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Sends requests and keeps their exchanges. */
export interface Probe {
  /** Sends one request; rejects with {@link RequestFailed} when no answer came. */
  send(request: ProbeRequest): Promise<Exchange>;
  /** Every exchange so far, in order. */
  readonly log: readonly Exchange[];
}

/** How long one request may take before it counts as unanswered. */
const TIMEOUT_MS = 30_000;

/**
 * A probe sending `headers` on every request.
 *
 * @param headers - the command's headers (`-H`, the API key)
 * @param fetcher - the fetch to send with
 * @default `fetcher` is `globalThis.fetch`
 * @returns the probe
 * @example
 * ```ts
 * const probe = createProbe({ "X-Api-Key": key });
 * const first = await probe.send({ url: "http://127.0.0.1:3000/items/" });
 * ```
 */
export function createProbe(
  headers: Readonly<Record<string, string>>,
  fetcher: typeof fetch = fetch,
): Probe {
  const log: Exchange[] = [];
  return {
    log,
    async send(request) {
      const method = request.method ?? "GET";
      const sent = request.headers ?? {};
      let response: Response;
      let text: string;
      try {
        response = await fetcher(request.url, {
          method,
          headers: { ...headers, ...sent },
          body: request.body ?? null,
          redirect: "manual",
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        text = await response.text();
      } catch (error) {
        throw new RequestFailed(`${method} ${request.url}`, error);
      }
      const exchange = answered(method, request.url, sent, response, text);
      log.push(exchange);
      return exchange;
    },
  };
}

function answered(
  method: string,
  url: string,
  sent: Readonly<Record<string, string>>,
  response: Response,
  text: string,
): Exchange {
  const headers: Record<string, string> = {};
  for (const name of NOTED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const body = parsed(text);
  const items = Array.isArray(body) ? body.length : undefined;
  return { method, url, sent, status: response.status, headers, body, items };
}

function parsed(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
