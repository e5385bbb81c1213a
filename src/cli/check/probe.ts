/**
 * The one sender of `check`'s requests: each goes with the command's headers, its answer is read
 * whole, and the exchange is kept, so every check shows what it sent and got, and the
 * problem-details check can read every refusal the run provoked.
 */
import { DEFAULT_MAX_PAGE_BYTES, DEFAULT_TIMEOUT_MS } from "../../client/walk-bounds.js";
import { CliError } from "../cli-error.js";
import { EXIT_STATUS } from "../exit-status.js";
import { RequestFailed } from "../request-failed.js";
import { cappedText } from "./capped-text.js";
import { type Exchange, NOTED_HEADERS, OPENING_CHARS } from "./exchange.js";

/** One request: its method and URL, and what it sends beside the command's headers. */
export interface ProbeRequest {
  readonly method?: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Sends requests and keeps their exchanges. */
export interface Probe {
  /**
   * Sends one request; rejects with {@link RequestFailed} when no answer came, and with a
   * {@link CliError} (`notChecked`) when an answer's body did not end in time.
   */
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
export const PROBE_LIMITS: ProbeLimits = {
  timeoutMs: DEFAULT_TIMEOUT_MS,
  maxBodyBytes: DEFAULT_MAX_PAGE_BYTES,
};

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
      const asked = `${method} ${request.url}`;
      let response: Response;
      try {
        response = await fetcher(request.url, {
          method,
          headers: { ...headers, ...sent },
          body: request.body ?? null,
          redirect: "manual",
          signal: AbortSignal.timeout(limits.timeoutMs),
        });
      } catch (error) {
        throw new RequestFailed(asked, timedOut(error, limits.timeoutMs));
      }
      const text = await bodyText(asked, response, limits);
      const exchange = answered(method, request.url, sent, response, text);
      log.push(exchange);
      return exchange;
    },
  };
}

/** The answer's body, read up to the limit; a body still streaming at the time limit ends the run. */
async function bodyText(
  asked: string,
  response: Response,
  limits: ProbeLimits,
): Promise<string | undefined> {
  try {
    return await cappedText(response, limits.maxBodyBytes);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== "TimeoutError") {
      throw new RequestFailed(asked, error);
    }
    throw new CliError(
      `${asked} answered ${response.status}, but the body did not end within ${limits.timeoutMs / 1000} s`,
      EXIT_STATUS.notChecked,
    );
  }
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
  const opening = text?.slice(0, OPENING_CHARS) ?? "";
  return { method, url, sent, status: response.status, headers, body, items, cut, opening };
}

function parsed(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
