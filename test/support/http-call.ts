/** One HTTP exchange as plain values, for suites that assert status, every header and the body. */

export interface Call {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface Answer {
  readonly status: number;
  /** Every response header but the transport ones (date, connection, lengths, encodings). */
  readonly headers: Record<string, string>;
  /** Parsed JSON, text, or `null` for no body. */
  readonly body: unknown;
}

/** Response headers of the transport, not of the answer: left out of an {@link Answer}. */
export const TRANSPORT: ReadonlySet<string> = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);

/** One exchange of {@link call}: where it went, what was sent, what came back. */
export interface Exchange {
  readonly origin: string;
  readonly request: Call;
  readonly answer: Answer;
}

const observers = new Set<(exchange: Exchange) => void>();

/**
 * Records every exchange {@link call} makes from now on (in this test file's worker).
 *
 * @returns the exchanges, filled in as calls complete
 */
export function recordExchanges(): Exchange[] {
  const exchanges: Exchange[] = [];
  observers.add((exchange) => exchanges.push(exchange));
  return exchanges;
}

/** Sends `request` to `origin` with fetch and reads the whole answer. */
export async function call(
  origin: string,
  { method = "GET", path, headers = {}, body }: Call,
): Promise<Answer> {
  const response = await fetch(origin + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const kept = [...response.headers].filter(([name]) => !TRANSPORT.has(name));
  const type = response.headers.get("content-type") ?? "";
  const answer: Answer = {
    status: response.status,
    headers: Object.fromEntries(kept),
    body: text === "" ? null : type.includes("json") ? JSON.parse(text) : text,
  };
  for (const observe of observers) observe({ origin, request: { method, path, headers }, answer });
  return answer;
}
