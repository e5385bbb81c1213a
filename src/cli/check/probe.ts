/**
 * The one sender of `check`'s requests: each goes with the command's headers, its answer is read
 * whole, and the exchange is kept, so every check shows what it sent and got, and the
 * problem-details check can read every refusal the run provoked.
 */
import { RequestFailed } from "../retrying-fetch.js";
import { cappedText } from "./capped-text.js";
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

/** The bounds on each request, so a slow or hostile server cannot stall or flood a run. */
export interface ProbeLimits {
  /** How long a request may take, its body read whole, before it counts as unanswered. */
  readonly timeoutMs: number;
  /** The most body bytes read; a longer body is left unread (its exchange has no body). */
  readonly maxBodyBytes: number;
}

/**
 * `check`'s limits: 30 s a request, 8 MiB a body (a page of 500 items of 16 KB each).
 *
 * @example
 * ```ts
 * createProbe(headers, fetch, { ...PROBE_LIMITS, timeoutMs: 5_000 });
 * ```
 */
export const PROBE_LIMITS: ProbeLimits = { timeoutMs: 30_000, maxBodyBytes: 8 * 1024 * 1024 };

/**
 * A probe sending `headers` on every request.
 *
 * @param headers - the command's headers (`-H`, the API key)
 * @param fetcher - the fetch to send with
 * @param limits - the time and body size a request may take
 * @default `fetcher` is `globalThis.fetch`; `limits` is {@link PROBE_LIMITS}
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
  limits: ProbeLimits = PROBE_LIMITS,
): Probe {
  const log: Exchange[] = [];
  return {
    log,
    async send(request) {
      const method = request.method ?? "GET";
      const sent = request.headers ?? {};
      let response: Response;
      let text: string | undefined;
      try {
        response = await fetcher(request.url, {
          method,
          headers: { ...headers, ...sent },
          body: request.body ?? null,
          redirect: "manual",
          signal: AbortSignal.timeout(limits.timeoutMs),
        });
        text = await cappedText(response, limits.maxBodyBytes);
      } catch (error) {
        throw new RequestFailed(`${method} ${request.url}`, timedOut(error, limits.timeoutMs));
      }
      const exchange = answered(method, request.url, sent, response, text);
      log.push(exchange);
      return exchange;
    },
  };
}

/** A timeout's error as a reason a person reads; any other error as it is. */
function timedOut(error: unknown, timeoutMs: number): unknown {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "TimeoutError" ? new Error(`no answer within ${timeoutMs / 1000} s`) : error;
}

function answered(
  method: string,
  url: string,
  sent: Readonly<Record<string, string>>,
  response: Response,
  text: string | undefined,
): Exchange {
  const headers: Record<string, string> = {};
  for (const name of NOTED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const body = text === undefined ? undefined : parsed(text);
  const items = Array.isArray(body) ? body.length : undefined;
  const cut = text === undefined;
  return { method, url, sent, status: response.status, headers, body, items, cut };
}

function parsed(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
