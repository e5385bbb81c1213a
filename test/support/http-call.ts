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
  return {
    status: response.status,
    headers: Object.fromEntries(kept),
    body: text === "" ? null : type.includes("json") ? JSON.parse(text) : text,
  };
}
